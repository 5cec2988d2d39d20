internal import CFFmpeg
import Foundation
import MovieKitLog

/// Routes libav's (and through it x264's) own log lines to `Log`.
///
/// libav prints to standard error by default; installing this callback keeps it quiet unless a
/// `Log` handler is set.
package enum LogBridge {
    private static let installed: Bool = {
        av_log_set_level(AV_LOG_VERBOSE)
        av_log_set_callback(ffmpegLogCallback)
        return true
    }()

    /// Installs the bridge once; safe to call from any thread.
    package static func install() {
        _ = installed
    }
}

private func ffmpegLogCallback(
    _ avcl: UnsafeMutableRawPointer?, _ level: Int32, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?
) {
    guard let format, let arguments else { return }
    let mapped: Log.Level
    switch level {
    case ...AV_LOG_ERROR: mapped = .error
    case ...AV_LOG_WARNING: mapped = .warning
    case ...AV_LOG_INFO: mapped = .info
    default: mapped = .debug
    }
    guard let active = Log.activeLevel, mapped <= active else { return }
    var buffer = [CChar](repeating: 0, count: 1024)
    var printPrefix: Int32 = 1
    av_log_format_line2(avcl, level, format, arguments, &buffer, Int32(buffer.count), &printPrefix)
    let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    guard !line.isEmpty else { return }
    let subsystem: Log.Subsystem = line.hasPrefix("[libx264") ? .x264 : .ffmpeg
    Log.emit(mapped, subsystem: subsystem, line)
}
