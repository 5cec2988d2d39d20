import Foundation
import Testing

@testable import FrameDraw

#if canImport(Glibc)
    import Glibc
#endif

/// Measures how long loading a large JPEG with `maxPixelSize` takes, and its peak memory, with and
/// without the reduced-resolution (`lowres`) decode. Off unless asked for; it asserts nothing about time.
///
/// Run it with:
///
///     MOVIEKIT_MEASURE_IMAGE_DECODE=1 swift test --filter ImageDecodeMeasurement
///
/// Each load runs in a child process (this test binary, filtered to `child()`), so that its peak
/// resident set size (`ru_maxrss` from `wait4`) is its own. A child that loads nothing gives the
/// baseline of the test runner itself. The JPEGs are made with the ffmpeg command (install-deps installs it).
@Suite("Image decode measurement", .serialized)
struct ImageDecodeMeasurement {
    static let environment = ProcessInfo.processInfo.environment
    static let childRequest = environment["MOVIEKIT_IMAGE_DECODE_CHILD"]

    /// One load in a child: "mode;path;maxPixelSize;resultFile" with mode none (nothing), read (only
    /// the file's bytes), full (decoded at full size, then scaled) or lowres (the loader's default).
    @Test(.enabled(if: childRequest != nil, "Runs only as a measurement's child process."))
    func child() throws {
        let fields = try #require(Self.childRequest).split(separator: ";").map(String.init)
        try #require(fields.count == 4)
        var options = ImageLoadingOptions(maxPixelSize: Int(fields[2]))
        options.decodesJPEGAtReducedResolution = fields[0] == "lowres"
        let start = ContinuousClock.now
        var size = "-"
        if fields[0] == "read" {
            // Only what the loader does first: read the file's bytes.
            let data = try Data(contentsOf: URL(fileURLWithPath: fields[1]), options: .mappedIfSafe)
            size = "\(data.count)B"
        } else if fields[0] != "none" {
            let image = try Image(contentsOf: URL(fileURLWithPath: fields[1]), options: options)
            size = "\(image.width)x\(image.height)"
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        try "\(seconds) \(size)".write(toFile: fields[3], atomically: true, encoding: .utf8)
    }

    @Test(
        .enabled(
            if: environment["MOVIEKIT_MEASURE_IMAGE_DECODE"] != nil, "Set MOVIEKIT_MEASURE_IMAGE_DECODE=1 to measure."))
    func measureLargeJPEGs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (width, height, maxPixelSize) in [(6000, 4000, 1280), (12000, 8000, 2048)] {
            let jpeg = directory.file("photo-\(width)x\(height).jpg")
            try Self.run(
                "/usr/bin/ffmpeg",
                [
                    "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=\(width)x\(height)",
                    "-vf", "noise=alls=12:allf=t,format=yuvj420p", "-frames:v", "1", "-q:v", "3", jpeg.path
                ])
            let bytes = (try FileManager.default.attributesOfItem(atPath: jpeg.path)[.size] as? Int) ?? 0
            print(
                "\(width)x\(height) JPEG (\(bytes / 1_000) KB), maxPixelSize \(maxPixelSize), median of 3 child processes:"
            )
            var baseline = 0
            for mode in ["none", "read", "full", "lowres"] {
                var samples: [(seconds: Double, peakKB: Int, size: String)] = []
                for _ in 0..<3 {
                    samples.append(
                        try Self.measureChild(mode: mode, path: jpeg.path, maxPixelSize: maxPixelSize, in: directory))
                }
                let seconds = samples.map(\.seconds).sorted()[1]
                let peak = samples.map(\.peakKB).sorted()[1]
                if mode == "none" { baseline = peak }
                print(
                    String(
                        format:
                            "  %-7@ load %7.1f ms  peak RSS %7.1f MB  (%+.1f MB over the test runner's own)  result %@",
                        mode as NSString, seconds * 1000, Double(peak) / 1024, Double(peak - baseline) / 1024,
                        samples[0].size as NSString))
            }
        }
    }

    /// Runs this test binary filtered to `child()`, and returns the child's own load time, its peak
    /// resident set size in KiB, and the loaded size.
    static func measureChild(mode: String, path: String, maxPixelSize: Int, in directory: TemporaryDirectory) throws
        -> (seconds: Double, peakKB: Int, size: String)
    {
        let result = directory.file("result-\(UUID().uuidString)")
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let arguments = [executable, "--testing-library", "swift-testing", "--filter", "ImageDecodeMeasurement/child"]
        var environment = ProcessInfo.processInfo.environment
        environment["MOVIEKIT_MEASURE_IMAGE_DECODE"] = nil
        environment["MOVIEKIT_IMAGE_DECODE_CHILD"] = "\(mode);\(path);\(maxPixelSize);\(result.path)"
        let usage = try spawnAndWait(arguments, environment: environment.map { "\($0.key)=\($0.value)" })
        let fields = try String(contentsOf: result, encoding: .utf8).split(separator: " ")
        return (Double(fields[0]) ?? .nan, Int(usage.ru_maxrss), String(fields[1]))
    }

    /// Starts `arguments[0]` with posix_spawn, waits with wait4 and returns its resource usage.
    static func spawnAndWait(_ arguments: [String], environment: [String]) throws -> rusage {
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp)
        try #require(spawned == 0, "posix_spawn failed with \(spawned)")
        var status: Int32 = 0
        var usage = rusage()
        try #require(wait4(pid, &status, 0, &usage) == pid)
        try #require(status == 0, "The child exited with status \(status).")
        return usage
    }

    static func run(_ tool: String, _ arguments: [String]) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: tool), "\(tool) is missing; run scripts/install-deps.sh.")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(tool) failed.")
    }
}
