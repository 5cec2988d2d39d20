import Foundation
import MovieKitCore
import Testing

@testable import MovieKitScene

/// editly's audio weights (its `audio2` and `audio3` examples), `audioNorm`, and the WebP output of
/// its `customOutputArgs.json5` example.
@Suite("editly audio mix, audioNorm and WebP output")
struct EditlyOutputTests {
    static func spec(_ text: String, in fixtures: ReaderFixtures) throws -> EditlySpec {
        try EditlyKeysTests.spec(text, in: fixtures)
    }

    @Test func audioNormIsDynaudnormWithEditlysDefaults() throws {
        let fixtures = try ReaderFixtures()
        try fixtures.silence("a.wav", seconds: 3)
        func normalization(_ settings: String) throws -> AudioNormalization? {
            try Self.spec(
                "{ clips: [{ layers: [{ type: 'pause' }] }], audioFilePath: 'a.wav', \(settings) }", in: fixtures
            ).encoding.audioNormalization
        }
        #expect(try normalization("audioNorm: { enable: true }") == AudioNormalization(gaussSize: 5, maxGain: 30))
        #expect(
            try normalization("audioNorm: { enable: true, gaussSize: 3, maxGain: 100 }")
                == AudioNormalization(gaussSize: 3, maxGain: 100))
        #expect(try normalization("audioNorm: { enable: false, gaussSize: 3 }") == nil)
        #expect(try normalization("audioNorm: {}") == nil)
        #expect(try normalization("audioNorm: null") == nil)
        // outputVolume applies after the normalization, not to the tracks.
        let spec = try Self.spec(
            "{ clips: [{ layers: [{ type: 'pause' }] }], audioFilePath: 'a.wav', outputVolume: 0.5, audioNorm: { enable: true } }",
            in: fixtures)
        #expect(spec.encoding.audioNormalization?.outputGain == 0.5)
        #expect(spec.slideshow.audio.first?.volume == 0.5, "the amix weight 1 of 2, without outputVolume")
    }

    @Test(arguments: [
        (
            "{ enable: true, gaussSize: 4 }",
            "spec.json5: `audioNorm.gaussSize` is 4 but must be an odd whole number of half-second windows from 3 to 301 (dynaudnorm's g)."
        ),
        (
            "{ enable: true, gaussSize: 1 }",
            "spec.json5: `audioNorm.gaussSize` is 1 but must be an odd whole number of half-second windows from 3 to 301."
        ),
        (
            "{ enable: true, maxGain: 0 }",
            "spec.json5: `audioNorm.maxGain` is 0 but must be a largest gain from 1 to 100."
        ),
        ("{ enable: 'yes' }", "spec.json5: `audioNorm.enable` is a string (\"yes\") but must be true or false."),
        (
            "{ enable: true, strength: 2 }",
            "spec.json5: `audioNorm.strength` is not a known key. Valid keys here are `enable`, `gaussSize` and `maxGain`."
        )
    ])
    func audioNormOutOfRangeIsRefusedWithItsKeyPath(settings: String, expected: String) throws {
        let fixtures = try ReaderFixtures()
        let message = EditlyKeysTests.message(
            "{ clips: [{ layers: [{ type: 'pause' }] }], audioNorm: \(settings) }", in: fixtures)
        #expect(message == expected)
    }

    @Test func mixVolumesAreAmixWeightsInTheClipAndInTheFinalMix() throws {
        let fixtures = try ReaderFixtures()
        try fixtures.silence("a.wav", seconds: 3)
        func volumes(_ spec: String) throws -> [Double] {
            try Self.spec(spec, in: fixtures).slideshow.audio.map(\.volume)
        }
        // audio3.json5: detached layers are inputs of the final mix, weighed against the clips' 1.
        let detached = try volumes(
            "{ clips: [{ duration: 2, layers: [{ type: 'pause' }, { type: 'detached-audio', path: 'a.wav', mixVolume: 50 }, { type: 'detached-audio', path: 'a.wav', mixVolume: 10 }] }] }"
        )
        #expect(zip(detached, [50.0 / 61, 10.0 / 61]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(detached)")
        // Two audio layers of a clip share its sound by weight; with no other audio, editly does not
        // mix, so outputVolume and clipsAudioVolume leave the clips' sound as it is.
        let layers = try volumes(
            "{ keepSourceAudio: true, clipsAudioVolume: 50, outputVolume: 0.5, clips: [{ duration: 2, layers: [{ type: 'audio', path: 'a.wav', mixVolume: 3 }, { type: 'audio', path: 'a.wav' }] }] }"
        )
        #expect(layers == [0.75, 0.25])
        // audio2.json5: clipsAudioVolume 50 is a weight.
        let weighted = try volumes(
            "{ clipsAudioVolume: 50, clips: [{ layers: [{ type: 'pause' }] }], audioTracks: [{ path: 'a.wav' }, { path: 'a.wav', mixVolume: 49 }] }"
        )
        #expect(zip(weighted, [0.01, 0.49]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(weighted)")
        // Without keepSourceAudio, editly leaves a clip's audio layers silent.
        #expect(try volumes("{ clips: [{ duration: 1, layers: [{ type: 'audio', path: 'a.wav' }] }] }").isEmpty)
        // And audioNorm applies only where editly mixes.
        let alone = try Self.spec(
            "{ keepSourceAudio: true, audioNorm: { enable: true }, clips: [{ duration: 1, layers: [{ type: 'audio', path: 'a.wav' }] }] }",
            in: fixtures)
        #expect(alone.encoding.audioNormalization == nil)
    }

    @Test func customOutputArgsForWebPAreFollowed() throws {
        let fixtures = try ReaderFixtures()
        let spec = try Self.spec(
            """
            { outPath: './out.webp', clips: [{ duration: 2, layers: [{ type: 'title-background', text: 'Custom output args' }] }],
              customOutputArgs: ['-compression_level', '5', '-qscale', '60', '-vcodec', 'libwebp'] }
            """, in: fixtures)
        #expect(spec.encoding.codec == .webp)
        #expect(spec.encoding.webp == (try WebPOptions(quality: 60, compressionLevel: 5, playCount: 1)))
        #expect(spec.outputURL?.lastPathComponent == "out.webp")
        // A .webp without customOutputArgs plays once too, as FFmpeg's webp muxer writes it.
        let plain = try Self.spec("{ outPath: 'a.webp', clips: [{ layers: [{ type: 'pause' }] }] }", in: fixtures)
        #expect(plain.encoding.webp == (try WebPOptions(playCount: 1)) && plain.encoding.codec == nil)
        let mp4 = try Self.spec(
            "{ outPath: 'a.mp4', clips: [{ layers: [{ type: 'pause' }] }], customOutputArgs: ['-c:v', 'libx265'] }",
            in: fixtures)
        #expect(mp4.encoding.codec == .hevc && mp4.encoding.webp == nil)
    }

    @Test(arguments: [
        (
            "'a.mp4'", "['-qscale', '60']",
            "spec.json5: `customOutputArgs[0]` uses the FFmpeg output option `-qscale`, which MovieKit does not support: MovieKit follows -qscale and -compression_level for WebP output (libwebp) only; write the movie to a .webp, or use -crf for other codecs."
        ),
        (
            "'a.webp'", "['-qscale', '101']",
            "spec.json5: `customOutputArgs[1]` is \"101\" but must be a WebP quality from 0 to 100 for -qscale."
        ),
        (
            "'a.webp'", "['-compression_level', '7']",
            "spec.json5: `customOutputArgs[1]` is \"7\" but must be a WebP compression level from 0 to 6."
        ),
        (
            "'a.webp'", "['-vcodec', 'mpeg4']",
            "spec.json5: `customOutputArgs[1]` is \"mpeg4\" but must be an encoder: one of `libx264`, `h264`, `libx265`, `hevc`, `libvpx-vp9`, `vp9`, `libsvtav1`, `libaom-av1`, `av1`, `gif`, `png`, `libwebp`, `libwebp_anim` and `webp`."
        )
    ])
    func webPArgumentsOutOfPlaceOrRangeAreRefused(outPath: String, arguments: String, expected: String) throws {
        let fixtures = try ReaderFixtures()
        let message = EditlyKeysTests.message(
            "{ outPath: \(outPath), clips: [{ layers: [{ type: 'pause' }] }], customOutputArgs: \(arguments) }",
            in: fixtures)
        #expect(message == expected)
    }
}
