import ArgumentParser
import Foundation
import MovieKitCore
import MovieKitScene

/// Renders a scene file into a movie.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene file (.yaml, .yml or .json) into a movie.",
        discussion: """
            The size and frame rate come from the scene's canvas. --width, --height and --fps, when given, \
            replace the scene's values; the scene is scaled to fit the new size with its aspect ratio kept. \
            The scene is checked completely before the first frame is encoded: nothing is written when it is invalid.
            """
    )

    @Argument(help: "The scene file.")
    var scene: String

    @Option(name: [.short, .customLong("output")], help: "The movie to write (.mp4, .m4v or .mov).")
    var output: String

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var encoding: EncodingOptions

    @Flag(help: "Do not report progress.")
    var quiet = false

    func run() throws {
        let renderer = try sceneOptions.renderer(forSceneAt: scene)
        let settings = try encoding.settings(for: renderer.canvas, sceneFile: scene)
        let url = URL(fileURLWithPath: output)
        let frameCount = max(1, settings.fps.frameCount(forSeconds: renderer.canvas.duration))
        let progress = ProgressReporter(total: frameCount, enabled: !quiet)
        let writer = try MovieWriter(url: url, settings: settings, overwrite: encoding.overwrite)
        try SignalCancellation.run(cancel: { writer.cancel() }) {
            try renderer.render(into: writer) { step in progress.update(completed: step.encodedFrames) }
        }
        progress.finish(message: "Wrote \(output): \(frameCount) frames, \(settings.width)x\(settings.height) at \(settings.fps) fps.")
    }
}
