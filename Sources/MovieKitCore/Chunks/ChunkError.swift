import Foundation

/// The errors of chunked rendering: a chunk count or index that cannot be used, and parts that
/// cannot be joined into one movie. Each description is a full sentence that says what to do.
public enum ChunkError: Error, Equatable, CustomStringConvertible {
    /// The number of chunks is below 1 or above the number of GOPs.
    case invalidCount(Int, maximum: Int, frameCount: Int, gopSize: Int)
    /// A chunk whose index comes from the scheduler (`ChunkPlan.indexFromEnvironment(_:)`) found none.
    case indexUnavailable(reason: String)
    /// A chunk file cannot be joined with the others.
    case mismatch(path: String, reason: String)
    /// A file to join carries no MovieKit chunk tag: it was not rendered as a chunk.
    case untagged(path: String)
    /// The chunk files leave these frames out.
    case missingFrames(Range<Int>)
    /// The chunk files do not cover the movie exactly once.
    case incompleteCoverage(reason: String)
    /// A chunk's frames are empty or reach outside the movie's `0..<frameCount`.
    case framesOutsideMovie(Range<Int>, frameCount: Int)

    public var description: String {
        switch self {
        case .invalidCount(let count, let maximum, let frameCount, let gopSize):
            return
                "\(count) chunks is not possible: \(frameCount) frames hold \(maximum) keyframe intervals of \(gopSize) frames, and every chunk starts on a keyframe; use 1 to \(maximum) chunks."
        case .indexUnavailable(let reason):
            return
                "A chunk that takes its index from the scheduler found none: \(reason); run it as a Kubernetes Indexed Job or a Slurm job array, or give the index yourself."
        case .mismatch(let path, let reason):
            return "The part \(path) cannot be joined: \(reason)."
        case .untagged(let path):
            return
                "The part \(path) cannot be joined: it has no MovieKit chunk tag; join only parts rendered as chunks of one movie."
        case .missingFrames(let frames):
            return
                "The parts do not make one whole movie: frames \(frames.lowerBound)..<\(frames.upperBound) are missing; render them and join again."
        case .incompleteCoverage(let reason):
            return "The parts do not make one whole movie: \(reason)."
        case .framesOutsideMovie(let frames, let frameCount):
            return
                "A chunk of frames \(frames.lowerBound)..<\(frames.upperBound) is not possible: the movie has \(frameCount) frames; give a range of at least one frame within 0..<\(frameCount)."
        }
    }
}

extension ChunkError: LocalizedError {
    public var errorDescription: String? { description }
}
