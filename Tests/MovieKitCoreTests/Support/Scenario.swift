import Foundation
import Testing

/// Runs the ReliabilityScenarios program (Tests/ReliabilityScenarios) and reads its JSON report.
enum Scenario {
    /// The ReliabilityScenarios executable that `swift test` built beside the test bundle.
    static func executable() throws -> URL {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            Bundle.main.bundleURL,
            packageRoot.appendingPathComponent(".build/debug")
        ].map { $0.appendingPathComponent("ReliabilityScenarios") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "ReliabilityScenarios was not built")
    }

    /// How to run a command with a private tmpfs mounted, or nil where this machine does not allow it:
    /// `unshare -rm` (an unprivileged user namespace), else `unshare -m` (as root).
    static let tmpfsMountCommand: [String]? = {
        guard
            let unshare = ["/usr/bin/unshare", "/bin/unshare"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            return nil
        }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("tmpfs-probe-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: probe) }
        for flags in ["-rm", "-m"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: unshare)
            process.arguments = [flags, "/bin/sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$0\"", probe.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            process.waitUntilExit()
            if process.terminationStatus == 0 { return [unshare, flags] }
        }
        return nil
    }()

    /// Runs one scenario and returns its report; fails the test with the child's stderr otherwise.
    /// - Parameter size: When set, the scenario's folder (its second argument, "$2" below) is a fresh tmpfs of that
    ///   size, mounted in a private mount namespace that vanishes with the child.
    static func run(
        _ arguments: [String], inTmpfsOf size: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        let process = Process()
        let executable = try executable()
        if let size {
            let mount = try #require(tmpfsMountCommand)
            process.executableURL = URL(fileURLWithPath: mount[0])
            process.arguments =
                [
                    mount[1], "/bin/sh", "-c", "mount -t tmpfs -o size=\(size) tmpfs \"$2\" && exec \"$0\" \"$@\"",
                    executable.path
                ] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        // Standard error goes to a file, so a chatty child can never block on a full pipe.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scenario-\(UUID().uuidString).stderr")
        try Data().write(to: errorFile)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        try #require(
            process.terminationReason == .exit && process.terminationStatus == 0,
            "ReliabilityScenarios \(arguments.joined(separator: " ")) ended with status \(process.terminationStatus): \(stderr)",
            sourceLocation: sourceLocation)
        let json = try JSONSerialization.jsonObject(with: data)
        return try #require(
            json as? [String: Any], "not a JSON object: \(String(decoding: data, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }
}
