import Foundation
import Testing

/// The `ffmpeg` and `ffprobe` command-line tools, as a check on movie files that is independent of
/// the libav calls MovieKit and `MovieProbe` make. Every check is skipped when the tool is not installed.
public enum FFmpegTools {
    /// Runs the installed tool `name` with `arguments`; nil when it is not installed.
    /// - Throws: `ChildProcess.Failure` when it cannot be started.
    public static func run(_ name: String, _ arguments: [String]) throws -> ProcessResult? {
        guard let tool = ChildProcess.installedTool(named: name) else { return nil }
        return try ChildProcess.run(tool, arguments: arguments)
    }

    /// Records an issue unless `ffmpeg` decodes `url` without a word and `ffprobe` finds its one
    /// video stream to be `codecName` (H.264 unless told otherwise).
    /// - Throws: `ChildProcess.Failure` when a tool cannot be started.
    public static func expectCleanDecode(
        of url: URL, codecName: String = "h264", sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        if let decode = try run("ffmpeg", ["-v", "error", "-i", url.path, "-f", "null", "-"]) {
            #expect(
                decode.exitStatus == 0 && decode.standardOutput.isEmpty && decode.standardError.isEmpty,
                "ffmpeg reported errors decoding \(url.lastPathComponent): \(decode)", sourceLocation: sourceLocation)
        }
        if let probe = try run(
            "ffprobe",
            ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_name", "-of", "csv=p=0", url.path])
        {
            #expect(
                probe.exitStatus == 0
                    && probe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == codecName,
                "ffprobe reported: \(probe.standardOutput) \(probe)", sourceLocation: sourceLocation)
        }
    }
}
