import ArgumentParser
import Foundation
import MovieKitCore
import MovieKitScene

/// Renders a scene file into a movie.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene file (.yaml, .yml or .json) or an editly spec (.json5) into a movie.",
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
        // An editly spec (JSON5) is a slideshow: checked, with its music (which its scene carries).
        var slideshow: Slideshow?
        let lowered = scene.lowercased()
        if lowered.hasSuffix(".json5") {
            do {
                let show = try EditlySpec.load(from: URL(fileURLWithPath: scene))
                try show.validate()
                slideshow = show
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        let renderer = try slideshow.map { try SceneRenderer(scene: $0.scene()) } ?? sceneOptions.renderer(forSceneAt: scene)
        // A slideshow's next photo may still be decoding when the render stops early; let it finish
        // before the command exits.
        defer { Slideshow.waitForPhotoDecodes() }
        let settings = try encoding.settings(for: renderer.canvas, sceneFile: scene)
        let sameRate = slideshow.map { settings.fps == $0.fps } ?? false
        let frameCount = try sameRate
            ? slideshow?.timing().frameCount ?? 1
            : max(1, settings.fps.frameCount(forSeconds: renderer.canvas.duration))
        // What is rendered: the scene file as written and the variables filled into it.
        let sceneText = (try? String(contentsOfFile: scene, encoding: .utf8)) ?? scene
        let variables = try sceneOptions.variables().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let job = RenderJob(
            output: URL(fileURLWithPath: output), settings: settings, frameCount: frameCount,
            movieIdentity: sceneText + "\n" + variables.joined(separator: "\n"),
            audio: renderer.scene.audio, repeatsPrevious: sameRate ? try slideshow?.stillFrames() : nil,
            draw: { context, frame in renderer.draw(in: context, at: frame.time) })
        _ = try RenderRunner.run(job, encoding: encoding, chunks: chunks, progress: progress)
    }
}
