import ArgumentParser
import Foundation
import MovieKitCore
import MovieKitScene

/// Renders a scene file into a movie.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene file, slideshow manifest (.yaml, .yml or .json) or editly spec (.json5) into a movie.",
        discussion: """
            The size and frame rate come from the scene's canvas. --width, --height and --fps, when given, \
            replace the scene's values; the scene is scaled to fit the new size with its aspect ratio kept. \
            The scene is checked completely before the first frame is encoded, its audio files included: nothing is \
            written when it is invalid. The scene's `audio:` tracks are mixed into the movie as AAC and end with its last frame.
            """
    )

    @Argument(help: "The scene file.")
    var scene: String

    @Option(name: [.short, .customLong("output")], help: "The movie to write (.mp4, .m4v or .mov).")
    var output: String

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var encoding: EncodingOptions

    @OptionGroup var chunks: ChunkOptions

    @OptionGroup var progress: ProgressOptions

    func run() throws {
        // Any format of SceneFormat.all: checked completely (photos and audio files included)
        // before the first frame. The renderer waits for a slideshow's photo prefetch when released.
        let renderer = try sceneOptions.renderer(forSceneAt: scene)
        let settings = try encoding.settings(for: renderer.canvas, sceneFile: scene)
        // What is rendered: the file as written and the variables filled into it.
        let sceneText = (try? String(contentsOfFile: scene, encoding: .utf8)) ?? scene
        let variables = try sceneOptions.variables().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let job = RenderJob(
            renderer: renderer, output: URL(fileURLWithPath: output), settings: settings,
            movieIdentity: sceneText + "\n" + variables.joined(separator: "\n"))
        _ = try RenderRunner.run(job, encoding: encoding, chunks: chunks, progress: progress)
    }
}
