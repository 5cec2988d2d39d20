import ArgumentParser
import Foundation
import MovieKitCore

/// Flags that split a render into chunks: one chunk here (`--frames`, `--chunk`), or all of them
/// in local processes (`--jobs`).
struct ChunkOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Render only frames A..<B of the whole movie, as a chunk file (.mp4) for `moviemake concat`.",
            valueName: "A..<B"))
    var frames: String?

    @Option(
        help: ArgumentHelp(
            "Render the I-th of N chunks, counting from 0; auto/N takes I from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (Slurm job array).",
            valueName: "I/N"))
    var chunk: String?

    @Option(
        help:
            "Render in this many local processes, a chunk at a time, and join the chunks; the file is the same for every count."
    )
    var jobs: Int?

    @Option(
        help:
            "Where to write the chunk (with --chunk or --frames), instead of the command's output; job scripts name parts with it."
    )
    var chunkOutput: String?

    /// What part of the movie to render.
    enum Selection: Equatable {
        case whole
        case frames(Range<Int>)
        case chunk(index: Int?, count: Int)
    }

    var selection: Selection {
        get throws {
            if let frames { return .frames(try Self.parseFrames(frames)) }
            if let chunk { return try Self.parseChunk(chunk) }
            return .whole
        }
    }

    mutating func validate() throws {
        if let jobs, !(1...64).contains(jobs) {
            throw ValidationError(
                "Job count \(jobs) is not between 1 and 64; pass --jobs with a value such as the number of cores.")
        }
        if frames != nil, chunk != nil {
            throw ValidationError("--frames and --chunk both choose the frames to render; pass only one of them.")
        }
        _ = try selection
    }

    /// The frames to render of a movie of `frameCount` frames, or `nil` for the whole movie.
    func range(frameCount: Int, settings: MovieSettings) throws -> Range<Int>? {
        switch try selection {
        case .whole:
            return nil
        case .frames(let range):
            guard range.upperBound <= frameCount else {
                throw ValidationError(
                    "--frames \(range.lowerBound)..<\(range.upperBound) reaches past the movie's \(frameCount) frames; use an end of at most \(frameCount)."
                )
            }
            return range
        case .chunk(let index, let count):
            let resolved = try index ?? ChunkPlan.indexFromEnvironment(ProcessInfo.processInfo.environment)
            let plan = try ChunkPlan(frameCount: frameCount, settings: settings, chunkCount: count)
            guard resolved < count else {
                throw ValidationError(
                    "Chunk index \(resolved) is not below the chunk count \(count); chunks are numbered from 0 to \(count - 1)."
                )
            }
            return plan.ranges[resolved]
        }
    }

    static func parseFrames(_ text: String) throws -> Range<Int> {
        let parts = text.components(separatedBy: "..<")
        guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]), start >= 0, end > start else {
            throw ValidationError(
                "--frames \"\(text)\" is not a range of frames such as 0..<300 (start at least 0, end after start).")
        }
        return start..<end
    }

    static func parseChunk(_ text: String) throws -> Selection {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), count >= 1 else {
            throw ValidationError("--chunk \"\(text)\" is not I/N or auto/N with N at least 1, such as 0/4 or auto/4.")
        }
        if parts[0] == "auto" { return .chunk(index: nil, count: count) }
        guard let index = Int(parts[0]), index >= 0 else {
            throw ValidationError("--chunk \"\(text)\" is not I/N or auto/N with I at least 0, such as 0/4 or auto/4.")
        }
        return .chunk(index: index, count: count)
    }
}

/// How progress is shown on standard error.
struct ProgressOptions: ParsableArguments {
    enum Style: String, ExpressibleByArgument, CaseIterable {
        case auto, bar, json, none
    }

    @Option(
        help:
            "Progress on standard error: auto (a bar on a terminal, nothing otherwise), bar, json (one line a second, for tools) or none."
    )
    var progress: Style = .auto

    @Flag(name: [.short, .long], help: "Report nothing but errors (the same as --progress none).")
    var quiet = false

    /// The style in effect for this process: `.auto` stays only where standard error is not a
    /// terminal, and then means no progress but the closing summary line.
    var style: Style {
        if quiet { return .none }
        if progress == .auto, isatty(STDERR_FILENO) != 0 { return .bar }
        return progress
    }
}
