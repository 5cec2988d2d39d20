// Reliability scenarios that need a process of their own: file-descriptor counts and RSS are
// process-wide, so other tests running in parallel would disturb them, and a full disk needs a
// private tmpfs mount. ReliabilityTests launches this program and reads the one JSON line it prints.
//
//   ReliabilityScenarios descriptors FOLDER [LIFECYCLES]   writer lifecycles, fds counted before and after
//   ReliabilityScenarios soak FOLDER FRAMES [mkv|mp4]       one long render, RSS sampled
//   ReliabilityScenarios fill-disk FOLDER                   renders into a small filesystem until it is full
//   ReliabilityScenarios file-size-limit FOLDER             renders under a 4 MB RLIMIT_FSIZE
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(
        Data("Usage: ReliabilityScenarios descriptors|soak|fill-disk|file-size-limit FOLDER [COUNT]\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[1])
let count = arguments.count > 2 ? Int(arguments[2]) : nil

do {
    let report: [String: Any] =
        switch arguments[0] {
        case "descriptors": try DescriptorScenario(folder: folder, lifecycles: count ?? 200).run()
        case "soak":
            try SoakScenario(
                folder: folder, frames: count ?? 100_000, container: arguments.count > 3 ? arguments[3] : "mkv"
            ).run()
        case "fill-disk": try FillDiskScenario(folder: folder).run()
        case "file-size-limit": try FileSizeLimitScenario(folder: folder).run()
        default:
            throw ScenarioError(
                "Unknown scenario \(arguments[0]); use descriptors, soak, fill-disk or file-size-limit.")
        }
    var line = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
    line.append(0x0A)
    FileHandle.standardOutput.write(line)
} catch {
    FileHandle.standardError.write(Data("Scenario \(arguments[0]) failed: \(error)\n".utf8))
    exit(1)
}
