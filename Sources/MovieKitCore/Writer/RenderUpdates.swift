/// The progress of a render started by `MovieWriter.renderUpdates(to:settings:frameCount:overwrite:draw:)`,
/// as an asynchronous sequence.
///
/// The sequence ends after the element with `isComplete`, when the file is in place, or throws
/// the render's error. Cancelling the iterating task cancels the render, leaves no file, and makes
/// the iteration throw `CancellationError`: a loop that ends without an error always means a
/// finished movie. Ending the iteration early (`break`) and releasing the sequence also cancels
/// the render.
public struct RenderUpdates: AsyncSequence, Sendable {
    /// Each element: the frames encoded so far, out of the total.
    public typealias Element = RenderProgress

    private let stream: AsyncThrowingStream<RenderProgress, Error>

    init(_ stream: AsyncThrowingStream<RenderProgress, Error>) {
        self.stream = stream
    }

    /// Creates the iterator; iterate a `RenderUpdates` once.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator())
    }

    /// Steps through a render's progress.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<RenderProgress, Error>.AsyncIterator
        var completed = false

        /// The next progress report, or `nil` once the file is in place.
        /// - Throws: The render's error, or `CancellationError` when the iterating task was
        ///   cancelled before the render completed.
        public mutating func next() async throws -> RenderProgress? {
            let next: RenderProgress?
            do {
                next = try await base.next()
            } catch MovieKitError.cancelled where Task.isCancelled {
                // The task's cancellation cancelled the writer, whose error can reach the stream before the
                // stream ends for the cancellation: the contract is `CancellationError` either way.
                throw CancellationError()
            }
            guard let step = next else {
                // The stream also ends, with no error, when the iterating task is cancelled.
                if !completed { try Task.checkCancellation() }
                return nil
            }
            completed = step.isComplete
            return step
        }
    }
}
