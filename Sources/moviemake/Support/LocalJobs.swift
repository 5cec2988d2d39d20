import ArgumentParser
import Foundation
import MovieKitCore
import MovieKitScene
import Synchronization

/// Renders a movie's chunks in child `moviemake` processes on this machine and joins them.
///
/// The chunks are the same whatever the number of processes (16 chunks of whole GOPs, or one per
/// GOP for short movies), and each chunk's bytes do not depend on which process renders it, so
/// the joined file is identical for every `--jobs` count.
enum LocalJobs {
    /// At most this many chunks; fewer for movies with fewer keyframe intervals.
    static let chunkCount = 16

    static func run(_ job: MovieRender, jobs: Int, overwrite: Bool, progress: ProgressOptions) throws -> String {
        // Chunks are joined by copying their packets into one MP4 or QuickTime file.
        let container = job.output.pathExtension.lowercased()
        guard ["mp4", "m4v", "mov"].contains(container) else {
            throw ValidationError(
                "--jobs joins its chunks into an .mp4, .m4v or .mov file, not \(container.isEmpty ? "a folder of PNG files (\(job.output.lastPathComponent))" : job.output.lastPathComponent); render \(container.isEmpty ? "PNG files" : ".\(container)") without --jobs, or write an .mp4 or .mov with --jobs."
            )
        }
        // Chunks are H.264 or HEVC without alpha (MovieWriter's rule for chunks).
        let codec = job.settings.codec ?? .h264
        guard [VideoCodec.h264, .hevc].contains(codec), !job.settings.alpha else {
            let what = job.settings.alpha ? "\(codec) with alpha" : "\(codec)"
            throw ValidationError(
                "--jobs renders H.264 or HEVC chunks and joins them, so it cannot make \(what); render without --jobs, or choose --codec h264 or hevc\(job.settings.alpha ? " and no alpha (--background)" : "")."
            )
        }
        if !overwrite, FileManager.default.fileExists(atPath: job.output.path) {
            throw MovieKitError.fileExists(path: job.output.path)
        }
        let plan = try ChunkPlan(frameCount: job.frameCount, settings: job.settings, atMost: chunkCount)
        let parts = FileManager.default.temporaryDirectory.appendingPathComponent(
            "moviemake-parts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: parts) }
        let urls = plan.ranges.indices.map { parts.appendingPathComponent("part-\($0).mp4") }
        let reporter = ProgressReporter(total: job.frameCount, style: progress.style)
        let pool = ChildPool(limit: jobs)
        var loudness: LoudnessMeasurement?
        try SignalCancellation.run(cancel: { pool.terminateAll() }) {
            let threads = max(1, ProcessInfo.processInfo.activeProcessorCount / jobs)
            for (index, url) in urls.enumerated() {
                let arguments =
                    Array(CommandLine.arguments.dropFirst()) + [
                        "--chunk", "\(index)/\(urls.count)", "--chunk-output", url.path,
                        "--progress", "json", "--threads", "\(threads)"
                    ]
                try pool.launch(arguments: arguments, chunk: index) { reporter.update(completed: pool.totalEncoded) }
            }
            try pool.waitForAll()
            // The sound, its loudness and the subtitle tracks belong to the whole movie: written here.
            loudness = try MovieChunks.join(
                parts: urls, to: job.output, overwrite: overwrite, audio: job.audio,
                audioBitRate: job.settings.audioBitRate, audioNormalization: job.settings.audioNormalization,
                loudness: job.settings.loudness, subtitleTracks: job.subtitleTracks)
        }
        reporter.finish(
            message: "Wrote \(job.output.path): \(job.frameCount) frames in \(urls.count) chunks on \(jobs) processes."
                + RenderRunner.soundNote(loudness, target: job.settings.loudness))
        return ""
    }

    /// Set in the environment of the chunk processes `--jobs` starts: their sound and subtitle tracks
    /// are written by the parent when it joins the chunks.
    static let childVariable = "MOVIEKIT_JOBS_CHUNK"

    /// Whether this process renders a chunk for a parent's `--jobs`.
    static var isChild: Bool { ProcessInfo.processInfo.environment[childVariable] == "1" }
}

/// Runs child processes, at most `limit` at once, tracking each one's reported progress.
final class ChildPool: Sendable {
    private struct State {
        var running: [Int: Process] = [:]
        var encoded: [Int: Int] = [:]
        var failure: String?
        var stopped = false
    }

    private let limit: Int
    private let state = Mutex(State())
    private let slots: DispatchSemaphore

    init(limit: Int) {
        self.limit = limit
        slots = DispatchSemaphore(value: limit)
    }

    /// Frames encoded so far, over every child.
    var totalEncoded: Int { state.withLock { $0.encoded.values.reduce(0, +) } }

    /// Starts `moviemake` with `arguments` once a slot is free.
    /// - Throws: The first failure of a child, or `ExitCode` after a signal.
    func launch(arguments: [String], chunk: Int, onProgress: @escaping @Sendable () -> Void) throws {
        slots.wait()
        if let failure = state.withLock({ $0.stopped ? ($0.failure ?? "stopped") : nil }) {
            slots.signal()
            throw CommandFailure(failure)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging([LocalJobs.childVariable: "1"]) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let messages = Mutex([String]())
        let take: @Sendable (String) -> Void = { [self] line in
            if let report = ProgressReporter.parse(jsonLine: line) {
                state.withLock { $0.encoded[chunk] = report.encoded }
                onProgress()
            } else if !line.isEmpty {
                messages.withLock { $0.append(line) }
            }
        }
        // The child's standard error is read with blocking reads on a thread of its own, not with
        // FileHandle.readabilityHandler: tearing down that handler's dispatch read source races
        // libdispatch's epoll bookkeeping on Linux and can crash the manager thread in
        // _dispatch_event_loop_drain (swift-corelibs-libdispatch#949; under ThreadSanitizer it
        // crashed `moviemake demo --jobs 3` in 7 of 10 runs here). A blocking read registers nothing.
        let drained = DispatchSemaphore(value: 0)
        process.terminationHandler = { [self] finished in
            // Returns at once (the child has ended); it releases the run-loop source through which
            // Foundation's Process on Linux retains itself until waitUntilExit() is called, so the
            // Process, its Pipe and its arguments are freed (see ChildProcess in Tests/TestSupport).
            finished.waitUntilExit()
            // Every line the child wrote is read before its exit status is judged.
            drained.wait()
            state.withLock { value in
                value.running[chunk] = nil
                if finished.terminationStatus != 0, value.failure == nil, !value.stopped {
                    let message = messages.withLock { $0.joined(separator: "\n") }
                    value.failure =
                        "Rendering chunk \(chunk) failed (exit status \(finished.terminationStatus)): \(message)"
                    value.stopped = true
                }
            }
            if state.withLock({ $0.failure != nil }) { terminateAll() }
            slots.signal()
        }
        state.withLock { $0.running[chunk] = process }
        try process.run()
        Thread {
            // `errors` is captured so its read end stays open until the end of the stream.
            let descriptor = errors.fileHandleForReading.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 16_384)
            var pending = [UInt8]()
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending.append(contentsOf: buffer[..<count])
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    take(String(decoding: pending[..<newline], as: UTF8.self))
                    pending.removeSubrange(...newline)
                }
            }
            take(String(decoding: pending, as: UTF8.self))
            drained.signal()
        }.start()
    }

    /// Waits until every child has exited. - Throws: The first child's failure.
    func waitForAll() throws {
        for _ in 0..<limit { slots.wait() }
        for _ in 0..<limit { slots.signal() }
        if let failure = state.withLock({ $0.failure }) { throw CommandFailure(failure) }
        if state.withLock({ $0.stopped }) { throw MovieKitError.cancelled(path: "the chunks") }
    }

    /// Stops every running child (SIGTERM: each discards its unfinished chunk) and starts no more.
    func terminateAll() {
        let running = state.withLock { value -> [Process] in
            value.stopped = true
            return Array(value.running.values)
        }
        for process in running where process.isRunning { process.terminate() }
    }
}
