import Dispatch
import Foundation
import FrameDraw

/// Overlaps drawing and conversion with encoding.
///
/// The caller draws frame n+1 and converts it to yuv420p while a serial worker queue feeds frame n
/// to the encoder and writes its packets. A bounded ring of slots gives back-pressure, so memory
/// does not grow with the number of frames. The first error on the worker is kept and reported to
/// the caller at its next call.
///
/// The worker keeps the most recently encoded slot until a newer frame replaces it, so
/// `submitRepeat` can encode that picture again while the caller draws into the other slots.
final class EncodingPipeline: @unchecked Sendable {
    // Shared between the caller's thread and `queue`; every mutable field is guarded by `lock`
    // (a condition, signalled when a slot comes back), except `heldSlot`, which only the queue touches.
    private let queue = DispatchQueue(label: "MovieKit.encoder", qos: .userInitiated)
    private let lock = NSCondition()
    private var freeSlots: [FrameSlot]
    private var failure: Error?
    private var cancelled = false
    private let stage: EncodeStage
    private var heldSlot: FrameSlot?

    init(stage: EncodeStage, slots: [FrameSlot]) {
        precondition(slots.count >= 3, "The pipeline needs at least three slots: drawing, encoding, and the held picture.")
        self.stage = stage
        freeSlots = slots
    }

    /// Waits for a free slot. Throws the worker's error if it failed.
    ///
    /// Slots are handed out first-in, first-out, so the one returned is never the most recently
    /// submitted: a frame that keeps the previous frame's pixels can copy from it.
    func acquireSlot() throws -> FrameSlot {
        try throwIfFailed()
        return lock.withLock {
            while freeSlots.isEmpty { lock.wait() }
            return freeSlots.removeFirst()
        }
    }

    /// Returns a slot to the free list, for example after the drawing closure threw.
    func returnSlot(_ slot: FrameSlot) {
        lock.withLock {
            freeSlots.append(slot)
            lock.signal()
        }
    }

    /// Hands a drawn and converted slot to the worker, which encodes it as frame `index`.
    func submit(_ slot: FrameSlot, index: Int) {
        queue.async { [self] in
            guard !hasFailedOrCancelled else {
                returnSlot(slot)
                return
            }
            do {
                try stage.encode(slot.videoFrame, index: index, repeated: false)
            } catch {
                record(error)
            }
            // The encoder has copied the picture; keep this slot for repeats, free the older one.
            if let previous = heldSlot { returnSlot(previous) }
            heldSlot = slot
        }
    }

    /// Asks the worker to encode the last submitted picture again as frame `index`.
    func submitRepeat(index: Int) {
        queue.async { [self] in
            guard !hasFailedOrCancelled, let slot = heldSlot else { return }
            do {
                try stage.encode(slot.videoFrame, index: index, repeated: true)
            } catch {
                record(error)
            }
        }
    }

    /// Flushes the encoder out of turn, so that the next frame genuinely fails inside libavcodec.
    /// Only for tests of error propagation from the worker.
    func drainEncoderOutOfTurn() {
        queue.async { [self] in
            do { try stage.drainEncoder() } catch { record(error) }
        }
    }

    /// The worker's per-stage timings, after every frame submitted so far.
    var workerStatistics: RenderStatistics {
        queue.sync { stage.statistics }
    }

    /// Waits for every submitted frame, flushes the encoder and closes the file.
    /// - Throws: the first error the worker met, or the error of finishing.
    func finish() throws {
        try queue.sync {
            releaseHeldSlot()
            try throwIfFailed()
            try stage.finish()
        }
    }

    /// Stops the worker after the frame in progress and waits for it; later frames are dropped.
    func cancel() {
        lock.withLock { cancelled = true }
        queue.sync { releaseHeldSlot() }
    }

    /// Gives the picture kept for repeats back to the free list. Runs on the queue.
    private func releaseHeldSlot() {
        if let slot = heldSlot {
            heldSlot = nil
            returnSlot(slot)
        }
    }

    /// Throws the worker's first error.
    func throwIfFailed() throws {
        let error: Error? = lock.withLock { failure }
        if let error { throw error }
    }

    private var hasFailedOrCancelled: Bool {
        lock.withLock { failure != nil || cancelled }
    }

    private func record(_ error: Error) {
        lock.withLock { if failure == nil { failure = error } }
    }
}
