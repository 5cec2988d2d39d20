/// How a movie splits into chunks that separate processes or machines render, and `concat` joins.
///
/// The split is a pure function of the movie (frame count and keyframe interval) and the number
/// of chunks, so every worker computes the same boundaries with no coordination. Chunks are as
/// equal as possible in whole GOPs, each starts on a keyframe, and none is empty.
public struct ChunkPlan: Sendable, Hashable {
    /// Frames in the whole movie.
    public let frameCount: Int
    /// Frames between keyframes: chunk boundaries fall on multiples of it.
    public let gopSize: Int
    /// The frame range of each chunk, in order; together they cover `0..<frameCount`.
    public let ranges: [Range<Int>]

    /// Splits `frameCount` frames into `chunkCount` chunks of whole GOPs of `gopSize` frames.
    /// - Throws: `ChunkError.invalidCount` when `chunkCount` is below 1 or above the
    ///   number of GOPs, naming the largest useful count.
    public init(frameCount: Int, gopSize: Int, chunkCount: Int) throws {
        precondition(frameCount > 0 && gopSize > 0, "A chunk plan needs frames and a positive GOP size.")
        let gops = Self.gopCount(frameCount: frameCount, gopSize: gopSize)
        guard chunkCount >= 1, chunkCount <= gops else {
            throw ChunkError.invalidCount(chunkCount, maximum: gops, frameCount: frameCount, gopSize: gopSize)
        }
        self.frameCount = frameCount
        self.gopSize = gopSize
        ranges = (0..<chunkCount).map { index in
            let firstGOP = index * gops / chunkCount
            let endGOP = (index + 1) * gops / chunkCount
            return (firstGOP * gopSize)..<min(endGOP * gopSize, frameCount)
        }
    }

    /// The plan for a movie with `settings`' keyframe interval.
    public init(frameCount: Int, settings: MovieSettings, chunkCount: Int) throws {
        try self.init(frameCount: frameCount, gopSize: settings.gopSize, chunkCount: chunkCount)
    }

    /// The plan in at most `chunkCount` chunks: as many as asked, or one per GOP when the movie has
    /// fewer GOPs (a short movie rendered with many processes).
    /// - Throws: `ChunkError.invalidCount` when `chunkCount` is below 1.
    public init(frameCount: Int, settings: MovieSettings, atMost chunkCount: Int) throws {
        let gops = Self.gopCount(frameCount: frameCount, gopSize: settings.gopSize)
        try self.init(frameCount: frameCount, gopSize: settings.gopSize, chunkCount: min(chunkCount, gops))
    }

    /// The number of GOPs of `gopSize` frames in `frameCount` frames, the last one possibly short:
    /// the most chunks a movie splits into.
    public static func gopCount(frameCount: Int, gopSize: Int) -> Int {
        (max(0, frameCount) + max(1, gopSize) - 1) / max(1, gopSize)
    }

    /// The chunk index from the scheduler's environment: `JOB_COMPLETION_INDEX` (Kubernetes
    /// Indexed Job) or `SLURM_ARRAY_TASK_ID` (Slurm job array).
    /// - Throws: `ChunkError.indexUnavailable` naming both when neither is set or valid.
    public static func indexFromEnvironment(_ environment: [String: String]) throws -> Int {
        for name in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"] {
            if let value = environment[name] {
                guard let index = Int(value), index >= 0 else {
                    throw ChunkError.indexUnavailable(reason: "\(name) is \"\(value)\", not a chunk index")
                }
                return index
            }
        }
        throw ChunkError.indexUnavailable(
            reason:
                "neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set"
        )
    }
}

/// Which part of a movie one chunk file holds, and how to tell that parts belong together.
public struct ChunkIdentity: Sendable, Hashable {
    /// The frames this chunk holds.
    public let frames: Range<Int>
    /// Frames in the whole movie.
    public let totalFrames: Int
    /// A fingerprint of the encoding settings: parts with different settings cannot be joined.
    public let settingsFingerprint: String
    /// The movie's frame rate, which places each chunk's frames in time.
    public let frameRate: FrameRate
    /// A fingerprint of what is rendered (a scene file and its variables, the demo's length):
    /// parts of different movies cannot be joined.
    public let movieFingerprint: String

    /// Describes chunk `frames` of a movie of `totalFrames` frames.
    /// - Parameters:
    ///   - frames: The movie's frames that this chunk holds.
    ///   - totalFrames: The number of frames in the whole movie.
    ///   - settings: The movie's settings; every chunk of one movie must have the same.
    ///   - movie: Anything that identifies what is rendered, such as the scene file's contents.
    public init(frames: Range<Int>, totalFrames: Int, settings: MovieSettings, movie: String) {
        self.frames = frames
        self.totalFrames = totalFrames
        frameRate = settings.fps
        settingsFingerprint = Fingerprint.of(settings.fingerprintText)
        movieFingerprint = Fingerprint.of(movie)
    }

    init(
        frames: Range<Int>, totalFrames: Int, frameRate: FrameRate, settingsFingerprint: String,
        movieFingerprint: String
    ) {
        self.frames = frames
        self.totalFrames = totalFrames
        self.frameRate = frameRate
        self.settingsFingerprint = settingsFingerprint
        self.movieFingerprint = movieFingerprint
    }

    /// The text stored in the chunk file's `comment` tag.
    var tag: String {
        "moviekit-chunk frames=\(frames.lowerBound)..<\(frames.upperBound) total=\(totalFrames) fps=\(frameRate.numerator)/\(frameRate.denominator) settings=\(settingsFingerprint) movie=\(movieFingerprint)"
    }

    /// Reads a chunk tag, or returns `nil` when `text` is not one.
    init?(tag text: String) {
        let fields = text.split(separator: " ")
        guard fields.first == "moviekit-chunk" else { return nil }
        var values: [String: String] = [:]
        for field in fields.dropFirst() {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        let bounds = values["frames"]?.components(separatedBy: "..<").compactMap { Int($0) } ?? []
        let rate = values["fps"]?.split(separator: "/").compactMap { Int($0) } ?? []
        guard bounds.count == 2, bounds[0] < bounds[1], let total = values["total"].flatMap({ Int($0) }),
            rate.count == 2, rate[0] > 0, rate[1] > 0, let settings = values["settings"], let movie = values["movie"]
        else { return nil }
        self.init(
            frames: bounds[0]..<bounds[1], totalFrames: total, frameRate: FrameRate(rate[0], rate[1]),
            settingsFingerprint: settings, movieFingerprint: movie)
    }
}

/// A short, stable hash for fingerprints: 64-bit FNV-1a, as 16 hex digits.
package enum Fingerprint {
    package static func of(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
