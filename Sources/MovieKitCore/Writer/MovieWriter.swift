import Foundation
import FrameDraw

/// Writes a movie frame by frame: each frame is drawn by a closure into a Cairo ARGB32 buffer
/// (origin top-left, y grows down), converted to yuv420p with the BT.709 matrix and encoded
/// as H.264 by libx264 into MP4 (`.mp4`, `.m4v`) or QuickTime (`.mov`).
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
/// destination and moved into place by `finish()`; if the writer is abandoned or any step fails,
/// the temporary file is removed and the destination is left untouched.
///
/// A writer is used from one thread at a time; separate writers may run on separate threads.
/// Drawing overlaps with encoding: `addFrame` returns as soon as its frame is handed to the
/// encoder, and an encoder error surfaces at the next `addFrame` or at `finish()`.
public final class MovieWriter {
    /// The movie's settings.
    public let settings: MovieSettings
    /// The destination file.
    public let url: URL
    /// The number of frames added so far.
    public private(set) var frameCount = 0

    /// Per-stage timings: where the time went so far. Frames still being encoded are counted once
    /// they are done (reading this waits for them).
    public var statistics: RenderStatistics {
        var result = pipeline?.workerStatistics ?? finishedWorkerStatistics
        result.drawing = drawingTime
        result.waitingForEncoder = waitingTime
        result.conversion = conversionTime
        return result
    }

    private let overwrite: Bool
    private let clock = ContinuousClock()
    private var drawingTime = Duration.zero
    private var conversionTime = Duration.zero
    private var waitingTime = Duration.zero
    private var finishedWorkerStatistics = RenderStatistics()
    private let temporaryURL: URL
    private var pipeline: EncodingPipeline?
    private let converter: FrameConverter
    private var lastSlot: FrameSlot?

    /// The number of frame buffers in the ring: one being drawn and converted, one being encoded,
    /// one held by the encoder for `repeatPreviousFrame`, and one spare so drawing rarely waits.
    static let slotCount = 4

    /// Opens a movie for writing.
    /// - Parameters:
    ///   - url: The destination. Its extension chooses the container: `.mp4`/`.m4v` or `.mov`.
    ///   - settings: Size, frame rate and encoder options.
    ///   - overwrite: Whether an existing file at `url` may be replaced (when `finish()` succeeds).
    /// - Throws: `MovieKitError.fileExists`, `.unsupportedContainer`, `.encoderUnavailable`,
    ///   `.fileSystem` or `.ffmpeg`.
    public init(url: URL, settings: MovieSettings, overwrite: Bool = false) throws {
        let path = url.path
        guard let container = OutputFile.Container(pathExtension: url.pathExtension) else {
            throw MovieKitError.unsupportedContainer(path: path)
        }
        if !overwrite, FileManager.default.fileExists(atPath: path) {
            throw MovieKitError.fileExists(path: path)
        }
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MovieKitError.fileSystem(
                path: path, reason: "the folder \(directory.path) does not exist; create it first")
        }
        self.url = url
        self.settings = settings
        self.overwrite = overwrite
        temporaryURL = directory.appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")

        converter = try FrameConverter(width: settings.width, height: settings.height)
        do {
            let stage = try EncodeStage(settings: settings, container: container, path: temporaryURL.path, destination: path)
            let slots = try (0..<Self.slotCount).map { _ in try FrameSlot(width: settings.width, height: settings.height) }
            pipeline = EncodingPipeline(stage: stage, slots: slots)
        } catch {
            removeTemporaryFile()
            throw error
        }
    }

    deinit {
        if pipeline != nil {
            pipeline?.cancel()
            pipeline = nil
            removeTemporaryFile()
        }
    }

    /// Draws one frame.
    ///
    /// The closure receives a drawing context over the frame's pixels, cleared to opaque black
    /// (or holding the previous frame when `preservingContents` is true). An error thrown by the
    /// closure propagates, no frame is added, and the writer stays usable.
    /// - Parameters:
    ///   - preservingContents: Start from the previous frame's pixels instead of black, for progressive drawings.
    ///   - draw: Draws the frame.
    /// - Throws: The closure's error; `MovieKitError.writerClosed` after `finish()`; or an encoder
    ///   error from an earlier frame, after which the writer is closed and its temporary file removed.
    public func addFrame(preservingContents: Bool = false, _ draw: (DrawingContext) throws -> Void) throws {
        let pipeline = try openPipeline()
        let slot: FrameSlot
        let waitStart = clock.now
        do {
            slot = try pipeline.acquireSlot()
            waitingTime += clock.now - waitStart
            try slot.prepare(keeping: preservingContents ? lastSlot : nil)
        } catch {
            fail()
            throw error
        }
        let drawStart = clock.now
        do {
            try draw(slot.context)
            let convertStart = clock.now
            drawingTime += convertStart - drawStart
            try slot.complete(converter: converter)
            conversionTime += clock.now - convertStart
        } catch {
            pipeline.returnSlot(slot)
            throw error
        }
        pipeline.submit(slot, index: frameCount)
        lastSlot = slot
        frameCount += 1
    }

    /// Adds `count` more frames identical to the last one, without drawing or converting them again.
    ///
    /// Use it for stills, such as a photo held on screen in a slideshow: the encoder receives the
    /// already converted picture again, which is much cheaper than drawing it anew.
    /// - Parameter count: How many frames to add. Zero adds none.
    /// - Throws: `MovieKitError.noPreviousFrame` before the first frame, `.writerClosed` after
    ///   `finish()`, or an encoder error from an earlier frame.
    public func repeatPreviousFrame(count: Int = 1) throws {
        precondition(count >= 0, "repeatPreviousFrame(count:) needs a count of zero or more.")
        let pipeline = try openPipeline()
        guard frameCount > 0 else { throw MovieKitError.noPreviousFrame(path: url.path) }
        for _ in 0..<count {
            pipeline.submitRepeat(index: frameCount)
            frameCount += 1
        }
    }

    /// Adds a frame showing `image` on a black background.
    /// - Parameters:
    ///   - image: The image to show.
    ///   - contentMode: How the image fits the frame. Default `.aspectFit`.
    public func addImage(_ image: Image, contentMode: ContentMode = .aspectFit) throws {
        try addFrame { context in
            context.draw(image, in: context.bounds, contentMode: contentMode)
        }
    }

    /// Flushes the encoder, writes the trailer and moves the finished movie to `url`.
    /// - Throws: `MovieKitError.noFrames` when nothing was added, an encoder or file error, or
    ///   `.fileExists` if a file appeared at `url` meanwhile and `overwrite` is false.
    ///   On any error the temporary file is removed and `url` is untouched.
    public func finish() throws {
        let pipeline = try openPipeline()
        guard frameCount > 0 else {
            fail()
            throw MovieKitError.noFrames(path: url.path)
        }
        do {
            try pipeline.finish()
            finishedWorkerStatistics = pipeline.workerStatistics
            try moveIntoPlace()
        } catch {
            fail()
            throw error
        }
        self.pipeline = nil
        lastSlot = nil
    }

    /// Renders a whole movie in one call: `draw(context, frame)` is called for each frame.
    /// - Parameters:
    ///   - url: The destination.
    ///   - settings: Size, frame rate and encoder options.
    ///   - frameCount: How many frames to draw.
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - progress: Called after each frame is handed to the encoder with the number of frames
    ///     done so far, and once more with `frameCount` when the file is complete.
    ///   - draw: Draws one frame; `frame.time` is exactly `frame.index / fps`.
    /// - Throws: Any error of `init`, `addFrame` or `finish`; nothing is left at `url` on failure.
    public static func render(
        to url: URL,
        settings: MovieSettings,
        frameCount: Int,
        overwrite: Bool = false,
        progress: ((_ framesDone: Int) -> Void)? = nil,
        draw: (DrawingContext, FrameTime) throws -> Void
    ) throws {
        let writer = try MovieWriter(url: url, settings: settings, overwrite: overwrite)
        for index in 0..<frameCount {
            let frame = FrameTime(index: index, time: settings.fps.time(ofFrame: index))
            try writer.addFrame { context in try draw(context, frame) }
            if index + 1 < frameCount { progress?(index + 1) }
        }
        try writer.finish()
        progress?(frameCount)
    }

    /// Makes the encoder fail on the next frame, to test how worker errors surface.
    func failEncoderOnNextFrameForTesting() {
        pipeline?.drainEncoderOutOfTurn()
    }

    // MARK: - Private

    private func openPipeline() throws -> EncodingPipeline {
        guard let pipeline else { throw MovieKitError.writerClosed(path: url.path) }
        do {
            try pipeline.throwIfFailed()
        } catch {
            fail()
            throw error
        }
        return pipeline
    }

    /// Stops the worker, drops the pipeline and removes the temporary file.
    private func fail() {
        pipeline?.cancel()
        pipeline = nil
        lastSlot = nil
        removeTemporaryFile()
    }

    private func removeTemporaryFile() {
        try? FileManager.default.removeItem(at: temporaryURL)
    }

    /// Moves the finished temporary file to the destination atomically. Without `overwrite`,
    /// `link` refuses to replace a file that appeared since `init`.
    private func moveIntoPlace() throws {
        let source = temporaryURL.path
        let destination = url.path
        if overwrite {
            guard rename(source, destination) == 0 else {
                throw MovieKitError.fileSystem(path: destination, reason: String(cString: strerror(errno)))
            }
        } else {
            guard link(source, destination) == 0 else {
                let code = errno
                if code == EEXIST { throw MovieKitError.fileExists(path: destination) }
                throw MovieKitError.fileSystem(path: destination, reason: String(cString: strerror(code)))
            }
            unlink(source)
        }
    }
}
