import MovieKitCore
import Testing

@Suite("MovieSettings validation")
struct MovieSettingsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var width = 1280
        var height = 720
        var fps: FrameRate = 30
        var crf = 23
        var presetName = "medium"
        var keyframeInterval = 2.0
        var bitRate: Int?
        var message: String
        var testDescription: String { message }
    }

    static let invalid: [Case] = [
        Case(height: 1080, message: "Height 1080 is not a multiple of 16; use 1072 or 1088."),
        Case(width: 1000, message: "Width 1000 is not a multiple of 16; use 992 or 1008."),
        Case(width: 8, message: "Width 8 is not a multiple of 16; use 16."),
        Case(width: 0, message: "Width 0 is not positive; use a positive multiple of 16 such as 16."),
        Case(height: -32, message: "Height -32 is not positive; use a positive multiple of 16 such as 16."),
        Case(
            fps: 0, message: "Frame rate 0 is not supported: both terms must be positive, for example 30 or 30000/1001."
        ),
        Case(
            fps: -25,
            message: "Frame rate -25 is not supported: both terms must be positive, for example 30 or 30000/1001."),
        Case(
            fps: FrameRate(30, 0),
            message: "Frame rate 30/0 is not supported: both terms must be positive, for example 30 or 30000/1001."),
        Case(
            fps: FrameRate(1_000_003, 1_000_001),
            message:
                "Frame rate 1000003/1000001 is not supported: its terms in lowest form must not exceed 1000000; use a simpler rational such as 30000/1001."
        ),
        Case(fps: 1000, message: "Frame rate 1000 is not supported: it is faster than 240 frames per second."),
        // Without a codec, the destination's extension decides it later; only values no codec takes are refused now.
        Case(crf: 64, message: "CRF 64 is outside every codec's range 0…63; use 0 (best) to 63 (smallest)."),
        Case(crf: -1, message: "CRF -1 is outside every codec's range 0…63; use 0 (best) to 63 (smallest)."),
        Case(
            presetName: "fastest",
            message:
                "Preset \"fastest\" is not an x264 preset; use one of ultrafast, superfast, veryfast, faster, fast, medium, slow, slower, veryslow, placebo."
        ),
        Case(
            keyframeInterval: 0,
            message: "Keyframe interval 0.0 s is not positive; use a positive number of seconds such as 2."),
        Case(
            bitRate: 0,
            message:
                "Bit rate 0 is not positive; use bits per second such as 5000000, or leave it unset to use constant quality (CRF)."
        )
    ]

    @Test("invalid settings throw a full-sentence error", arguments: invalid)
    func rejects(_ c: Case) {
        #expect {
            _ = try MovieSettings(
                width: c.width, height: c.height, fps: c.fps, crf: c.crf, presetName: c.presetName,
                keyframeInterval: c.keyframeInterval, bitRate: c.bitRate)
        } throws: { error in
            (error as? MovieKitError)?.description == c.message
        }
    }

    /// H.264, HEVC and AV1 take multiples of 16, as does a codec left to the destination (`.mp4` gives
    /// H.264); VP9, ProRes, GIF, PNG and WebP take any positive size, odd ones included.
    @Test func theSizeRuleIsTheCodecs() throws {
        for codec in [VideoCodec.vp9, .prores(.p4444), .prores(.hq), .gif, .png, .webp] {
            #expect(codec.sizeMultiple == 1)
            let settings = try MovieSettings(width: 101, height: 51, fps: 30, codec: codec)
            #expect(settings.width == 101 && settings.height == 51)
            #expect(throws: MovieKitError.dimensionNotPositive(name: "Width", value: 0, codec: codec.description)) {
                try MovieSettings(width: 0, height: 50, fps: 30, codec: codec)
            }
        }
        #expect(
            MovieKitError.dimensionNotPositive(name: "Height", value: -2, codec: "GIF").description
                == "Height -2 is not positive; GIF takes any size of at least 1 pixel a side.")
        for codec in [VideoCodec.h264, .hevc, .av1, nil] {
            #expect(codec?.sizeMultiple ?? 16 == 16)
            #expect(throws: MovieKitError.invalidDimension(name: "Width", value: 100, nearest: [96, 112])) {
                try MovieSettings(width: 100, height: 64, fps: 30, codec: codec)
            }
        }
    }

    /// A source's size is kept for the codecs that take multiples of 16 (1080 rows, a phone's 1080
    /// columns), an odd side rounded up to even; the other settings carry over; a side of 0 or over
    /// 16384 is still refused, and AV1's smallest size still holds.
    @Test func aSourceSizeIsKeptAtItsEdges() throws {
        var base = try MovieSettings(width: 64, height: 64, fps: 25, codec: .h264, crf: 18, preset: .fast)
        base.webp = WebPOptions()
        let hd = try base.keepingSourceSize(width: 1920, height: 1080)
        #expect(hd.width == 1920 && hd.height == 1080 && hd.crf == 18 && hd.preset == .fast && hd.codec == .h264)
        let phone = try base.keepingSourceSize(width: 1080, height: 1920)
        #expect(phone.width == 1080 && phone.height == 1920)
        let odd = try base.keepingSourceSize(width: 1919, height: 1)
        #expect(odd.width == 1920 && odd.height == 2)
        #expect(throws: MovieKitError.self) { try base.keepingSourceSize(width: 0, height: 1080) }
        #expect(throws: MovieKitError.self) { try base.keepingSourceSize(width: 16386, height: 1080) }
        // 16383 rounds up to the largest side, 16384.
        #expect(try base.keepingSourceSize(width: 16383, height: 1080).width == 16384)
        let av1 = try MovieSettings(width: 64, height: 64, fps: 25, codec: .av1)
        #expect(throws: MovieKitError.self) { try av1.keepingSourceSize(width: 62, height: 100) }
        // A codec that takes any size keeps an odd side as it is.
        let vp9 = try MovieSettings(width: 64, height: 64, fps: 25, codec: .vp9)
        #expect(try vp9.keepingSourceSize(width: 101, height: 51).width == 101)
    }

    @Test func validSettingsKeepTheirValuesAndDefaults() throws {
        let settings = try MovieSettings(width: 1920, height: 1088, fps: FrameRate(60000, 2002))
        #expect(settings.width == 1920)
        #expect(settings.height == 1088)
        #expect(settings.fps == FrameRate(30000, 1001))  // reduced to lowest terms
        #expect(settings.crf == nil, "nil: the codec's own default (23 for H.264)")
        #expect(settings.codec == nil && !settings.alpha && settings.chroma == .yuv420 && settings.bitDepth == nil)
        #expect(settings.preset == .medium)
        #expect(settings.keyframeInterval == 2)
        #expect(settings.bitRate == nil)
    }

    @Test func presetsAreLookedUpByName() throws {
        #expect(try Preset(named: "VeryFast") == .veryfast)
        #expect(Preset.allCases.count == 10)
    }

    @Test func frameRateTiming() {
        let ntsc = FrameRate(30000, 1001)
        #expect(ntsc.time(ofFrame: 0) == 0)
        #expect(abs(ntsc.time(ofFrame: 30000) - 1001) < 1e-9)
        #expect(ntsc.description == "30000/1001")
        let thirty: FrameRate = 30
        #expect(thirty.duration(ofFrames: 90) == 3)
        #expect(thirty.frameCount(forSeconds: 2.5) == 75)
    }

    /// `frame(at:)` gives the frame on screen: each frame's own time maps back to it at every rate,
    /// times between frames to the earlier one, and floating-point times just short of a frame to it.
    @Test(arguments: [FrameRate(30), FrameRate(30000, 1001), FrameRate(25), FrameRate(24000, 1001), FrameRate(60)])
    func frameAtIsTheFrameOnScreen(rate: FrameRate) {
        for index in [0, 1, 2, 3, 29, 30, 299, 1799, 100_000] {
            let start = rate.time(ofFrame: index)
            #expect(rate.frame(at: start) == index)
            #expect(rate.frame(at: (start + rate.time(ofFrame: index + 1)) / 2) == index)
            #expect(rate.frame(at: rate.time(ofFrame: index + 1) - 1e-6) == index)
        }
        #expect(rate.frame(at: .nan) == 0)
        #expect(rate.frame(at: .infinity) > 1_000_000_000)
    }

    @Test func frameAtRoundsTimesJustShortOfAFrameToIt() {
        let hundred: FrameRate = 100
        // 0.29 × 100 is 28.999999999999996 in floating point: the time names frame 29.
        #expect(0.29 * hundred.framesPerSecond < 29)
        #expect(hundred.frame(at: 0.29) == 29)
        #expect(hundred.frame(at: 0.2899) == 28)
        let thirty: FrameRate = 30
        #expect(thirty.frame(at: -0.01) == -1)
    }
}
