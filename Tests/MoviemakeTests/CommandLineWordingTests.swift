import Foundation
import MovieKitCore
import MovieKitLottie
import MovieKitPreview
import MovieKitScene
import Testing

@testable import moviemake

/// Library errors name no flags; moviemake words the advice with its own flags, from the error's case.
@Suite("moviemake: flag advice for library errors")
struct CommandLineWordingTests {
    static let cases: [(Error, String)] = [
        (
            LottieError.unknownAnimation(file: "a.lottie", id: "x", available: ["one", "two"]),
            "pass --animation with one of `one`, `two`."
        ),
        (
            LottieError.unknownMarker(file: "a.json", name: "outro", available: ["intro"]),
            "pass --segment with one of `intro`."
        ),
        (LottieError.unknownMarker(file: "a.json", name: "outro", available: []), "render it without --segment."),
        (
            LottieError.unsupportedFeature(file: "a.json", warning: "Expressions are not run."),
            "Render without --strict"
        ),
        (PreviewError.invalidHost("nowhere"), "pass --host with an address"),
        (PreviewError.cannotListen(host: "127.0.0.1", port: 80, reason: "in use"), "pass --port with a free port"),
        (MovieKitError.fileExists(path: "/tmp/a.mp4"), "pass -y (--overwrite)"),
        (
            SceneError.unsupportedOutputOption(
                at: SceneError.SourceLocation(file: "spec.json5", line: 3, column: 5, keyPath: "customOutputArgs[0]"),
                option: "-vf", supported: ["-crf"]),
            "spec.json5:3:5: `customOutputArgs[0]` uses the FFmpeg output option `-vf`, which MovieKit does not support: MovieKit encodes in-process and follows only `-crf`; choose the codec with --codec"
        ),
        (MovieKitError.stickerTooLong(seconds: 4), "shorten the scene, or pass --trim to keep its first 3 seconds."),
        (
            MovieKitError.stickerTooLarge(path: "/tmp/s.webm", attempts: [300_000]),
            "(300 KB); simplify the scene or shorten it with --trim."
        ),
        (ChunkError.missingFrames(30..<60), "render them (--frames 30..<60) and join again."),
        (ChunkError.untagged(path: "/tmp/a.mp4"), "parts are written with --chunk or --frames."),
        (ChunkError.indexUnavailable(reason: "neither is set"), "give the index, as in --chunk 0/4.")
    ]

    @Test func theLibrarysSentenceNamesNoFlagAndTheCommandLineAddsIt() {
        for (error, advice) in Self.cases {
            #expect(!"\(error)".contains("--"), "\(error)")
            let worded = "\(CommandLineWording.error(for: error))"
            #expect(worded.contains(advice), "\(worded)")
        }
    }

    /// The wording reaches the command line: errors thrown while a document is read keep their case
    /// until moviemake words them.
    @Test func aRenderOfAMissingMarkerAdvisesTheFlag() throws {
        let lottie = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("MovieKitLottieTests/Fixtures/lottie/markers-expression.json")
        let dir = try ChunkCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try ChunkCommandTests.moviemake([
            "still", lottie.path, "-o", dir.appendingPathComponent("a.png").path, "--segment", "nope"
        ])
        #expect(run.status == 1)
        #expect(run.errors.contains("has no marker `nope`; pass --segment with one of `intro`."), "\(run.errors)")
    }
}
