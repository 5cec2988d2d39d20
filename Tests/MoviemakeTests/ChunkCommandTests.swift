import Foundation
import Testing

/// `--chunk`, `--frames`, `--jobs` and `concat`, run as a user would: the built `moviemake` in child processes.
@Suite("moviemake: chunks, jobs and concat")
struct ChunkCommandTests {
    struct Run {
        var status: Int32
        var errors: String
    }

    static func moviemake(_ arguments: [String], environment: [String: String]? = nil) throws -> Run {
        let process = Process()
        process.executableURL = try SignalTests.moviemakeExecutable()
        process.arguments = arguments
        if let environment { process.environment = environment }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, errors: String(decoding: data, as: UTF8.self))
    }

    static let demo = [
        "--seconds", "3", "--width", "160", "--height", "96", "--fps", "20", "--keyframe-interval", "0.5", "--preset",
        "ultrafast", "--quiet"
    ]

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("moviemake-chunks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func jobsOneAndThreeGiveIdenticalBytes() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let one = dir.appendingPathComponent("one.mp4")
        let three = dir.appendingPathComponent("three.mp4")
        let first = try Self.moviemake(["demo", one.path, "--jobs", "1"] + Self.demo)
        let second = try Self.moviemake(["demo", three.path, "--jobs", "3"] + Self.demo)
        #expect(first.status == 0, "\(first.errors)")
        #expect(second.status == 0, "\(second.errors)")
        #expect(try Data(contentsOf: three) == Data(contentsOf: one))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["one.mp4", "three.mp4"])
    }

    @Test func chunksRenderedSeparatelyJoinWithConcat() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let parts = dir.appendingPathComponent("parts")
        try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
        for index in 0..<3 {
            // As Slurm would run them: the index from the environment.
            var environment = ProcessInfo.processInfo.environment
            environment["SLURM_ARRAY_TASK_ID"] = "\(index)"
            // The output positional for some parts and with -o for others: both forms write the same.
            let output = parts.appendingPathComponent("part-\(index).mp4").path
            let arguments = index == 1 ? ["demo", "-o", output] : ["demo", output]
            let run = try Self.moviemake(arguments + ["--chunk", "auto/3"] + Self.demo, environment: environment)
            #expect(run.status == 0, "\(run.errors)")
        }
        let joined = dir.appendingPathComponent("joined.mp4")
        let join = try Self.moviemake(["concat", "--dir", parts.path, "-o", joined.path])
        #expect(join.status == 0, "\(join.errors)")
        #expect(FileManager.default.fileExists(atPath: joined.path))
        // concat keeps an existing movie unless -y is given, with the same sentence as every command.
        let again = try Self.moviemake(["concat", "--dir", parts.path, "-o", joined.path])
        #expect(again.status == 1)
        #expect(
            again.errors.contains(
                "The file \(joined.path) already exists; pass -y (--overwrite) to replace it, or choose another path."),
            "\(again.errors)")
        let replaced = try Self.moviemake(["concat", "--dir", parts.path, "-o", joined.path, "-y"])
        #expect(replaced.status == 0, "\(replaced.errors)")

        // A missing part is refused by name and range, with exit status 1.
        try FileManager.default.removeItem(at: parts.appendingPathComponent("part-1.mp4"))
        let refused = try Self.moviemake([
            "concat", "--dir", parts.path, "-o", dir.appendingPathComponent("bad.mp4").path
        ])
        #expect(refused.status == 1)
        #expect(
            refused.errors.contains("frames 20..<40 are missing; render them (--frames 20..<40) and join again."),
            "\(refused.errors)")
    }

    @Test func chunkAutoWithoutASchedulerNamesBothVariables() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        var environment = ProcessInfo.processInfo.environment
        environment["SLURM_ARRAY_TASK_ID"] = nil
        environment["JOB_COMPLETION_INDEX"] = nil
        let run = try Self.moviemake(
            ["demo", dir.appendingPathComponent("p.mp4").path, "--chunk", "auto/3"] + Self.demo,
            environment: environment)
        #expect(run.status == 1)
        #expect(
            run.errors.contains(
                "neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set"
            ))
        let usage = try Self.moviemake(
            ["demo", dir.appendingPathComponent("p.mp4").path, "--frames", "10..5"] + Self.demo)
        #expect(usage.status == 64)
        #expect(usage.errors.contains("--frames \"10..5\" is not a range of frames such as 0..<300"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func jobsRefusesOutputsItsChunksCannotMakeBeforeRendering() throws {
        let dir = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let webm = try Self.moviemake(["demo", dir.appendingPathComponent("m.webm").path, "--jobs", "2"] + Self.demo)
        #expect(webm.status == 64)
        #expect(
            webm.errors.contains(
                "--jobs joins its chunks into an .mp4, .m4v or .mov file, not m.webm; render .webm without --jobs"),
            "\(webm.errors)")
        let folder = try Self.moviemake(["demo", dir.appendingPathComponent("frames").path, "--jobs", "2"] + Self.demo)
        #expect(folder.status == 64)
        #expect(
            folder.errors.contains("not a folder of PNG files (frames); render PNG files without --jobs"),
            "\(folder.errors)")
        let alpha = try Self.moviemake(
            [
                "demo", dir.appendingPathComponent("m.mov").path, "--jobs", "2", "--codec", "prores",
                "--prores-profile", "p4444", "--alpha"
            ]
                + Self.demo)
        #expect(alpha.status == 64)
        #expect(alpha.errors.contains("--jobs renders H.264 or HEVC chunks and joins them, so it cannot make ProRes"))
        #expect(alpha.errors.contains("with alpha"), "\(alpha.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
