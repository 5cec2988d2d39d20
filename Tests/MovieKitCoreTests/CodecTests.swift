import Foundation
import FrameDraw
import TestSupport
import Testing

@testable import MovieKitCore

/// Every codec and container pair: encode a small animation, decode it in-process, check it.
@Suite("Codecs and containers")
struct CodecTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var codec: VideoCodec
        var file: String
        var alpha = false
        var chroma: ChromaSubsampling = .yuv420
        var bitDepth: BitDepth?
        var codecName: String
        var pixelFormat: String
        var codecTag: String?
        var decoder: String?
        var testDescription: String { "\(codec) \(file)\(alpha ? " alpha" : "")" }
    }

    static let cases: [Case] = [
        Case(codec: .h264, file: "a.mp4", codecName: "h264", pixelFormat: "yuv420p", codecTag: "avc1"),
        Case(codec: .h264, file: "a.mkv", chroma: .yuv444, codecName: "h264", pixelFormat: "yuv444p"),
        Case(codec: .hevc, file: "a.mp4", codecName: "hevc", pixelFormat: "yuv420p", codecTag: "hvc1"),
        Case(
            codec: .hevc, file: "a.mov", bitDepth: .ten, codecName: "hevc", pixelFormat: "yuv420p10le", codecTag: "hvc1"
        ),
        Case(codec: .hevc, file: "a.mkv", chroma: .yuv444, codecName: "hevc", pixelFormat: "yuv444p"),
        Case(codec: .vp9, file: "a.webm", codecName: "vp9", pixelFormat: "yuv420p"),
        Case(codec: .vp9, file: "a.mp4", codecName: "vp9", pixelFormat: "yuv420p", codecTag: "vp09"),
        Case(
            codec: .vp9, file: "alpha.webm", alpha: true, codecName: "vp9", pixelFormat: "yuv420p",
            decoder: "libvpx-vp9"),
        Case(codec: .av1, file: "a.mp4", codecName: "av1", pixelFormat: "yuv420p", codecTag: "av01"),
        Case(codec: .av1, file: "a.webm", bitDepth: .ten, codecName: "av1", pixelFormat: "yuv420p10le"),
        Case(codec: .prores(.hq), file: "a.mov", codecName: "prores", pixelFormat: "yuv422p10le", codecTag: "apch"),
        Case(
            codec: .prores(.proxy), file: "proxy.mov", codecName: "prores", pixelFormat: "yuv422p10le", codecTag: "apco"
        ),
        // FFmpeg's ProRes decoder reports 4444 as 12-bit; the encoder was fed yuva444p10le.
        Case(
            codec: .prores(.p4444), file: "alpha.mov", alpha: true, codecName: "prores", pixelFormat: "yuva444p12le",
            codecTag: "ap4h")
    ]

    static let frameCount = 10

    /// Frame i: left half red, right half blue (transparent with alpha), and a white bar that moves.
    static func draw(_ context: DrawingContext, _ frame: FrameTime, alpha: Bool) {
        context.setFillColor(.red)
        context.fill(CGRect(x: 0, y: 0, width: 32, height: 64))
        if !alpha {
            context.setFillColor(.blue)
            context.fill(CGRect(x: 32, y: 0, width: 32, height: 64))
        }
        context.setFillColor(.white)
        context.fill(CGRect(x: Double(frame.index) * 4, y: 0, width: 4, height: 6))
    }

    @Test(arguments: cases)
    func encodesAndDecodesWithTheRightStreamAndPixels(_ item: Case) throws {
        let dir = try TemporaryDirectory()
        let url = dir.file(item.file)
        let settings = try MovieSettings(
            width: 64, height: 64, fps: 10, codec: item.codec, alpha: item.alpha, chroma: item.chroma,
            bitDepth: item.bitDepth,
            preset: .ultrafast, metadata: MovieMetadata(title: "Codec test"))
        try MovieWriter.render(to: url, settings: settings, frameCount: Self.frameCount) { c, f in
            Self.draw(c, f, alpha: item.alpha)
        }
        #expect(try dir.contents() == [item.file])

        let probe = try CodecProbe(url: url, decoderName: item.decoder)
        #expect(probe.codecName == item.codecName)
        #expect(probe.pixelFormat == item.pixelFormat)
        if let tag = item.codecTag { #expect(probe.codecTag == tag) }
        #expect(probe.width == 64 && probe.height == 64)
        #expect(probe.frames.count == Self.frameCount)
        #expect(abs(probe.containerDuration - 1.0) < 0.011, "duration \(probe.containerDuration)")
        #expect(probe.colorPrimaries == "bt709" && probe.colorTransfer == "bt709" && probe.colorSpace == "bt709")
        #expect(probe.colorRange == "tv")
        let title = probe.containerMetadata["title"] ?? probe.containerMetadata["TITLE"]
        #expect(title == "Codec test", "metadata: \(probe.containerMetadata)")

        let red = probe.pixel(5, x: 12, y: 30)
        #expect(red.r > 200 && red.g < 50 && red.b < 50 && red.a > 250, "red \(red)")
        let right = probe.pixel(5, x: 48, y: 30)
        if item.alpha {
            #expect(probe.decodedPixelFormat.hasPrefix("yuva"), "decoded \(probe.decodedPixelFormat)")
            #expect(right.a < 5, "transparent side \(right)")
            if item.codec == .vp9 {
                #expect(probe.streamMetadata["alpha_mode"] ?? probe.streamMetadata["ALPHA_MODE"] == "1")
            }
        } else {
            #expect(right.b > 200 && right.r < 50 && right.a > 250, "blue \(right)")
        }
        // The moving bar is where frame 5 put it.
        let bar = probe.pixel(5, x: 21, y: 2)
        #expect(bar.r > 180 && bar.g > 180 && bar.b > 180, "bar \(bar)")
        try Self.expectFFprobeReads(url, codec: item.codecName)
    }

    @Test func gifHasExactDelaysALoopCountAndNoRepeatedFrames() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("anim.gif")
        // 30 fps: delays of 3 and 4 hundredths alternate so that 45 frames last exactly 1.50 s.
        let settings = try MovieSettings(width: 64, height: 48, fps: 30, gif: GIFOptions(dither: .none, playCount: 3))
        let writer = try MovieWriter(url: url, settings: settings)
        #expect(writer.codec == .gif)
        for index in 0..<30 {
            // Every frame differs: the bar moves 2 pixels a frame and stays in view.
            try writer.addFrame { c in
                Self.draw(c, FrameTime(index: 0, time: 0), alpha: false)
                c.fill(CGRect(x: Double(index) * 2, y: 40, width: 2, height: 4))
            }
        }
        try writer.repeatPreviousFrame(count: 15)  // A held still: stored once, shown longer.
        try writer.finish()

        let bytes = [UInt8](try Data(contentsOf: url))
        let parsed = try #require(GIFStructure(bytes))
        #expect(parsed.delays.count == 31, "30 distinct frames and the final one: \(parsed.delays.count)")
        #expect(parsed.delays.reduce(0, +) == 150)
        #expect(parsed.delays.dropLast(2).allSatisfy { $0 == 3 || $0 == 4 })
        #expect(parsed.loopCount == 2, "plays 3 times: loops 2 more")
        let probe = try CodecProbe(url: url)
        #expect(probe.codecName == "gif")
        let red = probe.pixel(0, x: 12, y: 30)
        let blue = probe.pixel(0, x: 48, y: 30)
        #expect(red.r > 230 && red.g < 30 && blue.b > 230 && blue.r < 30)
        try Self.expectFFprobeReads(url, codec: "gif")
    }

    @Test func pngSequenceWritesNumberedFilesAtomicallyWithAlpha() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("frames")
        let settings = try MovieSettings(width: 64, height: 48, fps: 10, alpha: true)
        let writer = try MovieWriter(url: url, settings: settings)
        #expect(writer.codec == .png && writer.container == .pngSequence)
        for index in 0..<3 {
            try writer.addFrame { c in Self.draw(c, FrameTime(index: index, time: 0), alpha: true) }
            #expect(!FileManager.default.fileExists(atPath: url.path), "the folder appears only when complete")
        }
        try writer.finish()
        let files = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        #expect(files == ["frame-000000.png", "frame-000001.png", "frame-000002.png"])
        let image = try Image(contentsOf: url.appendingPathComponent("frame-000002.png"))
        #expect(image.width == 64 && image.height == 48)
        let red = image.pixel(atX: 12, y: 30)
        #expect(red.red > 0.99 && red.green < 0.01 && red.alpha > 0.99)
        #expect(image.pixel(atX: 48, y: 30).alpha < 0.01)
        #expect(try dir.contents() == ["frames"])
    }

    @Test func anExistingFolderIsReplacedOnlyWithOverwrite() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("frames")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try Data("old".utf8).write(to: url.appendingPathComponent("keep.txt"))
        let settings = try MovieSettings(width: 16, height: 16, fps: 10)
        #expect(throws: MovieKitError.fileExists(path: url.path)) { _ = try MovieWriter(url: url, settings: settings) }
        try MovieWriter.render(to: url, settings: settings, frameCount: 2, overwrite: true) { c, _ in c.fill(c.bounds) }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() == [
                "frame-000000.png", "frame-000001.png"
            ])
        #expect(try dir.contents() == ["frames"])
    }

    @Test func theExtensionChoosesTheCodecWhenNoneIsGiven() throws {
        let settings = try MovieSettings(width: 16, height: 16, fps: 10)
        #expect(try settings.codec(for: URL(fileURLWithPath: "/tmp/a.webm")) == .vp9)
        #expect(try settings.codec(for: URL(fileURLWithPath: "/tmp/a.gif")) == .gif)
        #expect(try settings.codec(for: URL(fileURLWithPath: "/tmp/a.mkv")) == .h264)
        #expect(try settings.codec(for: URL(fileURLWithPath: "/tmp/frames")) == .png)
    }

    static let refusals: [(make: @Sendable () throws -> Void, message: String)] = [
        (
            {
                _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .vp9).codec(
                    for: URL(fileURLWithPath: "/tmp/a.mov"))
            },
            "VP9 cannot be stored in .mov; use .webm, .mkv or .mp4."
        ),
        (
            {
                _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .prores(.hq)).codec(
                    for: URL(fileURLWithPath: "/tmp/a.mp4"))
            },
            "ProRes 422 HQ cannot be stored in .mp4; use .mov."
        ),
        (
            { _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .h264, alpha: true) },
            "H.264 cannot carry alpha; use ProRes 4444 (.mov), VP9 (.webm), GIF (.gif) or PNG (a folder)."
        ),
        (
            { _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .prores(.hq), alpha: true) },
            "ProRes 422 HQ cannot carry alpha; use ProRes 4444 (.mov), VP9 (.webm), GIF (.gif) or PNG (a folder)."
        ),
        (
            {
                _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .vp9, alpha: true).codec(
                    for: URL(fileURLWithPath: "/tmp/a.mp4"))
            },
            "VP9 cannot carry alpha in .mp4; use .webm."
        ),
        (
            { _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .vp9, crf: 64) },
            "CRF 64 is outside VP9's range 0…63; use 0 (best) to 63 (smallest), or 31 for the default quality."
        ),
        (
            { _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .h264, crf: 52) },
            "CRF 52 is outside H.264's range 0…51; use 0 (best) to 51 (smallest), or 23 for the default quality."
        ),
        (
            { _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .prores(.hq), crf: 10) },
            "ProRes 422 HQ has no CRF; choose its quality with the ProRes profile (proxy, lt, standard, hq, p4444 or p4444xq)."
        ),
        (
            { _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .gif, bitRate: 1_000_000) },
            "GIF takes no target bit rate; leave it unset, or use H.264, HEVC, VP9 or AV1."
        ),
        (
            { _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .vp9, chroma: .yuv444) },
            "VP9 is not offered with 444 chroma; 4:4:4 is available for H.264 and HEVC, and ProRes chooses its chroma by profile."
        ),
        (
            { _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .h264, bitDepth: .ten) },
            "H.264 is not offered at 10 bits; 10-bit is available for HEVC, AV1 and ProRes, and 8-bit for every codec but ProRes."
        ),
        (
            { _ = try MovieSettings(width: 64, height: 48, fps: 10, codec: .av1) },
            "A 64x48 frame is too small for AV1, which needs at least 64x64 pixels; choose a larger size or another codec."
        ),
        (
            { _ = try MovieSettings(width: 16, height: 16, fps: 10, gif: GIFOptions(playCount: 0)) },
            "GIF play count 0 is outside 1…65535; use 1 to play once, or leave it unset to loop forever."
        ),
        (
            {
                var tags = MovieMetadata()
                try tags.set("rating", to: "5")
            },
            "Metadata \"rating\" cannot be written: it is not a tag MovieKit writes; use one of title, artist, comment, creation_time."
        ),
        (
            {
                _ = try MovieWriter(
                    url: URL(fileURLWithPath: "/tmp/a.avi"), settings: MovieSettings(width: 16, height: 16, fps: 10))
            },
            "Cannot tell the container from the extension of /tmp/a.avi; use .mp4, .m4v, .mov, .webm, .mkv or .gif, or no extension for a folder of PNG files."
        )
    ]

    @Test(arguments: refusals.indices)
    func impossibleCombinationsAreRefusedWithAnAnswer(_ index: Int) {
        let refusal = Self.refusals[index]
        #expect {
            try refusal.make()
        } throws: { error in
            "\(error)" == refusal.message
        }
    }

    /// ffprobe's independent reading, where it is installed.
    static func expectFFprobeReads(_ url: URL, codec: String) throws {
        guard
            let result = try FFmpegTools.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name", "-of", "csv=p=0",
                    url.path
                ])
        else { return }
        #expect(result.exitStatus == 0)
        #expect(
            result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == codec,
            "ffprobe: \(result.standardOutput)")
    }
}

/// The frame delays and loop count of a GIF, read from its bytes: an independent reading of the file.
struct GIFStructure {
    var delays: [Int] = []
    var loopCount: Int?

    init?(_ bytes: [UInt8]) {
        guard bytes.count > 13, String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a" else { return nil }
        var i = 13
        if bytes[10] & 0x80 != 0 { i += 3 << (Int(bytes[10] & 7) + 1) }
        func skipSubBlocks() {
            while i < bytes.count, bytes[i] != 0 { i += Int(bytes[i]) + 1 }
            i += 1
        }
        while i < bytes.count {
            switch bytes[i] {
            case 0x21:
                let label = bytes[i + 1]
                if label == 0xF9 {
                    delays.append(Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8)
                } else if label == 0xFF, String(decoding: bytes[(i + 3)..<(i + 14)], as: UTF8.self) == "NETSCAPE2.0" {
                    loopCount = Int(bytes[i + 16]) | Int(bytes[i + 17]) << 8
                }
                i += 2
                skipSubBlocks()
            case 0x2C:
                let flags = bytes[i + 9]
                i += 10
                if flags & 0x80 != 0 { i += 3 << (Int(flags & 7) + 1) }
                i += 1  // LZW minimum code size.
                skipSubBlocks()
            case 0x3B:
                return
            default:
                return nil
            }
        }
    }
}
