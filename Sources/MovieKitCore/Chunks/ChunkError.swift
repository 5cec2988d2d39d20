import Foundation

/// The errors of chunked rendering: a chunk count or index that cannot be used, and parts that
/// cannot be joined into one movie. Each description is a full sentence that says what to do.
public enum ChunkError: Error, Equatable, CustomStringConvertible {
    /// The number of chunks is below 1 or above the number of GOPs.
    case invalidCount(Int, maximum: Int, frameCount: Int, gopSize: Int)
    /// `--chunk auto/N` found no chunk index in the environment.
    case indexUnavailable(reason: String)
    /// A chunk file cannot be joined with the others.
    case mismatch(path: String, reason: String)
    /// The chunk files do not cover the movie exactly once.
    case incompleteCoverage(reason: String)

    public var description: String {
        switch self {
        case .invalidCount(let count, let maximum, let frameCount, let gopSize):
            return
                "\(count) chunks is not possible: \(frameCount) frames hold \(maximum) keyframe intervals of \(gopSize) frames, and every chunk starts on a keyframe; use 1 to \(maximum) chunks."
        case .indexUnavailable(let reason):
            return
                "--chunk auto/N needs the chunk index from the scheduler, but \(reason); run it as a Kubernetes Indexed Job or a Slurm job array, or give the index, as in --chunk 0/4."
        case .mismatch(let path, let reason):
            return "The part \(path) cannot be joined: \(reason)."
        case .incompleteCoverage(let reason):
            return "The parts do not make one whole movie: \(reason)."
        }
    }
}

extension ChunkError: LocalizedError {
    public var errorDescription: String? { description }
}
