import Synchronization

/// Stops a movie writer from another thread (a signal handler, a batch, a service worker), even when
/// the stop comes before the writer exists.
///
/// Opening a writer creates the movie's file and then the encoder, which takes a while at slow
/// presets, so a Ctrl-C or a cancelled job can arrive while there is nothing to cancel yet. Hold the
/// writer as soon as it is made: if ``cancel()`` came first, the writer is cancelled at once and its
/// render throws `MovieKitError.cancelled` without drawing a frame.
///
/// ```swift
/// let cancellation = WriterCancellation()
/// // On another thread: cancellation.cancel()
/// let writer = try MovieWriter(url: url, settings: settings)
/// cancellation.hold(writer)
/// try writer.render(frameCount: 300) { context, frame in draw(context, frame) }
/// ```
public final class WriterCancellation: Sendable {
    private struct State {
        var writer: MovieWriter?
        var cancelled = false
    }

    private let state = Mutex(State())

    /// Creates a cancellation with no writer, not cancelled.
    public init() {}

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Holds `writer`, cancelling it at once if ``cancel()`` came first.
    public func hold(_ writer: MovieWriter) {
        let cancelled = state.withLock { state -> Bool in
            state.writer = writer
            return state.cancelled
        }
        if cancelled { writer.cancel() }
    }

    /// Cancels the held writer, or the next one held.
    public func cancel() {
        let writer = state.withLock { state -> MovieWriter? in
            state.cancelled = true
            return state.writer
        }
        writer?.cancel()
    }
}
