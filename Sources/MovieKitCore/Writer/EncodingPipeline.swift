import Dispatch
import Foundation

/// Overlaps drawing and conversion with encoding.
///
/// The caller draws frame n+1 and converts it to yuv420p while a serial worker queue feeds frame n
/// to the encoder and writes its packets. A bounded ring of slots gives back-pressure, so memory
/// does not grow with the number of frames. The first error on the worker is kept and reported to
/// the caller at its next call.
///
/// The worker keeps the most recently encoded slot until a newer frame replaces it, so
/// `submitRepeat` can encode that picture again while the caller draws into the other slots.
/// `cancel()` may be called from any thread: it wakes a caller waiting for a slot, and the worker
/// stops before its next frame.
final class EncodingPipeline: @unchecked Sendable {
    // Shared between the caller's thread and `queue`; every mutable field is guarded by `lock`
    // (a condition, broadcast when a slot comes back or the pipeline stops), except `heldSlot`,
    // which only the queue touches.
    let queue = DispatchQueue(label: "MovieKit.encoder", qos: .userInitiated)
    private let lock = NSCondition()
    private var freeSlots: [FrameSlot]
    private var failure: Error?
    private var cancelled = false
    private var encoded = 0
    /// Frames handed to the worker so far, repeats included, and those it is done with (encoded,
    /// skipped or failed): `submitted - done` are queued.
    private var submitted = 0
    private var done = 0
    let stage: any FrameSink
    private let destination: String
    private var heldSlot: FrameSlot?

    init(stage: any FrameSink, slots: [FrameSlot], destination: String) {
        precondition(
            slots.count >= 3, "The pipeline needs at least three slots: drawing, encoding, and the held picture.")
        self.stage = stage
        self.destination = destination
        freeSlots = slots
    }

    /// Waits for a free slot.
    ///
    /// Slots are handed out first-in, first-out, so the one returned is never the most recently
    /// submitted: a frame that keeps the previous frame's pixels can copy from it.
    /// - Throws: The worker's error, or `MovieKitError.cancelled` once `cancel()` was called.
    func acquireSlot() throws -> FrameSlot {
        try lock.withLock {
            while freeSlots.isEmpty && failure == nil && !cancelled { lock.wait() }
            try throwIfStoppedLocked()
            return freeSlots.removeFirst()
        }
    }

    /// Returns a slot to the free list, for example after the drawing closure threw.
    func returnSlot(_ slot: FrameSlot) {
        lock.withLock {
            freeSlots.append(slot)
            lock.broadcast()
        }
    }

    /// The number of frames the encoder has taken so far.
    var encodedFrames: Int { lock.withLock { encoded } }

    /// Hands a drawn and converted slot to the worker, which encodes it as frame `index`.
    func submit(_ slot: FrameSlot, index: Int) {
        lock.withLock { submitted += 1 }
        queue.async { [self] in
            defer { markDone(1) }
            guard !hasFailedOrCancelled else {
                returnSlot(slot)
                return
            }
            do {
                try stage.encode(slot.videoFrame, index: index, repeated: false)
                countEncoded()
            } catch {
                record(error)
            }
            // The encoder has copied the picture; keep this slot for repeats, free the older one.
            if let previous = heldSlot { returnSlot(previous) }
            heldSlot = slot
        }
    }

    /// Asks the worker to encode the last submitted picture `count` more times, as frames
    /// `firstIndex` onwards. One job, however large the count, so memory stays flat.
    func submitRepeat(count: Int, firstIndex: Int) {
        lock.withLock { submitted += count }
        queue.async { [self] in
            var remaining = count
            defer { markDone(remaining) }
            guard let slot = heldSlot else { return }
            for offset in 0..<count {
                guard !hasFailedOrCancelled else { return }
                do {
                    try stage.encode(slot.videoFrame, index: firstIndex + offset, repeated: true)
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

    /// Adds an audio track on the worker, after every frame submitted so far.
    /// - Throws: The track's error (an unreadable file, a stream that can no longer be added).
    func addAudio(_ track: AudioTrack) throws {
        try queue.sync { try stage.addAudio(track) }
    }

    /// The worker's per-stage timings, after every frame submitted so far.
    var workerStatistics: RenderStatistics {
        queue.sync { stage.statistics }
    }

    /// Waits for every submitted frame, flushes the encoder and closes the file.
    /// - Throws: the first error the worker met, `.cancelled`, or the error of finishing.
    func finish() throws {
        try queue.sync {
            releaseHeldSlot()
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

    /// Gives the picture kept for repeats back to the free list. Runs on the queue.
    private func releaseHeldSlot() {
        if let slot = heldSlot {
            heldSlot = nil
            returnSlot(slot)
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
