import Dispatch
import Foundation

/// How a child process ended, and what it wrote.
public struct ProcessResult: Sendable, CustomStringConvertible {
    /// How the process ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exit(Int32)
        /// A signal with this number ended it.
        case signal(Int32)
        /// It was still running when the time limit passed, and was terminated.
        case timedOut
    }

    public var termination: Termination
    public var standardOutput: String
    public var standardError: String

    /// The exit status, or nil when a signal or the time limit ended the process.
    public var exitStatus: Int32? {
        if case .exit(let status) = termination { status } else { nil }
    }

    /// How it ended and what it wrote on standard error, for test failure messages.
    public var description: String {
        let how =
            switch termination {
            case .exit(let status): "exited with status \(status)"
            case .signal(let number): "was ended by signal \(number)"
            case .timedOut: "was still running at the time limit"
            }
        return "The process \(how); standard error: \"\(standardError)\""
    }
}

/// Runs programs as child processes, for scenarios that must not touch the test process itself:
/// the built `moviemake` command, the `WriterChild` helper, and the FFmpeg command-line tools.
public enum ChildProcess {
    /// A child process could not be found or started.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `executable` with `arguments`, waits for it to end and collects its output.
    /// - Parameters:
    ///   - executable: The program to run.
    ///   - arguments: Its arguments, without the program name.
    ///   - timeLimit: How long to wait before terminating it (reported as `.timedOut`).
    ///   - environment: Variables set for the child on top of this process's environment.
    /// - Throws: `Failure` when the program cannot be started, or the file system's error when its
    ///   output cannot be captured.
    public static func run(
        _ executable: URL, arguments: [String], timeLimit: Duration = .seconds(120),
        environment: [String: String] = [:]
    ) throws -> ProcessResult {
        // Output goes to files rather than pipes, so a chatty child never blocks on a full pipe.
        let capture = try TemporaryDirectory(prefix: "ChildProcess")
        let outputURL = try capture.write(Data(), to: "stdout")
        let errorURL = try capture.write(Data(), to: "stderr")
        let output = try FileHandle(forWritingTo: outputURL)
        let error = try FileHandle(forWritingTo: errorURL)
        defer {
            try? output.close()
            try? error.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
        } catch {
            throw Failure(description: "Could not start \(executable.path): \(error).")
        }

        var timedOut = false
        if ended.wait(timeout: .now() + .milliseconds(Int(timeLimit / .milliseconds(1)))) == .timedOut {
            timedOut = true
            process.terminate()
            ended.wait()
        }
        // The child has ended, so this returns at once; it is here for its side effect. Foundation's
        // Process on Linux keeps a run-loop source that retains the Process, and only
        // waitUntilExit() lets go of it: a Process waited for through terminationHandler alone is
        // never freed, with its arguments and file handles (LeakSanitizer reports them at exit).
        // scripts/sanitizers/repro/ProcessCycle.swift shows it without MovieKit.
        process.waitUntilExit()
        let termination: ProcessResult.Termination =
            timedOut
            ? .timedOut
            : process.terminationReason == .uncaughtSignal
                ? .signal(process.terminationStatus)
                : .exit(process.terminationStatus)
        return ProcessResult(
            termination: termination,
            standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self)
        )
    }

    /// An executable product of this package, built next to the running test bundle
    /// (`.build/<triple>/debug`), because a test target depends on its target.
    /// - Throws: `Failure` naming where it was looked for when it is not there.
    public static func builtProduct(named name: String) throws -> URL {
        let testBundle = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let product = testBundle.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: product.path) else {
            throw Failure(
                description: "The \(name) executable is not at \(product.path); "
                    + "run `swift build --build-tests`, which builds it with the tests that depend on it.")
        }
        return product
    }

    /// The installed program `name` (for example `ffprobe`), or nil when it is not installed.
    public static func installedTool(named name: String) -> URL? {
        ["/usr/bin", "/usr/local/bin"]
            .map { URL(fileURLWithPath: $0).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
