import Foundation
import MovieKitCore
import MovieKitLottie
import MovieKitPreview
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
}
