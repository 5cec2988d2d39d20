import ArgumentParser
import Foundation

/// The reference workloads of benchmarks/README.md.
enum Workload: String, ExpressibleByArgument, CaseIterable, Comparable {
    case w1 = "W1"
    case w2 = "W2"
    case w3 = "W3"
    /// Parallel drawing: W1 at the fast presets and at 4K, and drawing alone on 1, 2 and all threads.
    case parallel = "PARALLEL"
    /// Each codec against the ffmpeg CLI with the same settings.
    case codecs = "CODECS"
    /// W4: a montage of four 1080p clips against the ffmpeg CLI filtergraph doing the same.
    case w4 = "W4"
    /// W5: a 1080p Lottie against ThorVG and rlottie piping into the ffmpeg CLI.
    case w5 = "W5"
    /// W6: an ASS file with karaoke and an SRT file burned into a 60 s 1080p clip, against the
    /// ffmpeg CLI's `subtitles` filter.
    case w6 = "W6"

    init?(argument: String) {
        self.init(rawValue: argument.uppercased())
    }

    static func < (a: Workload, b: Workload) -> Bool { a.rawValue < b.rawValue }
}

/// The default command: runs the selected workloads, prints the results and writes benchmarks/RESULTS.md.
struct RunBenchmarks: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Runs the benchmark workloads and writes benchmarks/RESULTS.md."
    )

    @Option(
        help:
            "Comma-separated workloads to run: W1 (animation, 720p and 1088p, with the ffmpeg floor), W2 (slideshow), W3 (memory), PARALLEL (fast presets, 4K, drawing threads), CODECS (HEVC, VP9, AV1, ProRes), W4 (video montage), W5 (Lottie), W6 (burned-in subtitles).",
        transform: { text in
            try text.split(separator: ",").map { name in
                guard let workload = Workload(argument: name.trimmingCharacters(in: .whitespaces)) else {
                    throw ValidationError(
                        "Unknown workload \"\(name)\"; use W1, W2, W3, PARALLEL, CODECS, W4, W5 or W6, separated by commas."
                    )
                }
                return workload
            }
        }
    )
    var workloads: [Workload] = Workload.allCases

    @Option(help: "Measured runs per workload (the median is reported). Default 3, or 1 with --quick.")
    var runs: Int?

    @Option(help: "Runs of each W3 length (W3's 3000-frame render takes minutes).")
    var longRuns = 1

    @Flag(help: "A smoke run: fewer frames and photos, one run each.")
    var quick = false

    @Flag(help: "Also report the mean milliseconds per frame of each stage of MovieKit's pipeline.")
    var profile = false

    @Option(help: "The Markdown file to write (overwritten).")
    var results = "benchmarks/RESULTS.md"

    @Option(help: "The cache folder for generated photos, raw frames and movies.")
    var workDirectory = ".build/bench-fixtures"

    func validate() throws {
        if let runs, runs < 1 {
            throw ValidationError("--runs must be at least 1; got \(runs).")
        }
        guard longRuns >= 1 else {
            throw ValidationError("--long-runs must be at least 1; got \(longRuns).")
        }
        guard !workloads.isEmpty else {
            throw ValidationError("--workloads names no workload; use for example W1,W2,W3.")
        }
    }

    func run() throws {
        guard let ffmpeg = ChildProcess.which("ffmpeg") else {
            throw ValidationError(
                "The ffmpeg CLI was not found on PATH; it is the reference. Install it (apt-get install ffmpeg).")
        }
        let executable = try Self.ownExecutablePath()
        let plan = BenchmarkPlan(
            workloads: Set(workloads),
            runs: runs ?? (quick ? 1 : 3),
            longRuns: longRuns,
            quick: quick,
            profile: profile
        )
        let workURL = URL(fileURLWithPath: workDirectory, isDirectory: true).standardizedFileURL
        try FileManager.default.createDirectory(at: workURL, withIntermediateDirectories: true)

        let info = MachineInfo.probe(ffmpeg: ffmpeg)
        print("MovieKit benchmarks — \(info.cores) cores, \(info.cpuModel)")
        print("\(info.ffmpegVersion); libx264: \(info.x264Version)")
        print("Work folder: \(workURL.path) (child logs in bench.log)\n")

        let driver = BenchmarkDriver(plan: plan, executable: executable, ffmpeg: ffmpeg, workDirectory: workURL)
        try driver.runAll()

        let command = (["swift run -c release MovieKitBenchmarks"] + CommandLine.arguments.dropFirst()).joined(
            separator: " ")
        let report = ResultsReport(info: info, plan: plan, command: command, driver: driver)
        print("\n" + report.consoleSummary())
        let resultsURL = URL(fileURLWithPath: results)
        try FileManager.default.createDirectory(
            at: resultsURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try report.markdown().write(to: resultsURL, atomically: true, encoding: .utf8)
        print("Wrote \(resultsURL.path)")
    }

    /// This binary's absolute path, for re-running it as a child (`/proc/self/exe`).
    private static func ownExecutablePath() throws -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else {
            throw ValidationError("Cannot find this program's own path through /proc/self/exe.")
        }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// What to run, resolved from the options.
struct BenchmarkPlan: Sendable {
    var workloads: Set<Workload>
    var runs: Int
    var longRuns: Int
    var quick: Bool
    var profile: Bool

    /// Frames of W1 and of W3's short run.
    var w1Frames: Int { quick ? 60 : 300 }
    /// Frames of W3's long run.
    var w3LongFrames: Int { quick ? 300 : 3000 }
    /// Photos in the W2 slideshow.
    var w2Photos: Int { quick ? 3 : PhotoFixtures.photos.count }
}
