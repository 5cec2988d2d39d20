import Foundation

/// The facts a result needs to be read later: when, on what, with which encoder.
struct MachineInfo {
    var date: String
    var cores: Int
    var cpuModel: String
    var ffmpegVersion: String
    var x264Version: String

    /// Probes this machine. Missing facts read "unknown".
    static func probe(ffmpeg: String) -> MachineInfo {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model =
            cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
        let ffmpegLine =
            ChildProcess.output(of: ffmpeg, ["-hide_banner", "-version"])?
            .split(separator: "\n").first.map(String.init) ?? "unknown"
        return MachineInfo(
            date: formatter.string(from: Date()),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            cpuModel: model,
            ffmpegVersion: ffmpegLine,
            x264Version: x264PackageVersion() ?? "unknown"
        )
    }

    /// The installed libx264 package and version, from dpkg (for example `libx264-164 2:0.164.3095+gitbaee400-3`).
    private static func x264PackageVersion() -> String? {
        guard let dpkg = ChildProcess.which("dpkg-query"),
            let listing = ChildProcess.output(
                of: dpkg, ["-W", "-f", "${Package} ${Version} ${db:Status-Abbrev}\n", "libx264-*"])
        else { return nil }
        let installed = listing.split(separator: "\n").filter { $0.hasSuffix("ii ") || $0.hasSuffix("ii") }
        let packages = installed.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        return packages.isEmpty ? nil : packages.joined(separator: ", ")
    }
}
