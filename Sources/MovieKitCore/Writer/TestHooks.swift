import Dispatch

/// Hooks that let the package's tests put the writer into states a real render reaches only by
/// accident, kept out of the production types. Package access: invisible to users of the library.
extension MovieWriter {
    /// Flushes the encoder out of turn on the worker queue, so that the next frame genuinely fails
    /// inside libavcodec; for tests of how worker errors surface.
    package func failEncoderOnNextFrameForTesting() {
        guard let pipeline = state.withLock({ $0.pipeline }) else { return }
        pipeline.queue.async {
            do {
                if let stage = pipeline.stage as? EncodeStage { try stage.encodeAndWrite(nil) }
            } catch {
                pipeline.record(error)
            }
        }
    }
}

extension MovieWriter {
    /// Keeps the encoder from taking frames until `release` is signalled, as x264 does while it
    /// fills its lookahead; for tests of how far drawing runs ahead.
    package func stallEncoderForTesting(until release: DispatchSemaphore) {
        guard let pipeline = state.withLock({ $0.pipeline }) else { return }
        pipeline.queue.async { release.wait() }
    }
}
