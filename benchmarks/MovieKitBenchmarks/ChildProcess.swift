import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What one child process cost: wall time, CPU time and peak resident memory.
struct ProcessMeasurement: Sendable {
    var wallSeconds: Double
    var userSeconds: Double
    var systemSeconds: Double
    /// `ru_maxrss` from `wait4`, converted from Linux's kilobytes to bytes.
    var peakRSSBytes: Int
}

/// Runs a program as a child process with `posix_spawn` and reaps it with `wait4`, so its resource
/// usage (`ru_maxrss`, CPU times) belongs to that one run.
///
/// Foundation's `Process` reaps its child itself, which loses the rusage; hence the C calls.
/// Linux charges a child's peak RSS with the spawning process's high-water mark at `exec`
/// (`posix_spawn` shares the parent's address space until then), so the driver keeps its own memory
/// small and does all heavy work in children.
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` with `arguments` and waits for it.
    /// - Parameters:
    ///   - executable: An absolute path.
    ///   - arguments: The arguments, without the program name.
    ///   - logPath: Where the child's stdout and stderr go (appended); `/dev/null` when nil.
    /// - Throws: `Failure` when the program cannot be started, is killed, or exits with a non-zero status.
    static func run(_ executable: String, arguments: [String], logPath: String? = nil) throws -> ProcessMeasurement {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let log = logPath ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }

        fflush(nil)  // Progress printed so far appears now, even when stdout is a pipe.
        let start = ContinuousClock.now
        var pid: pid_t = 0
        let spawnStatus = argv.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return EINVAL }
            return posix_spawn(&pid, executable, &actions, nil, base, environ)
        }
        guard spawnStatus == 0 else {
            throw Failure(description: "Could not start \(executable): \(String(cString: strerror(spawnStatus))).")
        }

        var status: Int32 = 0
        var usage = rusage()
        var waited: pid_t
        repeat {
            waited = wait4(pid, &status, 0, &usage)
        } while waited == -1 && errno == EINTR
        let elapsed = ContinuousClock.now - start
        guard waited == pid else {
            throw Failure(description: "Waiting for \(executable) failed: \(String(cString: strerror(errno))).")
        }

        // WIFEXITED / WEXITSTATUS / WTERMSIG are C macros Swift does not import.
        let signal = status & 0x7F
        let exitCode = (status >> 8) & 0xFF
        guard signal == 0, exitCode == 0 else {
            let how = signal != 0 ? "was killed by signal \(signal)" : "exited with status \(exitCode)"
            let command = ([executable] + arguments).joined(separator: " ")
            throw Failure(description: "\(command) \(how); see \(log).")
        }
        return ProcessMeasurement(
            wallSeconds: elapsed.seconds,
            userSeconds: usage.ru_utime.seconds,
            systemSeconds: usage.ru_stime.seconds,
            peakRSSBytes: usage.ru_maxrss * 1024
        )
    }

    /// Runs a program and returns its stdout and stderr (for version probes). Nil when it cannot run.
    static func output(of executable: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The absolute path of `name` on `PATH`, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// This process's own peak RSS in bytes (the lower bound of every child's reading).
    static func ownPeakRSSBytes() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }
}

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

extension timeval {
    var seconds: Double { Double(tv_sec) + Double(tv_usec) / 1e6 }
}
