import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import MovieKitSubtitles

/// `moviemake audiogram`: a podcast clip with cover art, a waveform and captions (``Audiogram``).
struct AudiogramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audiogram",
        abstract: "Make a podcast clip: cover art, a title, a waveform moving with the voice, and the words captioned.",
        discussion: """
            The clip is the stretch of AUDIO from --from to --to (the episode's seconds), at 1088x1920 (vertical), \
            1088x1088 (square) or 1920x1088 (landscape). --captions takes the episode's word-timed transcript \
            (OpenAI Whisper, WhisperX, whisper.cpp -ojf or Remotion JSON), whose times are the episode's. \
            Everything is checked before the first frame.
            """
    )

    @Argument(help: "The episode's sound (any format FFmpeg reads: .mp3, .m4a, .wav …).")
    var audio: String

    @Option(name: [.short, .customLong("output")], help: "The movie to write (.mp4, .mov or .mkv).")
    var output: String

    @Option(help: ArgumentHelp("The episode's word-timed transcript, to caption the clip.", valueName: "words.json"))
    var captions: String?

    @Option(help: ArgumentHelp("The cover art (an image).", valueName: "image"))
    var cover: String?

    @Option(help: "A title shown above the cover art.")
    var title: String?

    @Option(help: "Where the clip starts in the episode, in seconds. Default: 0.")
    var from: Double?

    @Option(help: "Where the clip ends in the episode, in seconds. Default: the episode's end.")
    var to: Double?

    @Option(help: "The frame: vertical (9:16), square (1:1) or landscape (16:9).")
    var format: Audiogram.Format = .vertical

    @Option(
        help: ArgumentHelp(
            "The waveform's colour and the spoken word's, such as #FFCC33 or yellow.", valueName: "color"),
        transform: ColorArgument.parse)
    var accent: Color?

    @Option(
        help: ArgumentHelp(
            "The look of the captions: classic, karaoke, boxed, pill or pop. Default: karaoke.", valueName: "name"))
    var captionStyle: String?

    @OptionGroup var encoding: EncodingOptions

    @OptionGroup(title: "Progress") var progress: ProgressOptions

    mutating func validate() throws {
        if let from, !(from >= 0) { throw ValidationError("--from \(from) is negative; pass 0 or more seconds.") }
        if let to, !(to > from ?? 0) {
            throw ValidationError("--to \(to) is not after --from \(from ?? 0); the clip must last.")
        }
        if let captionStyle, CaptionStyle.named[captionStyle] == nil {
            throw ValidationError(
                "--caption-style \(captionStyle) is not a caption style; use one of \(CaptionStyle.named.keys.sorted().joined(separator: ", "))."
            )
        }
    }

    func run() throws {
        var clip = Audiogram(audio: URL(fileURLWithPath: audio))
        clip.transcript = captions.map { URL(fileURLWithPath: $0) }
        clip.cover = cover.map { URL(fileURLWithPath: $0) }
        clip.title = title
        clip.format = format
        if let accent { clip.accent = accent }
        if let captionStyle, let style = CaptionStyle.named[captionStyle] { clip.captionStyle = style }
        clip.from = from ?? 0
        clip.to = to
        let scene: Scene
        do {
            scene = try clip.scene()
        } catch let error as AudiogramError {
            throw CommandFailure(error.description)
        }
        let renderer = try SceneRenderer(scene: scene)
        let url = URL(fileURLWithPath: output)
        let settings = try encoding.settings(for: renderer.canvas, sceneFile: audio, output: url)
        let identity = [
            "audiogram", audio, captions ?? "", cover ?? "", title ?? "",
            "\(clip.from)..<\(clip.to.map { "\($0)" } ?? "end")"
        ]
        let job = MovieRender(
            renderer: renderer, output: url, settings: settings, identity: identity.joined(separator: "\n"))
        _ = try RenderRunner.run(job, encoding: encoding, chunks: try ChunkOptions.parse([]), progress: progress)
    }
}

extension Audiogram.Format: ExpressibleByArgument {}
