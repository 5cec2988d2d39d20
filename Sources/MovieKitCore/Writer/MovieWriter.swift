import Foundation
import FrameDraw
internal import LibAV
import Synchronization

/// Writes a movie frame by frame: each frame is drawn by a closure into a Cairo ARGB32 buffer
/// (origin top-left, y grows down), converted by swscale to the codec's pixel format (yuv420p with
/// the BT.709 matrix for the default H.264) and encoded into the container the destination's
/// extension names: MP4 (`.mp4`, `.m4v`), QuickTime (`.mov`), WebM, Matroska (`.mkv`), GIF, or a
/// folder of PNG files.
///
/// ```swift
/// let settings = try MovieSettings(width: 1280, height: 720, fps: 30)
/// let writer = try MovieWriter(url: URL(fileURLWithPath: "out.mp4"), settings: settings)
/// try writer.addFrame { context in
///     context.setFillColor(.red)
///     context.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
/// }
/// try writer.finish()
/// ```
///
/// Frame n is presented at exactly n / fps. The movie is written to a temporary file beside the
/// destination and moved into place by `finish()`; if the writer is abandoned, cancelled or any
/// step fails, the temporary file is removed and the destination is left untouched.
///
/// Frames are added from one thread at a time; `cancel()` may be called from any thread.
/// Drawing overlaps with encoding: `addFrame` returns as soon as its frame is handed to the
/// encoder, and an encoder error surfaces at the next `addFrame` or at `finish()`. `addFrame`
/// blocks while the encoder is behind, so call it from your own thread, not from Swift's
/// cooperative pool; from async code use `MovieWriter.render(...) async`.
public final class MovieWriter: Sendable {
    /// The movie's settings.
    public let settings: MovieSettings
    /// The destination file (or folder, for a PNG sequence).
    public let url: URL
    /// The codec in use: the settings' own, or the one the destination's extension implies.
    public let codec: VideoCodec
    /// The container, from the destination's extension.
    public let container: MovieContainer

    /// The number of frames added so far.
    public var frameCount: Int { state.withLock { $0.frameCount } }

    /// The number of frames the encoder has taken so far; it trails `frameCount` while frames
    /// are in flight, and equals it after `finish()`.
    public var encodedFrameCount: Int {
        state.withLock { $0.pipeline?.encodedFrames ?? $0.finishedStatistics.frames }
    }

    /// Per-stage timings: where the time went so far. Frames still being encoded are counted once
    /// they are done (reading this waits for them).
    public var statistics: RenderStatistics {
        let (pipeline, caller, finished) = state.withLock { ($0.pipeline, $0.callerStatistics, $0.finishedStatistics) }
        var result = pipeline?.workerStatistics ?? finished
        result.drawing = caller.drawing
        result.waitingForEncoder = caller.waitingForEncoder
        result.conversion = caller.conversion
        return result
    }

    /// The drawing buffers for `threads` drawing threads: one each, and one more, so that a
    /// frame that keeps the previous frame's pixels copies them from a slot nobody draws in.
    static func slotCount(drawingThreads threads: Int) -> Int { max(1, threads) + 1 }

    /// The bytes of pictures that may wait for the encoder: enough for x264 at `medium` to fill
    /// its lookahead while drawing goes on, at every size, and the same however long the movie.
    static let queuedPictureBudget = 96 << 20

    /// The pictures that may wait for the encoder (or be held for repeats): as many as fit
    /// `queuedPictureBudget`, at least 2 and at most 32.
    static func sparePictureCount(width: Int, height: Int, format: PixelFormat) -> Int {
        min(32, max(2, queuedPictureBudget / max(1, format.byteCount(width: width, height: height))))
    }

    struct State: ~Copyable {
        var pipeline: EncodingPipeline?
        var lastSlot: FrameSlot?
        var frameCount = 0
        var cancelled = false
        var audioDeclared = false
        var callerStatistics = RenderStatistics()
        var finishedStatistics = RenderStatistics()
    }

    private let overwrite: Bool
    private let file: PartialOutput
    let state: Mutex<State>

    /// Opens a movie for writing.
    /// - Parameters:
    ///   - url: The destination. Its extension chooses the container: `.mp4`/`.m4v`, `.mov`,
    ///     `.webm`, `.mkv` or `.gif`; no extension writes a folder of PNG files.
    ///   - settings: Size, frame rate, codec and encoder options.
    ///   - overwrite: Whether an existing file at `url` may be replaced (when `finish()` succeeds).
    ///   - concurrency: How many threads `render(frameCount:repeatsPrevious:clearsFrames:progress:draw:)` draws with; each has
    ///     a drawing buffer of its own. `addFrame` always draws on the calling thread.
    /// - Throws: `MovieKitError.fileExists`, `.unsupportedContainer`, `.codecNotInContainer`,
    ///   `.alphaNotInContainer`, `.encoderUnavailable`, `.encoderSettingsRefused`, `.writeFailed`,
    ///   `.outOfMemory` or `.fileSystem`.
    public convenience init(
        url: URL, settings: MovieSettings, overwrite: Bool = false, concurrency: RenderConcurrency = .fixed(1)
    ) throws {
        try self.init(url: url, settings: settings, overwrite: overwrite, drawingThreads: concurrency.threadCount)
    }

    /// The number of threads `render(frameCount:repeatsPrevious:clearsFrames:progress:draw:)` draws with.
    public let drawingThreads: Int
    /// For a chunk of a larger movie: which frames it holds.
    public let chunk: ChunkIdentity?

    /// Opens one chunk of a larger movie, for renders split across processes or machines: an
    /// `.mp4` written as fragments, keyframes at fixed positions, tagged with `chunk`'s frame range
    /// and fingerprints for `MovieChunks.join`. Draw the chunk's frames in order with the movie's
    /// own frame times (`render(frameCount:…)` on a chunk writer does this). Re-rendering a chunk
    /// gives the same bytes.
    /// - Throws: Any error of `init(url:settings:overwrite:concurrency:)`, or
    ///   `.codecNotInContainer` for a destination other than `.mp4` or a codec other than H.264 or HEVC.
    public convenience init(
        url: URL, settings: MovieSettings, chunk: ChunkIdentity, overwrite: Bool = false,
        concurrency: RenderConcurrency = .fixed(1)
    ) throws {
        try self.init(
            url: url, settings: settings, overwrite: overwrite, drawingThreads: concurrency.threadCount, chunk: chunk)
    }

    /// Opens a movie whose frames `drawingThreads` threads draw at once (see `render(…concurrency:…)`).
    init(url: URL, settings: MovieSettings, overwrite: Bool, drawingThreads: Int, chunk: ChunkIdentity? = nil) throws {
        self.chunk = chunk
        self.drawingThreads = max(1, drawingThreads)
        let path = url.path
        guard let container = MovieContainer(url: url) else {
            throw MovieKitError.unsupportedContainer(path: path)
        }
        let codec = try settings.resolvedCodec(for: container)
        if chunk != nil, container != .mp4 || ![VideoCodec.h264, .hevc].contains(codec) {
            throw MovieKitError.codecNotInContainer(
                codec: "A chunk of \(codec)", container: container.description, suggestions: [".mp4 with H.264 or HEVC"]
            )
        }
        if !overwrite, FileManager.default.fileExists(atPath: path) {
            throw MovieKitError.fileExists(path: path)
        }
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw MovieKitError.fileSystem(
                path: path, reason: "the folder \(directory.path) does not exist; create it first")
        }
        self.url = url
        self.settings = settings
        self.overwrite = overwrite
        self.codec = codec
        self.container = container
        let file = try PartialOutput(destination: url, isFolder: container == .pngSequence)
        self.file = file
        do {
            let stage: any FrameSink =
                switch codec {
                case .gif:
                    try GIFStage(settings: settings, path: file.writePath, destination: path)
                case .png:
                    try EncodeStage(
                        settings: settings, codec: codec, container: container,
                        path: file.temporary.appendingPathComponent("frame-%06d.png").path, destination: path)
                default:
                    try EncodeStage(
                        settings: settings, codec: codec, container: container, path: file.writePath, destination: path,
                        chunk: chunk)
                }
            let format = settings.pixelFormat(for: codec)
            let slots = try (0..<Self.slotCount(drawingThreads: drawingThreads)).map { _ in
                try FrameSlot(width: settings.width, height: settings.height, format: format, alpha: settings.alpha)
            }
            // Untouched until a frame waits in them: mapped pages cost nothing before.
            let spares = try
                (0..<Self.sparePictureCount(width: settings.width, height: settings.height, format: format))
                .map { _ in try FrameSlot.picture(width: settings.width, height: settings.height, format: format) }
            state = Mutex(
                State(
                    pipeline: EncodingPipeline(stage: stage, slots: slots, sparePictures: spares, destination: path)))
        } catch {
            file.removeTemporary()
            throw error
        }
    }

    deinit {
        let pipeline = state.withLock { $0.pipeline }
        if let pipeline {
            pipeline.cancel()
            file.removeTemporary()
        }
    }

    /// Draws one frame.
    ///
    /// The closure receives a drawing context over the frame's pixels, cleared to opaque black
    /// (fully transparent when the settings have `alpha`), or holding the previous frame when
    /// `preservingContents` is true. An error thrown by the
    /// closure propagates, no frame is added, and the writer stays usable.
    /// - Parameters:
    ///   - preservingContents: Start from the previous frame's pixels instead of black, for progressive drawings.
    ///   - draw: Draws the frame.
    /// - Throws: The closure's error; `MovieKitError.writerClosed` after `finish()`; `.cancelled`
    ///   after `cancel()`; or an encoder error from an earlier frame, after which the writer is
    ///   closed and its temporary file removed.
    public func addFrame(preservingContents: Bool = false, _ draw: (DrawingContext) throws -> Void) throws {
        let clock = ContinuousClock()
        let (pipeline, previous) = try openPipeline()
        let slot: FrameSlot
        let waitStart = clock.now
        do {
            slot = try pipeline.acquireSlot()
            try slot.prepare(keeping: preservingContents ? previous : nil)
        } catch {
            fail()
            throw error
        }
        let drawStart = clock.now
        let convertStart: ContinuousClock.Instant
        do {
            try draw(slot.context)
            convertStart = clock.now
            try slot.complete()
        } catch {
            pipeline.returnSlot(slot)
            throw error
        }
        let end = clock.now
        let index = state.withLock { state in
            state.callerStatistics.waitingForEncoder += drawStart - waitStart
            state.callerStatistics.drawing += convertStart - drawStart
            state.callerStatistics.conversion += end - convertStart
            state.lastSlot = slot
            state.frameCount += 1
            return state.frameCount - 1
        }
        pipeline.submit(slot, index: index)
    }

    /// Adds `count` more frames identical to the last one, without drawing or converting them again.
    ///
    /// Use it for stills, such as a photo held on screen in a slideshow: the encoder receives the
    /// already converted picture again, which is much cheaper than drawing it anew. With H.264,
    /// the repeats after the first are also coded as copies of the frame before them, which x264
    /// decides in a fraction of the time a new picture takes; keyframes still come every
    /// `keyframeInterval`. The frames are queued as one job, so memory stays flat however large
    /// `count` is.
    /// - Parameter count: How many frames to add. Zero adds none.
    /// - Throws: `MovieKitError.noPreviousFrame` before the first frame, `.writerClosed` after
    ///   `finish()`, `.cancelled` after `cancel()`, or an encoder error from an earlier frame.
    public func repeatPreviousFrame(count: Int = 1) throws {
        precondition(count >= 0, "repeatPreviousFrame(count:) needs a count of zero or more.")
        let (pipeline, _) = try openPipeline()
        let first: Int = try state.withLock { state in
            guard state.frameCount > 0 else { throw MovieKitError.noPreviousFrame(path: url.path) }
            state.frameCount += count
            return state.frameCount - count
        }
        if count > 0 { pipeline.submitRepeat(count: count, firstIndex: first) }
    }

    /// Adds a music or sound track. Tracks are mixed, limited so that overlaps never clip, encoded
    /// as AAC-LC (48 kHz stereo, `settings.audioBitRate`) and interleaved with the video. The
    /// audio ends exactly at the last video frame, and its sample 0 plays with frame 0 (the
    /// encoder's priming is removed by the container's edit list).
    ///
    /// Add tracks before the first frame; once a movie has audio, more tracks may be added while
    /// rendering if they start at or after the next frame's time.
    /// - Throws: `MovieKitError.unreadableInput` naming the file (nothing is written),
    ///   `.invalidAudioTrack`, `.audioNotInContainer` for `.webm`, `.gif` and PNG folders,
    ///   `.audioAfterFirstFrame`, or `.invalidAudioTrack` for a start already in the past.
    public func addAudio(_ track: AudioTrack) throws {
        try track.validate()
        let (pipeline, _) = try openPipeline()
        guard [.mp4, .mov, .mkv].contains(container) else {
            throw AudioError.notInContainer(path: url.path, container: container.description)
        }
        let (frames, declared) = state.withLock { ($0.frameCount, $0.audioDeclared) }
        if frames > 0, !declared { throw AudioError.addedAfterFirstFrame(path: url.path) }
        let nextFrameTime = settings.fps.time(ofFrame: frames)
        if frames > 0, track.start < nextFrameTime {
            throw AudioError.invalidTrack(
                path: track.url.path, setting: "start", value: track.start,
                rule: "a time at or after the next frame (\(nextFrameTime) s): earlier audio is already written")
        }
        try pipeline.addAudio(track)
        state.withLock { $0.audioDeclared = true }
    }

    /// Adds a subtitle stream that players can switch on: `mov_text` in MP4 and MOV, WebVTT in WebM,
    /// ASS or SRT in Matroska (``SubtitleTrack``), with the track's language, title and default
    /// flag. Its events are written as the video reaches them; their times keep the millisecond.
    /// Add tracks before the first frame.
    /// - Throws: `SubtitleTrackError.notInContainer` for GIF, WebP and PNG folders,
    ///   `.addedAfterFirstFrame`, `.invalidLanguage` or `.invalidTimes`.
    public func addSubtitles(_ track: SubtitleTrack) throws {
        try track.validate()
        let (pipeline, _) = try openPipeline()
        guard SubtitleStreamWriter.codec(for: container, keepsASS: track.assHeader != nil) != nil else {
            throw SubtitleTrackError.notInContainer(path: url.path, container: container.description)
        }
        guard frameCount == 0 else { throw SubtitleTrackError.addedAfterFirstFrame(path: url.path) }
        try pipeline.addSubtitles(track)
    }

    /// Adds a frame showing `image` on a black background.
    /// - Parameters:
    ///   - image: The image to show.
    ///   - fit: How the image fits the frame. Default `.contain`.
    /// - Throws: What `addFrame(_:)` throws: `MovieKitError.writerClosed` after `finish()`,
    ///   `.cancelled` after `cancel()`, or an encoder error from an earlier frame.
    public func addImage(_ image: Image, fit: ContentFit = .contain) throws {
        try addFrame { context in
            context.draw(image, in: context.bounds, fit: fit)
        }
    }

    /// Flushes the encoder, writes the trailer and moves the finished movie to `url`.
    /// - Throws: `MovieKitError.noFrames` when nothing was added, an encoder or file error,
    ///   `.cancelled`, or `.fileExists` if a file appeared at `url` meanwhile and `overwrite` is
    ///   false. On any error the temporary file is removed and `url` is untouched.
    public func finish() throws {
        let (pipeline, _) = try openPipeline()
        guard frameCount > 0 else {
            fail()
            throw MovieKitError.noFrames(path: url.path)
        }
        do {
            try pipeline.finish()
            let statistics = pipeline.workerStatistics
            try pipeline.throwIfFailed()  // A cancel() that arrived while finishing still wins.
            try file.moveIntoPlace(overwrite: overwrite)
            state.withLock { state in
                state.finishedStatistics = statistics
                state.pipeline = nil
                state.lastSlot = nil
            }
        } catch {
            fail()
            throw error
        }
    }

    /// Stops the render: a caller waiting in `addFrame` wakes, the encoder stops after the frame
    /// in progress, the temporary file is removed, and every later call throws
    /// `MovieKitError.cancelled`. Safe to call from any thread, for example from a signal handler's
    /// queue or a Task cancellation handler. Does nothing after `finish()` has completed.
    public func cancel() {
        let pipeline: EncodingPipeline? = state.withLock { state in
            guard state.pipeline != nil else { return nil }
            state.cancelled = true
            return state.pipeline
        }
        guard let pipeline else { return }
        pipeline.cancel()
        file.removeTemporary()
    }

    /// Tells the encoder the movie's length before its first frame, so that loudness normalization
    /// measures the mix up to that end.
    func expect(frameCount: Int) throws {
        let (pipeline, _) = try openPipeline()
        if self.frameCount == 0 { pipeline.expect(frameCount: frameCount) }
    }

    /// Draws all `count` frames on `threads` threads, hands them to the encoder in order, and finishes.
    /// - Throws: The first error by frame order; nothing is left at `url`.
    func renderFramesInParallel(
        _ count: Int, threads: Int, repeatsPrevious: (@Sendable (Int) -> Bool)? = nil, clearsFrames: Bool = true,
        progress: (@Sendable (Int) -> Void)?,
        draw: @escaping @Sendable (DrawingContext, FrameTime, FrameBackdrop) throws -> Void
    ) throws {
        let (pipeline, _) = try openPipeline()
        precondition(frameCount == 0, "A parallel render starts on a writer with no frames.")
        pipeline.expect(frameCount: count)
        let renderer = ParallelRenderer(
            writer: self, pipeline: pipeline, frameCount: count, repeatsPrevious: repeatsPrevious,
            clearsFrames: clearsFrames, progress: progress, draw: draw)
        do {
            try renderer.run(threads: threads)
        } catch {
            let cancelled = state.withLock { $0.cancelled }
            fail()
            throw cancelled ? MovieKitError.cancelled(path: url.path) : error
        }
        state.withLock { state in
            state.frameCount = count
            state.lastSlot = nil
        }
        try finish()
    }

    // MARK: - Private

    private func openPipeline() throws -> (EncodingPipeline, FrameSlot?) {
        let (pipeline, previous, cancelled) = state.withLock { ($0.pipeline, $0.lastSlot, $0.cancelled) }
        if cancelled {
            fail()
            throw MovieKitError.cancelled(path: url.path)
        }
        guard let pipeline else { throw MovieKitError.writerClosed(path: url.path) }
        do {
            try pipeline.throwIfFailed()
        } catch {
            fail()
            throw error
        }
        return (pipeline, previous)
    }

    /// Stops the worker, drops the pipeline and removes the temporary file.
    private func fail() {
        let pipeline = state.withLock { state in
            let pipeline = state.pipeline
            state.pipeline = nil
            state.lastSlot = nil
            return pipeline
        }
        pipeline?.cancel()
        file.removeTemporary()
    }
}
