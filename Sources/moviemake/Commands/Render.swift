import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import MovieKitSubtitles

/// Renders a scene file into a movie.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a scene file, slideshow manifest or editly spec into a movie.",
        discussion: """
            SCENE is a scene file (.yaml, .yml or .json with `canvas` and `layers`), a slideshow manifest \
            (.yaml, .yml or .json with `slides`), an editly spec (.json5) or a Lottie animation (.json, .lottie, .tgs); \
            a Lottie stays transparent in outputs that keep alpha unless --background is given. \
            The size and frame rate come from its canvas: --size replaces the size, --width and --height each \
            replace one side of it (they win over --size), and --fps replaces the rate; the scene is scaled \
            to fit the new size with its aspect ratio kept. \
            The scene is checked completely before the first frame is encoded, its audio files included: nothing is \
            written when it is invalid. Without -o, an editly spec is written to its `outPath`. GIF, PNG, WebP, \
            ProRes and VP9 take any size; H.264, HEVC and AV1 take multiples of 16 for a scene file or manifest \
            (refused otherwise, so that its author picks the size), while a movie clip, editly spec, Lottie or \
            subtitle file keeps its own size (1920x1080 stays 1920x1080; an odd side is rounded up to an even one). An editly spec's `fast: true` renders as --draft, and its `customOutputArgs` give -crf, -preset, -tune, \
            -b:v and -pix_fmt where the flags leave them unset. The scene's `audio:` tracks are mixed into the movie as AAC and end with its last frame. \
            A subtitle file (.vtt, .srt, .ass, .ssa) renders alone over a transparent background (ProRes 4444 in .mov, VP9 in \
            .webm, a PNG folder), laid out at --size (default: an ASS file's PlayResX x PlayResY, else 1920x1080); \
            a movie clip renders at its own size and rate, with its sound.
            """
    )

    @Argument(help: "The scene file, slideshow manifest, editly spec, Lottie animation, movie clip or subtitle file.")
    var scene: String

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(EncodingOptions.movieOutputHelp + " Default: an editly spec's `outPath`."))
    var output: String?

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup(title: "Transitions") var transitions: TransitionOptions

    @Option(
        help: ArgumentHelp(
            "The colour behind a Lottie animation, such as #ffffff or white. Without it a Lottie is transparent in outputs that keep alpha (a PNG folder, VP9 .webm, GIF, ProRes 4444 .mov) and black in others.",
            valueName: "color"), transform: ColorArgument.parse)
    var background: Color?

    @Option(
        help: ArgumentHelp(
            "A WebVTT (.vtt), SRT (.srt), ASS or SSA (.ass, .ssa) file to burn in over the whole movie, its cues timed from the movie's start.",
            valueName: "file"))
    var subtitles: String?

    @OptionGroup var subtitleFiles: SubtitleFileOptions

    @OptionGroup var subtitleTracks: SubtitleTrackOptions

    @Option(
        help: ArgumentHelp(
            "A word-timed transcript (.json from OpenAI Whisper, WhisperX, whisper.cpp -ojf or Remotion) to show as animated captions over the whole movie.",
            valueName: "file"))
    var captions: String?

    @Option(
        help: ArgumentHelp(
            "The look of --captions: classic, karaoke, boxed, pill or pop. Default: classic.", valueName: "name"))
    var captionStyle: String?

    @Option(
        help: ArgumentHelp(
            "The colour of the word being spoken in --captions, such as #FFD700 or yellow.", valueName: "color"),
        transform: ColorArgument.parse)
    var activeColor: Color?

    @OptionGroup var encoding: EncodingOptions

    @OptionGroup(title: "Chunks") var chunks: ChunkOptions

    @OptionGroup(title: "Target") var targets: TargetOptions

    @OptionGroup(title: "Progress") var progress: ProgressOptions

    mutating func validate() throws {
        if captions == nil, captionStyle != nil || activeColor != nil {
            throw ValidationError(
                "--caption-style and --active-color style --captions; pass --captions with a transcript too.")
        }
        if let captionStyle, CaptionStyle.named[captionStyle] == nil {
            throw ValidationError(
                "--caption-style \(captionStyle) is not a caption style; use one of \(CaptionStyle.named.keys.sorted().joined(separator: ", "))."
            )
        }
    }

    /// What `--subtitles` and `--captions` add to a movie, for the chunk tag: chunks with other
    /// overlays are not parts of the same movie.
    var overlayIdentity: String {
        [("subtitles", subtitles), ("captions", captions), ("caption style", captionStyle)]
            .compactMap { name, value in value.map { "\n\(name) \(Self.contentsOrPath($0))" } }.joined()
            + (activeColor.map { "\nactive colour \($0)" } ?? "")
    }

    /// A file's text when it can be read, so that an edited file makes another movie; else its path.
    static func contentsOrPath(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? path
    }

    /// The style of `--captions`: the named one, with the active colour given.
    var captionLook: CaptionStyle {
        var style = captionStyle.flatMap { CaptionStyle.named[$0] } ?? CaptionStyle()
        if let activeColor { style.activeColor = activeColor }
        return style
    }

    func run() throws {
        // Any format of moviemake's content registry: checked completely (photos and audio files included)
        // before the first frame. The renderer waits for a slideshow's photo prefetch when released.
        var document = try sceneOptions.document(forSceneAt: scene, transitions: try transitions.catalog())
        let frame = self.encoding.frame
        document = try subtitleFiles.sized(document) { try frame.frameSize(over: $0) }
        if let background {
            guard document.hasTransparentCanvas else {
                throw ValidationError(
                    "--background colours the back of a Lottie animation; \(scene) is a \(document.format), so set its own background instead."
                )
            }
            document.scene.canvas.background = background
        }
        if let subtitles {
            // Read now, so that a bad file stops the render before its first frame.
            document.scene.layers.append(
                try Layer.subtitles(contentsOf: URL(fileURLWithPath: subtitles), fontDirectories: subtitleFiles.folders)
            )
        }
        if let captions {
            document.scene.layers.append(
                try Layer.captions(contentsOf: URL(fileURLWithPath: captions), style: captionLook))
        }
        guard let output = output.map({ URL(fileURLWithPath: $0) }) ?? document.outputURL else {
            throw ValidationError(
                "\(scene) names no movie to write; pass -o with the movie's path (an editly spec may name it with `outPath`)."
            )
        }
        let renderer = try sceneOptions.renderer(for: document)
        // The settings, as every front end derives them (RenderPlan); --background makes the movie opaque.
        let plan = try encoding.plan(
            for: document, output: output, sceneFile: scene, alpha: background == nil ? nil : false)
        // A target's size wins over the canvas's: a sticker is 512 pixels on its longer side whatever
        // the source.
        let settings =
            targets.target == .telegramSticker
            ? try TelegramSticker.settings(
                forCanvasWidth: renderer.canvas.width, height: renderer.canvas.height, fps: renderer.canvas.fps,
                preset: plan.settings.preset)
            : plan.settings
        // What is rendered: the file as written and the variables filled into it.
        let sceneText = (try? String(contentsOfFile: scene, encoding: .utf8)) ?? scene
        let variables = try sceneOptions.variables().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var job = MovieRender(
            renderer: renderer, output: output, settings: settings,
            identity: sceneText + "\n" + variables.joined(separator: "\n") + overlayIdentity
                + subtitleTracks.identity)
        job.subtitleTracks = try subtitleTracks.subtitleTracks()
        if targets.target == .telegramSticker {
            try renderSticker(job, canvas: renderer.canvas, preset: settings.preset)
            return
        }
        _ = try RenderRunner.run(job, encoding: encoding, chunks: chunks, progress: progress)
    }

    /// Renders `job` as a Telegram sticker (`TelegramSticker`), in this process: no audio, cut at
    /// 3 seconds with `--trim`, at the bit rate the library's search finds.
    private func renderSticker(_ job: MovieRender, canvas: Canvas, preset: Preset) throws {
        if chunks.frames != nil || chunks.chunk != nil || chunks.jobs != nil {
            throw ValidationError(
                "--target telegram-sticker renders in one process; leave out --chunk, --frames and --jobs.")
        }
        var sticker = job
        let frames = try TelegramSticker.frameCount(
            output: job.output, duration: canvas.duration, fps: job.settings.fps, trims: targets.trim)
        sticker.frameCount = min(frames, job.frameCount)
        sticker.audio = []
        let seconds = sticker.settings.fps.duration(ofFrames: sticker.frameCount)
        let fit = try TelegramSticker.render(output: job.output, settings: sticker.settings, duration: seconds) {
            settings, attempt in
            var attemptJob = sticker
            attemptJob.settings = settings
            try RenderRunner.renderWhole(
                attemptJob, overwrite: encoding.overwrite || attempt > 0, concurrency: encoding.concurrency,
                progress: progress, summary: nil)
        }
        let rate = fit.settings.bitRate.map { "\($0 / 1000) kb/s" } ?? "constant quality"
        let summary =
            "Wrote \(job.output.path): a Telegram sticker of \(fit.settings.width)x\(fit.settings.height), \(sticker.frameCount) frames at \(fit.settings.fps) fps, \(fit.bytes / 1000) KB (\(rate), attempt \(fit.attempt))."
        // The last attempt's progress bar has ended its line.
        ProgressReporter(total: 0, style: progress.style == .bar ? .auto : progress.style).finish(message: summary)
    }
}
