import Dispatch
import Foundation
internal import LibAV

/// Overlaps drawing and conversion with encoding.
///
/// The caller draws frame n+1 and converts it to yuv420p while a serial worker queue feeds frame n
/// to the encoder and writes its packets. Drawing and waiting for the encoder use separate
/// buffers: a slot (the drawing surface) goes back to the free list as soon as its frame is
/// submitted, trading its converted picture for a spare one, and the picture waits in the queue.
/// So when the encoder stalls (x264 fills its lookahead before the first frame comes out), drawing
/// goes on into pictures a fraction of a slot's size. Both sets are bounded, which gives
/// back-pressure: memory does not grow with the number of frames. The first error on the worker
/// is kept and reported to the caller at its next call.
///
/// The worker keeps the most recently encoded picture until a newer one replaces it, so
/// `submitRepeat` can encode that picture again while the caller draws.
/// `cancel()` may be called from any thread: it wakes a caller waiting for a slot, and the worker
/// stops before its next frame.
final class EncodingPipeline: @unchecked Sendable {
    // Shared between the caller's thread and `queue`; every mutable field is guarded by `lock`
    // (a condition, broadcast when a slot or picture comes back or the pipeline stops), except
    // `heldPicture`, which only the queue touches.
    let queue = DispatchQueue(label: "MovieKit.encoder", qos: .userInitiated)
    private let lock = NSCondition()
    private var freeSlots: [FrameSlot]
    /// Pictures neither in a slot nor with the worker, and how many of them slots being drawn
    /// have reserved: every slot handed out can trade its picture when it is submitted.
    private var sparePictures: [Frame]
    private var reservedPictures = 0
    private var failure: Error?
    private var cancelled = false
    private var encoded = 0
    /// Frames handed to the worker so far, repeats included, and those it is done with (encoded,
    /// skipped or failed): `submitted - done` are queued.
    private var submitted = 0
    private var done = 0
    let stage: any FrameSink
    private let destination: String
    private var heldPicture: Frame?

    /// - Parameters:
    ///   - slots: The drawing buffers; at least one.
    ///   - sparePictures: Pictures of the slots' format and size for frames waiting for the
    ///     encoder; at least two (the worker holds one for repeats).
    init(stage: any FrameSink, slots: [FrameSlot], sparePictures: [Frame], destination: String) {
        precondition(!slots.isEmpty, "The pipeline needs a slot to draw in.")
        precondition(
            sparePictures.count >= 2, "The pipeline needs two spare pictures: one held for repeats, one queued.")
        self.stage = stage
        self.destination = destination
        freeSlots = slots
        self.sparePictures = sparePictures
    }

    /// Waits for a free slot.
    ///
    /// Slots are handed out first-in, first-out, so the one returned is never the most recently
    /// submitted: a frame that keeps the previous frame's pixels can copy from it. A slot comes
    /// with a reserved spare picture, so `submit` never waits.
    /// - Throws: The worker's error, or `MovieKitError.cancelled` once `cancel()` was called.
    func acquireSlot() throws -> FrameSlot {
        try lock.withLock {
            while freeSlots.isEmpty || sparePictures.count <= reservedPictures, failure == nil, !cancelled {
                lock.wait()
            }
            try throwIfStoppedLocked()
            reservedPictures += 1
            return freeSlots.removeFirst()
        }
    }

    /// Returns a slot that will not be submitted to the free list, for example after the drawing
    /// closure threw, with the picture it reserved.
    func returnSlot(_ slot: FrameSlot) {
        lock.withLock {
            freeSlots.append(slot)
            reservedPictures -= 1
            lock.broadcast()
        }
    }

    /// The number of frames the encoder has taken so far.
    var encodedFrames: Int { lock.withLock { encoded } }

    /// Hands a drawn and converted slot to the worker, which encodes it as frame `index`.
    /// The slot goes back to the free list at once, with a spare picture in place of its own.
    func submit(_ slot: FrameSlot, index: Int) {
        let handoff = lock.withLock {
            submitted += 1
            reservedPictures -= 1
            let picture = slot.tradePicture(for: sparePictures.removeLast())
            freeSlots.append(slot)
            lock.broadcast()
            return Handoff(picture: picture)
        }
        queue.async { [self] in
            let picture = handoff.picture
            defer { markDone(1) }
            guard !hasFailedOrCancelled else {
                returnPicture(picture)
                return
            }
            do {
                try stage.encode(picture, index: index, repeated: false)
                countEncoded()
            } catch {
                record(error)
            }
            // The encoder has copied the picture; keep it for repeats, free the older one.
            if let previous = heldPicture { returnPicture(previous) }
            heldPicture = picture
        }
    }

    /// Asks the worker to encode the last submitted picture `count` more times, as frames
    /// `firstIndex` onwards. One job, however large the count, so memory stays flat.
    func submitRepeat(count: Int, firstIndex: Int) {
        lock.withLock { submitted += count }
        queue.async { [self] in
            var remaining = count
            defer { markDone(remaining) }
            guard let picture = heldPicture else { return }
            for offset in 0..<count {
                guard !hasFailedOrCancelled else { return }
                do {
                    try stage.encode(picture, index: firstIndex + offset, repeated: true)
                    countEncoded()
                } catch {
                    record(error)
                    return
                }
                remaining -= 1
                markDone(1)
            }
        }
    }

    /// Waits while at least `depth` frames are queued for the encoder: while it has work, another
    /// drawing thread would only take CPU from it. Returns at once when the pipeline has stopped.
    func waitWhileEncoderHasQueued(atLeast depth: Int) {
        lock.withLock {
            while submitted - done >= depth && failure == nil && !cancelled { lock.wait() }
        }
    }

    /// A picture on its way from the drawing thread that converted it to the worker: the drawing
    /// thread lets go of it when it submits, and only the worker touches it afterwards.
    private struct Handoff: @unchecked Sendable {
        let picture: Frame
    }

    /// Adds an audio track on the worker, after every frame submitted so far.
    /// - Throws: The track's error (an unreadable file, a stream that can no longer be added).
    func addAudio(_ track: AudioTrack) throws {
        try queue.sync { try stage.addAudio(track) }
    }

    /// Adds a subtitle stream on the worker, before the first frame.
    /// - Throws: The stage's error (a container without text subtitles, a track too late).
    func addSubtitles(_ track: SubtitleTrack) throws {
        try queue.sync { try stage.addSubtitles(track) }
    }

    /// Tells the worker's stage the movie's length in frames, before the first frame.
    func expect(frameCount: Int) {
        queue.sync { stage.expect(frameCount: frameCount) }
    }

    /// The worker's per-stage timings, after every frame submitted so far.
    var workerStatistics: RenderStatistics {
        queue.sync { stage.statistics }
    }

    /// Waits for every submitted frame, flushes the encoder and closes the file.
    /// - Throws: the first error the worker met, `.cancelled`, or the error of finishing.
    func finish() throws {
        try queue.sync {
            releaseHeldPicture()
            try lock.withLock { try throwIfStoppedLocked() }
            try stage.finish()
        }
    }

    /// Stops the pipeline: wakes a caller waiting for a slot, and the worker skips every frame
    /// after the one in progress. Safe to call from any thread, any number of times; does not wait.
    func cancel() {
        lock.withLock {
            cancelled = true
            lock.broadcast()
        }
    }

    /// Throws the worker's first error, or `.cancelled`.
    func throwIfFailed() throws {
        try lock.withLock { try throwIfStoppedLocked() }
    }

    /// Gives the picture kept for repeats back to the spares. Runs on the queue.
    private func releaseHeldPicture() {
        if let picture = heldPicture {
            heldPicture = nil
            returnPicture(picture)
        }
    }

    /// Gives a picture the worker is done with back to the spares.
    private func returnPicture(_ picture: Frame) {
        lock.withLock {
            sparePictures.append(picture)
            lock.broadcast()
        }
    }

    private func throwIfStoppedLocked() throws {
        if let failure { throw failure }
        if cancelled { throw MovieKitError.cancelled(path: destination) }
    }

    private var hasFailedOrCancelled: Bool {
        lock.withLock { failure != nil || cancelled }
    }

    private func countEncoded() {
        lock.withLock { encoded += 1 }
    }

    /// Records that the worker is done with `count` submitted frames, and wakes drawing threads
    /// waiting for the queue to shrink.
    private func markDone(_ count: Int) {
        guard count > 0 else { return }
        lock.withLock {
            done += count
            lock.broadcast()
        }
    }

    func record(_ error: Error) {
        lock.withLock {
            if failure == nil { failure = error }
            lock.broadcast()
        }
    }
}
