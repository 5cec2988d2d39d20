import Foundation
import FrameDraw
import MovieKitCore

/// One movie ready to render: what each frame draws, the sound and subtitle tracks, the settings and
/// the destination. ``run(frames:overwrite:concurrency:cancellation:progress:)`` is the render loop
/// every front end uses, for the whole movie or one chunk of it.
///
/// ```swift
/// let plan = try RenderPlan(document: document, output: URL(fileURLWithPath: "out.mp4"))
/// let render = try MovieRender(plan: plan)
/// try render.run { progress in print(progress.encodedFrames, "of", progress.totalFrames) }
/// ```
public struct MovieRender: Sendable {
    /// Where the movie goes.
    public var output: URL
    /// The movie's settings.
    public var settings: MovieSettings
    /// The number of frames of the whole movie.
    public var frameCount: Int
    /// What is rendered (a document's contents and variables, say), for the fingerprints of chunks:
    /// chunks join only with chunks of the same movie.
    public var identity: String
    /// The sound, mixed under the pictures.
    public var audio: [AudioTrack]
    /// Subtitle streams carried in the movie.
    public var subtitleTracks: [SubtitleTrack]
    /// Which frames hold the frame before them still (not drawn again), by index in the movie.
    var repeatsPrevious: (@Sendable (Int) -> Bool)?
    /// Whether frames start cleared; `false` when `draw` sets every pixel (a scene fills its background).
    var clearsFrames: Bool
    /// Draws one frame; the backdrop is told when a clip's decoded picture fills it (`SceneRenderer`).
    var draw: @Sendable (DrawingContext, FrameTime, FrameBackdrop) throws -> Void

    /// A movie whose frames `draw` draws, each from its time alone.
    /// - Parameters:
    ///   - output: Where the movie goes.
    ///   - settings: The movie's settings.
    ///   - frameCount: How many frames the movie has.
    ///   - identity: What is rendered, for chunk fingerprints.
    ///   - audio: The sound.
    ///   - subtitleTracks: Subtitle streams to carry.
    ///   - draw: Draws one frame into a cleared context; called concurrently for different frames.
    public init(
        output: URL, settings: MovieSettings, frameCount: Int, identity: String, audio: [AudioTrack] = [],
        subtitleTracks: [SubtitleTrack] = [], draw: @escaping @Sendable (DrawingContext, FrameTime) throws -> Void
    ) {
        self.output = output
        self.settings = settings
        self.frameCount = frameCount
        self.identity = identity
        self.audio = audio
        self.subtitleTracks = subtitleTracks
        repeatsPrevious = nil
        clearsFrames = true
        self.draw = { context, frame, _ in try draw(context, frame) }
    }

    /// A scene's movie: its frame count, held frames and audio at the settings' frame rate.
    /// - Parameters:
    ///   - renderer: The scene's renderer.
    ///   - output: Where the movie goes.
    ///   - settings: The movie's settings; another size scales the scene to fit.
    ///   - identity: What is rendered, for chunk fingerprints.
    public init(renderer: SceneRenderer, output: URL, settings: MovieSettings, identity: String) {
        let scene = renderer.scene
        self.output = output
        self.settings = settings
        frameCount = scene.frameCount(at: settings.fps)
        self.identity = identity
        audio = scene.audio
        subtitleTracks = []
        repeatsPrevious = scene.repeatsPrevious(at: settings.fps)
        clearsFrames = false
        draw = { context, frame, backdrop in renderer.draw(in: context, at: frame.time, over: backdrop) }
    }

    /// A plan's movie: its document's scene at the plan's settings, to the plan's output.
    /// - Parameters:
    ///   - plan: The plan.
    ///   - images: Decoded images to share with other renders, as a server does.
    ///   - identity: What is rendered, for chunk fingerprints; `nil` takes the document file's text.
    /// - Throws: `SceneError` when the scene's renderer cannot be made.
    public init(plan: RenderPlan, images: DecodedImages? = nil, identity: String? = nil) throws {
        let renderer = try SceneRenderer(scene: plan.document.scene, images: images)
        let url = plan.document.url
        self.init(
            renderer: renderer, output: plan.output, settings: plan.settings,
            identity: identity ?? (try? String(contentsOf: url, encoding: .utf8)) ?? url.path)
    }

    /// Renders the movie, or frames `frames` of it as a chunk (`moviemake concat` or
    /// `MovieChunks` join chunks), and returns the writer's statistics.
    ///
    /// A chunk holds pictures only: the sound and subtitle tracks are written when chunks are joined.
    /// - Parameters:
    ///   - frames: The frames of a chunk; `nil` for the whole movie.
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - concurrency: How many threads draw.
    ///   - cancellation: Where a cancel (a signal, a request) reaches the writer.
    ///   - progress: Called as frames reach the encoder, and once more when the file is in place.
    /// - Throws: `ChunkError.framesOutsideMovie` for `frames` that are empty or reach outside
    ///   `0..<frameCount`, before anything is written; `MovieKitError` from the writer (`.cancelled`
    ///   after a cancel); nothing is left at ``output`` on failure.
    @discardableResult
    public func run(
        frames: Range<Int>? = nil, overwrite: Bool = false, concurrency: RenderConcurrency = .automatic,
        cancellation: WriterCancellation? = nil, progress: (@Sendable (RenderProgress) -> Void)? = nil
    ) throws -> RenderStatistics {
        if let frames, frames.isEmpty || frames.lowerBound < 0 || frames.upperBound > frameCount {
            throw ChunkError.framesOutsideMovie(frames, frameCount: frameCount)
        }
        let chunk = frames.map {
            ChunkIdentity(frames: $0, totalFrames: frameCount, settings: settings, movie: identity)
        }
        let writer =
            try chunk.map {
                try MovieWriter(
                    url: output, settings: settings, chunk: $0, overwrite: overwrite, concurrency: concurrency)
            } ?? MovieWriter(url: output, settings: settings, overwrite: overwrite, concurrency: concurrency)
        cancellation?.hold(writer)
        if chunk == nil {
            for track in audio { try writer.addAudio(track) }
            for track in subtitleTracks { try writer.addSubtitles(track) }
        }
        try writer.render(
            frameCount: frames?.count ?? frameCount, repeatsPrevious: repeatsPrevious, clearsFrames: clearsFrames,
            progress: progress, drawingOver: draw)
        return writer.statistics
    }
}
