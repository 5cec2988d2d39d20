import Foundation
import FrameDraw
import MovieKitCore
import TestSupport
import Testing

@testable import MovieKitScene

/// editly's keys that change how a spec is read: fonts, remote files, output options, mixing weights.
@Suite("editly keys")
struct EditlyKeysTests {
    static let patua = PackagePaths.tests.appendingPathComponent("FrameDrawTests/Fixtures/Fonts/PatuaOne-Regular.ttf")

    /// Decodes `text` as `spec.json5` in `fixtures`' folder, downloading remote files into `cache`.
    static func spec(_ text: String, in fixtures: ReaderFixtures, cache: RemoteFiles? = nil) throws -> EditlySpec {
        try EditlySpec(
            data: Data(text.utf8), fileName: "spec.json5", baseURL: fixtures.url,
            remoteFiles: cache ?? RemoteFiles(folder: fixtures.url.appendingPathComponent("cache")))
    }

    static func message(_ text: String, in fixtures: ReaderFixtures, cache: RemoteFiles? = nil) -> String {
        do {
            _ = try spec(text, in: fixtures, cache: cache)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    // MARK: - fontPath

    @Test func fontPathDrawsTitlesInTheFontsFamily() throws {
        let fixtures = try ReaderFixtures()
        // fontconfig keeps a registered font for the life of the process, and other tests' font maps
        // may open it, so the font must outlive this test's folder: it sits beside it, and the spec
        // names it by a path relative to itself.
        _ = try PersistentFileCopy.url(
            of: Self.patua, named: "Patua.ttf",
            in: fixtures.url.deletingLastPathComponent().appendingPathComponent("moviekit-tests-font-copy"))
        func firstFrame(_ font: String) throws -> Image {
            let spec = try Self.spec(
                "{ width: 320, height: 160, clips: [{ duration: 1, layers: [{ type: 'fill-color', color: 'black' }, { type: 'title', text: 'EDITLY', zoomDirection: null, \(font) }] }] }",
                in: fixtures)
            return try SceneRenderer(scene: spec.slideshow.scene()).image(at: 0.5)
        }
        let patua = try firstFrame("fontPath: '../moviekit-tests-font-copy/Patua.ttf'")
        let named = try firstFrame("fontFamily: 'Patua One'")
        let dejaVu = try firstFrame("fontFamily: 'DejaVu Sans'")
        // fontPath wins over fontFamily, as in editly.
        let both = try firstFrame("fontPath: '../moviekit-tests-font-copy/Patua.ttf', fontFamily: 'DejaVu Sans'")
        let row = (0..<320).map { patua.pixel(atX: $0, y: 80) }
        #expect(row.contains { $0.red > 0.9 })
        #expect(row == (0..<320).map { named.pixel(atX: $0, y: 80) })
        #expect(row == (0..<320).map { both.pixel(atX: $0, y: 80) })
        #expect(row != (0..<320).map { dejaVu.pixel(atX: $0, y: 80) })
    }

    @Test func aFontPathThatIsNotAFontIsNamed() throws {
        let fixtures = try ReaderFixtures()
        _ = try fixtures.text("not a font", to: "bad.ttf")
        let message = Self.message(
            "{ defaults: { layer: { fontPath: './bad.ttf' } }, clips: [{ layers: [{ type: 'title', text: 'Hi' }] }] }",
            in: fixtures)
        #expect(
            message.hasPrefix(
                "spec.json5: `defaults.layer.fontPath` is the font file \(fixtures.url.appendingPathComponent("bad.ttf").standardizedFileURL.path), which cannot be used (FreeType does not read it as a font"
            ))
        #expect(message.hasSuffix("but must be a TrueType or OpenType font file, relative to the spec."))
    }

    // MARK: - Remote files

    @Test func remoteURLsNeedAllowRemoteRequests() throws {
        let fixtures = try ReaderFixtures()
        let message = Self.message(
            "{ clips: [{ layers: [{ type: 'image', path: 'https://picsum.photos/400/400' }] }] }", in: fixtures)
        #expect(
            message
                == "spec.json5: `clips[0].layers[0].path` uses the remote URL https://picsum.photos/400/400, which MovieKit does not support: remote URLs need `allowRemoteRequests: true` in the spec, which lets MovieKit download them."
        )
    }

    @Test func allowRemoteRequestsDownloadsIntoTheCacheOnce() throws {
        let fixtures = try ReaderFixtures()
        let local = try fixtures.photo("picture.png", width: 40, height: 20, color: .blue)
        let png = try Data(contentsOf: local)
        let server = try LoopbackServer(["/400/200": .init(body: png)])
        defer { server.stop() }
        let cache = RemoteFiles(folder: fixtures.url.appendingPathComponent("cache"), timeout: 30)
        let text = """
            { allowRemoteRequests: true, clips: [
                { layers: [{ type: 'image', path: '\(server.url("/400/200"))' }] },
                { layers: [{ type: 'image', path: '\(server.url("/400/200"))' }, { type: 'title', text: 'Over' }] },
            ] }
            """
        let show = try Self.spec(text, in: fixtures, cache: cache).slideshow
        guard case .photo(let url) = show.slides[0].content else {
            Issue.record("clip 0 is not a photo slide")
            return
        }
        #expect(url.deletingLastPathComponent().standardizedFileURL.path == cache.folder.standardizedFileURL.path)
        #expect(try Data(contentsOf: url) == png)
        // The second use, and a second reading, come from the cache.
        _ = try Self.spec(text, in: fixtures, cache: cache)
        #expect(server.requestedPaths == ["/400/200"])
        let frame = try SceneRenderer(scene: show.scene()).image(at: 0.5)
        #expect(frame.pixel(atX: show.width / 2, y: show.height / 2).blue > 0.9)
    }

    @Test func downloadFailuresAreNamed() throws {
        let fixtures = try ReaderFixtures()
        let server = try LoopbackServer([
            // The slow answer never comes while the test runs: `stop()` ends it.
            "/slow.png": .init(body: Data(count: 10), delay: 600), "/big.png": .init(body: Data(count: 5000))
        ])
        defer { server.stop() }
        // A generous timeout for the answers that do come (sanitized builds on a busy machine are
        // slow), and a short one for the answer that never does.
        let cache = RemoteFiles(
            folder: fixtures.url.appendingPathComponent("cache"), maximumFileSize: 1000, timeout: 30)
        let impatientCache = RemoteFiles(
            folder: fixtures.url.appendingPathComponent("cache"), maximumFileSize: 1000, timeout: 1)
        func message(_ path: String, cache: RemoteFiles? = nil) -> String {
            Self.message(
                "{ allowRemoteRequests: true, clips: [{ layers: [{ type: 'image', path: '\(path)' }] }] }",
                in: fixtures, cache: cache ?? impatientCache)
        }
        let prefix = "spec.json5: `clips[0].layers[0].path` names the image "
        #expect(
            message(server.url("/missing.png"), cache: cache)
                == prefix
                + "\(server.url("/missing.png")), which cannot be loaded: It cannot be downloaded: the server answered HTTP 404 (Not Found). Check the URL and the network connection."
        )
        #expect(
            message(server.url("/big.png"), cache: cache)
                == prefix
                + "\(server.url("/big.png")), which cannot be loaded: It cannot be downloaded: the file is 5 KB, more than the 1 KB a remote file may have. Check the URL and the network connection."
        )
        #expect(
            message(server.url("/slow.png"))
                == prefix
                + "\(server.url("/slow.png")), which cannot be loaded: It cannot be downloaded: the server did not send the whole file within 1 second. Check the URL and the network connection."
        )
        #expect(message("ftp://example.com/a.png").hasSuffix("Only http and https URLs are downloaded, not ftp."))
        // Nothing partial is left in the cache.
        #expect((try? FileManager.default.contentsOfDirectory(atPath: cache.folder.path))?.isEmpty ?? true)
    }

    // MARK: - Output options

    @Test func fastAndCustomOutputArgsBecomeEncoding() throws {
        let fixtures = try ReaderFixtures()
        let spec = try Self.spec(
            """
            { fast: true, fps: 25, clips: [{ layers: [{ type: 'pause' }] }],
              customOutputArgs: ['-crf', '18', '-preset', 'slow', '-tune', 'animation', '-b:v', '2M',
                                 '-pix_fmt', 'yuv444p', '-r', '30000/1001'] }
            """, in: fixtures)
        var expected = DocumentEncoding()
        expected.draft = true
        expected.crf = 18
        expected.preset = .slow
        expected.tune = .animation
        expected.bitRate = 2_000_000
        expected.chroma = .yuv444
        #expect(spec.encoding == expected)
        #expect(spec.slideshow.fps == FrameRate(30000, 1001))
        #expect(EditlySpec.bitRate("800k") == 800_000 && EditlySpec.bitRate("1500000") == 1_500_000)
        #expect(EditlySpec.bitRate("0") == nil && EditlySpec.bitRate("fast") == nil)
    }

    @Test(arguments: [
        (
            "['-vf', 'hflip']",
            "spec.json5: `customOutputArgs[0]` uses the FFmpeg output option `-vf`, which MovieKit does not support: MovieKit encodes in-process and follows only `-crf`, `-preset`, `-tune`, `-b:v`, `-pix_fmt`, `-r`, `-vcodec`, `-c:v`, `-codec:v`, `-qscale`, `-q:v`, `-qscale:v` and `-compression_level`; choose the codec in the encoding settings and the container with the output's extension."
        ),
        (
            "['-crf']",
            "spec.json5: `customOutputArgs[0]` is \"-crf\" with no value after it but must be followed by its value."
        ),
        (
            "['-crf', '99']",
            "spec.json5: `customOutputArgs[1]` is \"99\" but must be a whole number from 0 to 63 for -crf."
        ),
        (
            "['-pix_fmt', 'rgb24']",
            "spec.json5: `customOutputArgs[1]` is \"rgb24\" but must be a pixel format: one of `yuv420p`, `yuvj420p`, `yuv444p` and `yuv420p10le`."
        )
    ])
    func unknownOutputArgumentsAreRefusedByName(arguments: String, expected: String) throws {
        let fixtures = try ReaderFixtures()
        let message = Self.message(
            "{ clips: [{ layers: [{ type: 'pause' }] }], customOutputArgs: \(arguments) }", in: fixtures)
        #expect(message == expected)
    }

    // MARK: - Audio weights, banner, image duration, transitions

    @Test func mixVolumeIsAnAmixWeight() throws {
        let fixtures = try ReaderFixtures()
        try fixtures.silence("a.wav", seconds: 3)
        try fixtures.silence("b.wav", seconds: 3)
        let show = try Self.spec(
            """
            { clips: [{ layers: [{ type: 'pause' }] }], audioFilePath: 'a.wav', backgroundAudioVolume: 2,
              audioTracks: [{ path: 'b.wav', mixVolume: 10 }, { path: 'b.wav', mixVolume: 50 }, { path: 'b.wav', mixVolume: 0 }] }
            """, in: fixtures
        ).slideshow
        // amix: each weight over the sum, the clips' own audio counting 1.
        let expected: [Double] = [2.0 / 63, 10.0 / 63, 50.0 / 63, 0]
        let volumes: [Double] = show.audio.map(\.volume)
        #expect(volumes == expected)
        let lone = try Self.spec("{ clips: [{ layers: [{ type: 'pause' }] }], audioFilePath: 'a.wav' }", in: fixtures)
        let loneVolumes: [Double] = lone.slideshow.audio.map(\.volume)
        #expect(loneVolumes == [0.5])
        #expect(
            Self.message(
                "{ clips: [{ layers: [{ type: 'pause' }] }], audioTracks: [{ path: 'a.wav', mixVolume: -1 }] }",
                in: fixtures)
                == "spec.json5: `audioTracks[0].mixVolume` is -1 but must be a weight relative to the other tracks: a number from 0 to 1000000, such as 1 or 50."
        )
    }

    @Test func editlyBannerAndAnImageDurationRender() throws {
        let fixtures = try ReaderFixtures()
        try fixtures.photo("a.png", width: 64, height: 48)
        let spec = try Self.spec(
            """
            { width: 320, height: 180, clips: [
                { duration: 1, layers: [{ type: 'editly-banner' }] },
                { duration: 1, layers: [{ type: 'image', path: 'a.png', duration: 0.5 }, { type: 'title', text: 'T' }] },
                { duration: 1, layers: [{ type: 'image', path: 'a.png', duration: 2.5 }] },
            ] }
            """, in: fixtures)
        guard case .layers(let banner) = spec.slideshow.slides[0].content else {
            Issue.record("the banner is not a layers slide")
            return
        }
        #expect(banner.map(\.name) == ["", ""] || banner.count == 2)
        let frame = try SceneRenderer(scene: spec.slideshow.scene()).image(at: 0.5)
        #expect(frame.width == 320)
    }

    @Test func transitionEasingAndParams() throws {
        let fixtures = try ReaderFixtures()
        let spec = try Self.spec(
            """
            { defaults: { transition: { name: 'fade', duration: 0.5, easing: 'easeInOutCubic' } },
              clips: [
                { layers: [{ type: 'pause' }] },
                { layers: [{ type: 'pause' }], transition: { name: 'wipeLeft', easing: null } },
                { layers: [{ type: 'pause' }], transition: { name: 'directional-left', easing: 'linear' } },
                { layers: [{ type: 'pause' }] },
                { layers: [{ type: 'pause' }] },
              ] }
            """, in: fixtures)
        let easings: [Easing?] = spec.slideshow.slides.map(\.transition?.easing)
        let expectedEasings: [Easing?] = [.easeInOutCubic, .linear, .easeOutExpo, .easeInOutCubic, .linear]
        #expect(easings == expectedEasings)
        let transition = try EditlyTransitionSpec(
            NodeReader(
                node: try NestingLimit.parseJSON(
                    Data("{ name: 'fade', params: { direction: [1, 0], smooth: true, size: 0.2 } }".utf8), file: "t",
                    dialect: .json5),
                path: "", context: ReadContext(fileName: "t", baseURL: fixtures.url, variables: [:])))
        let params = Dictionary(uniqueKeysWithValues: (transition.params?.values ?? []).map { ($0.name, $0.numbers) })
        #expect(params == ["direction": [1, 0], "smooth": [1], "size": [0.2]])
        #expect(
            Self.message(
                "{ clips: [{ layers: [{ type: 'pause' }], transition: { name: 'fade', easing: 'bounce' } }, { layers: [{ type: 'pause' }] }] }",
                in: fixtures)
                == "spec.json5: `clips[0].transition.easing` is \"bounce\" but must be an editly easing: one of `linear`, `easeOutExpo` and `easeInOutCubic`."
        )
    }
}
