import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore

/// Renders a demo movie from built-in drawing code.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a demo movie from built-in drawing code (no input files needed)."
    )

    @Argument(help: "The movie to write: .mp4, .m4v, .mov, .webm, .mkv or .gif, or a name without extension for a folder of PNG files.")
    var output: String = "demo.mp4"

    @Option(help: "Length of the movie in seconds.")
    var seconds = 6.0

    @OptionGroup var encoding: EncodingOptions

    @Flag(help: "Do not report progress.")
    var quiet = false

    mutating func validate() throws {
        guard seconds > 0, seconds <= 3600 else {
            throw ValidationError("Length \(seconds) s is not between 0 and 3600 seconds; pass --seconds with a value such as 6.")
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
        let url = URL(fileURLWithPath: output)
        let scene = try DemoScene(width: Double(settings.width), height: Double(settings.height))
        let progress = ProgressReporter(total: frameCount, enabled: !quiet)
        let writer = try MovieWriter(url: url, settings: settings, overwrite: encoding.overwrite, concurrency: encoding.concurrency)
        let duration = seconds
        try SignalCancellation.run(cancel: { writer.cancel() }) {
            try writer.render(frameCount: frameCount, progress: { progress.update(completed: $0.encodedFrames) }) { context, frame in
                scene.draw(in: context, time: frame.time, duration: duration)
            }
        }
        progress.finish(message: "Wrote \(output): \(frameCount) frames, \(settings.width)x\(settings.height) at \(settings.fps) fps.")
    }
}
