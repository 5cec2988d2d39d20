import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene

/// Renders a demo movie from built-in drawing code.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a demo movie from built-in drawing code (no input files needed).",
        discussion: """
            The movie is 1280x720 at 30 fps: --size replaces the size, --width and --height each replace \
            one side of it (they win over --size), and --fps replaces the rate.
            """
    )

    @Argument(help: ArgumentHelp("The movie to write, the same as -o (default demo.mp4).", valueName: "output"))
    var outputArgument: String?

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(EncodingOptions.movieOutputHelp))
    var outputOption: String?

    /// The movie to write: `-o`, the positional argument, or `demo.mp4`.
    var output: String { outputOption ?? outputArgument ?? "demo.mp4" }

    @Option(help: "Length of the movie in seconds.")
    var seconds = 6.0

    @OptionGroup var encoding: EncodingOptions

    @OptionGroup(title: "Chunks") var chunks: ChunkOptions

    @OptionGroup(title: "Progress") var progress: ProgressOptions

    mutating func validate() throws {
        if let outputArgument, let outputOption, outputArgument != outputOption {
            throw ValidationError(
                "The output is given twice, as \(outputArgument) and with -o \(outputOption); pass it only once.")
        }
        guard seconds > 0, seconds <= 3600 else {
            throw ValidationError(
                "Length \(seconds) s is not between 0 and 3600 seconds; pass --seconds with a value such as 6.")
        }
        do {
            _ = try encoding.settings().codec(for: URL(fileURLWithPath: output))
        } catch let error as MovieKitError {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let settings = try encoding.settings()
        let frameCount = max(1, settings.fps.frameCount(forSeconds: seconds))
        let scene = try DemoScene(width: Double(settings.width), height: Double(settings.height))
        let duration = seconds
        let job = MovieRender(
            output: URL(fileURLWithPath: output), settings: settings, frameCount: frameCount,
            identity: "moviemake demo, \(seconds) s",
            draw: { context, frame in scene.draw(in: context, time: frame.time, duration: duration) })
        _ = try RenderRunner.run(job, encoding: encoding, chunks: chunks, progress: progress)
    }
}
