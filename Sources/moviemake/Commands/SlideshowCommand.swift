import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import MovieKitSubtitles

/// Turns photos (files and folders) into a video with music, transitions and Ken Burns motion.
struct SlideshowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slideshow",
        abstract: "Turn a folder of photos into a video with music, transitions and Ken Burns motion.",
        discussion: """
            The movie lasts the sum of the slide durations minus the transitions between them, in whole frames. \
            Everything is checked before the first frame is written: an unreadable photo or audio file, an empty \
            folder or a bad option stops it with exit status 1 and no output. \
            The movie is 1280x720 at 30 fps, or the canvas of --manifest: --size replaces the size, --width and \
            --height each replace one side of it (they win over --size), and --fps replaces the rate.
            """
    )

    enum SortOrder: String, ExpressibleByArgument, CaseIterable { case name, date }
    enum CaptionSource: String, ExpressibleByArgument, CaseIterable { case filename, date }
    enum FitMode: String, ExpressibleByArgument, CaseIterable {
        case cover, contain
        case containBlur = "contain-blur"
        case stretch
        var fit: ContentFit {
            switch self {
            case .cover: .cover
            case .contain, .containBlur: .contain
            case .stretch: .stretch
            }
        }
        var backdrop: Slideshow.Backdrop { self == .containBlur ? .blurred : .background }
    }

    @Argument(
        help:
            "Photos, movie clips and folders of them (JPEG, PNG, WebP, TIFF, BMP, GIF, HEIC/HEIF, AVIF; MP4, MOV, M4V, WebM, MKV)."
    )
    var inputs: [String] = []

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(EncodingOptions.movieOutputHelp))
    var output: String

    @Option(help: "A slideshow manifest (YAML or JSON) instead of, or before, the inputs.")
    var manifest: String?

    @Flag(help: "Look into folders inside the input folders too.")
    var recursive = false

    @Option(
        help:
            "Order of the photos: name (natural: img2 before img10) or date (EXIF DateTimeOriginal, else the file's time)."
    )
    var sort: SortOrder = .name

    @Option(
        help: "The colour behind photos, as #RRGGBB, #RRGGBBAA or a name such as white.",
        transform: ColorArgument.parse)
    var background: Color = .black

    @Option(help: "Seconds each photo shows, including the transitions.")
    var duration = 3.0

    @Option(
        help:
            "The transition between photos: one of \(TransitionKind.names.joined(separator: ", ")), or a gl-transitions name (\(TransitionCatalog.builtIn.shaderNames.joined(separator: ", ")), or one of the --gl-transitions folder)."
    )
    var transition = "crossfade"

    @Option(help: "Seconds each transition lasts.")
    var transitionDuration = 0.5

    @Flag(help: "Stretch all photo durations evenly so that the video ends with the music.")
    var fitAudio = false

    @Option(help: "How photos fit the canvas.")
    var fit: FitMode = .containBlur

    @Flag(help: "A slow zoom (1.0 to 1.15) with a gentle pan, in a direction that changes from photo to photo.")
    var kenBurns = false

    @Option(help: "A title slide before the photos.")
    var title: String?

    @Option(help: "A caption on every photo: its file name, or the date it was taken.")
    var captions: CaptionSource?

    @Option(help: "Music (repeatable: the files play one after another).")
    var audio: [String] = []

    @Option(
        help: ArgumentHelp(
            "A WebVTT (.vtt) or SRT (.srt) file to burn in over the slideshow, its cues timed from its start.",
            valueName: "file"))
    var subtitles: String?

    @Option(
        help: ArgumentHelp(
            "A word-timed transcript (.json from OpenAI Whisper, WhisperX, whisper.cpp -ojf or Remotion) shown as animated captions over the slideshow (--captions captions the photos).",
            valueName: "file"))
    var transcript: String?

    @OptionGroup var subtitleTracks: SubtitleTrackOptions

    @Option(help: "Music volume: 1 keeps the level.")
    var audioVolume = 1.0

    @Option(help: "Seconds the music fades in.")
    var audioFadeIn = 0.0

    @Option(help: "Seconds the music fades out at the end.")
    var audioFadeOut = 1.0

    @Flag(help: "Repeat the music until the video ends (otherwise shorter music leaves silence).")
    var loopAudio = false

    @Option(help: "The longest a movie clip among the photos plays, in seconds (default: its whole length).")
    var maxClipDuration: Double?

    @Option(help: "Whether movie clips among the photos play their own sound.")
    var clipAudio: ClipAudio = .keep

    @Flag(help: "Lower the music to a quarter while a clip's own sound plays.")
    var duck = false

    @OptionGroup(title: "Transitions") var transitions: TransitionOptions

    @OptionGroup var encoding: EncodingOptions

    @OptionGroup(title: "Chunks") var chunks: ChunkOptions

    @OptionGroup(title: "Progress") var progress: ProgressOptions

    mutating func validate() throws {
        if inputs.isEmpty, manifest == nil {
            throw ValidationError(
                "No photos were given; pass photo files or folders, or --manifest with a slideshow manifest.")
        }
        if let maxClipDuration, !(maxClipDuration > 0 && maxClipDuration.isFinite) {
            throw ValidationError(
                "--max-clip-duration \(maxClipDuration) is not a positive number of seconds; pass a value such as 10.")
        }
    }

    func run() throws {
        let show: Slideshow
        do {
            show = try makeSlideshow(transitions: try transitions.catalog())
            try show.validate()
        } catch let error as ValidationError {
            throw error
        } catch {
            throw CommandFailure("\(error)")
        }
        let url = URL(fileURLWithPath: output)
        if !encoding.overwrite, FileManager.default.fileExists(atPath: url.path) {
            throw MovieKitError.fileExists(path: url.path)
        }
        let photoPaths = show.slides.compactMap { slide -> String? in
            if case .photo(let photo) = slide.content { return photo.standardizedFileURL.path }
            if case .video(let clip) = slide.content { return clip.url.standardizedFileURL.path }
            return nil
        }
        if photoPaths.contains(url.standardizedFileURL.path) {
            throw CommandFailure("The output \(url.path) is also one of the photos; write the movie somewhere else.")
        }
        let settings = try encoding.movieSettings(width: show.width, height: show.height, fps: show.fps)
        var scene = try show.scene()
        // Read now, so that a bad file stops the render before its first frame.
        if let subtitles {
            let layer = try Layer.subtitles(contentsOf: URL(fileURLWithPath: subtitles))
            SubtitleFileOptions.reportFonts(of: [layer])
            scene.layers.append(layer)
        }
        if let transcript { scene.layers.append(try Layer.captions(contentsOf: URL(fileURLWithPath: transcript))) }
        // The renderer waits for its photo prefetch when it is released, before the command exits.
        let renderer = try SceneRenderer(scene: scene)
        var job = MovieRender(
            renderer: renderer, output: url, settings: settings,
            identity: "slideshow " + photoPaths.joined(separator: "\n") + "\(try show.timing().slides)"
                + [subtitles, transcript].compactMap { $0.map { "\n" + Render.contentsOrPath($0) } }.joined()
                + subtitleTracks.identity)
        job.subtitleTracks = try subtitleTracks.subtitleTracks()
        _ = try RenderRunner.run(job, encoding: encoding, chunks: chunks, progress: progress)
    }

    /// The slideshow the flags describe, its transition names looked up in `catalog`.
    func makeSlideshow(transitions catalog: TransitionCatalog) throws -> Slideshow {
        var show = Slideshow(
            width: EncodingOptions.defaultWidth, height: EncodingOptions.defaultHeight, fps: EncodingOptions.defaultFPS,
            background: background)
        guard var chosen = catalog.transition(named: transition) else {
            throw CommandFailure(
                "Transition \"\(transition)\" is not one MovieKit knows; use one of \(TransitionKind.names.joined(separator: ", ")), or a gl-transitions name such as \(catalog.shaderNames.prefix(3).joined(separator: ", "))."
            )
        }
        chosen.duration = transitionDuration
        guard duration > 0, duration.isFinite else {
            throw CommandFailure("Duration \(duration) s is not positive; pass --duration with a value such as 3.")
        }
        if let manifest {
            // The manifest's timing and slides win over the flags; photos given as inputs follow its slides.
            show = try ManifestLoader.load(URL(fileURLWithPath: manifest), transitions: catalog)
        } else {
            show.transition = chosen
            show.slideDuration = duration
            show.fit = fit.fit
            show.backdrop = fit.backdrop
            show.kenBurns = kenBurns
        }
        // The size and rate flags replace the canvas, the manifest's or the default one.
        let size = try encoding.frame.frameSize(over: (show.width, show.height))
        show.width = size.width
        show.height = size.height
        show.fps = encoding.frame.fps ?? show.fps
        var options = Slideshow.InputOptions()
        options.recursive = recursive
        options.sortsByDate = sort == .date
        options.title = title
        options.caption = captions.map { $0 == .date ? .date : .filename }
        options.mutesClips = clipAudio == .mute
        options.maxClipDuration = maxClipDuration
        options.music = audio.map { URL(fileURLWithPath: $0) }
        options.musicVolume = audioVolume
        options.musicFadeIn = audioFadeIn
        options.musicFadeOut = audioFadeOut
        options.loopsMusic = loopAudio
        options.fitsMusic = fitAudio
        options.ducksMusic = duck
        do {
            try show.appendSlides(for: inputs.map { URL(fileURLWithPath: $0) }, options: options)
        } catch let error as SlideshowInputError {
            throw CommandFailure(Self.sentence(for: error))
        }
        return show
    }

    /// The library's sentence for `error`, with the flag that fixes it.
    static func sentence(for error: SlideshowInputError) -> String {
        switch error {
        case .missingInput:
            return error.description
        case .noPhotos(let paths, let recursive):
            let folders = recursive ? "" : ", and folders inside folders are read only with --recursive"
            return "No photos were found in \(paths.joined(separator: ", ")); hidden files are skipped\(folders)."
        case .noMusicToFit:
            return "--fit-audio needs music: pass --audio with a music file."
        }
    }

    /// What happens to the sound of movie clips among the photos.
    enum ClipAudio: String, ExpressibleByArgument, CaseIterable {
        case keep
        case mute
    }

}
