import Dispatch
import Foundation
import FrameDraw

/// Overlaps drawing with conversion and encoding.
///
/// The caller draws frame n+1 into one slot while a serial worker queue converts frame n
/// (BGRA to yuv420p) and feeds it to the encoder. A bounded ring of slots gives back-pressure,
/// so memory does not grow with the number of frames. The first error on the worker is kept
/// and reported to the caller at its next call.
final class EncodingPipeline: @unchecked Sendable {
    // Shared between the caller's thread and `queue`; every mutable field is guarded by `lock`.
    private let queue = DispatchQueue(label: "MovieKit.encoder", qos: .userInitiated)
    private let lock = NSLock()
    private let available: DispatchSemaphore
    private var freeSlots: [FrameSlot]
    private var failure: Error?
    private var cancelled = false
    private let stage: EncodeStage

    init(stage: EncodeStage, slots: [FrameSlot]) {
        self.stage = stage
        freeSlots = slots
        available = DispatchSemaphore(value: slots.count)
    }

    /// Waits for a free slot. Throws the worker's error if it failed.
    ///
    /// Slots are handed out first-in, first-out, so with two or more slots the one returned is never
    /// the most recently submitted: a frame that keeps the previous frame's pixels can copy from it.
    func acquireSlot() throws -> FrameSlot {
        try throwIfFailed()
        available.wait()
        return lock.withLock { freeSlots.removeFirst() }
    }

    /// Returns an unused slot, for example after the drawing closure threw.
    func returnSlot(_ slot: FrameSlot) {
        lock.withLock { freeSlots.append(slot) }
        available.signal()
    }

    /// Hands a drawn slot to the worker, which converts and encodes it as frame `index`.
    func submit(_ slot: FrameSlot, index: Int) {
        queue.async { [self] in
            guard !hasFailedOrCancelled else {
                returnSlot(slot)
                return
            }
            do {
                try stage.encode(slot, index: index) { self.returnSlot(slot) }
            } catch {
                record(error)
            }
        }
    }

    /// Asks the worker to encode the last converted frame again as frame `index`.
    func submitRepeat(index: Int) {
        queue.async { [self] in
            guard !hasFailedOrCancelled else { return }
            do {
                try stage.repeatLastFrame(index: index)
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

    /// The worker's per-stage timings so far (frames still in flight are not yet counted).
    var workerStatistics: RenderStatistics {
        queue.sync { stage.statistics }
    }

    /// Waits for every submitted frame, flushes the encoder and closes the file.
    /// - Throws: the first error the worker met, or the error of finishing.
    func finish() throws {
        try queue.sync {
            try throwIfFailed()
            try stage.finish()
        }
    }

    /// Stops the worker after the frame in progress and waits for it; later frames are dropped.
    func cancel() {
        lock.withLock { cancelled = true }
        queue.sync {}
    }

    /// Throws the worker's first error, once.
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
