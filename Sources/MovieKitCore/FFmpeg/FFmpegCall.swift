internal import CFFmpeg
import FrameDraw

/// Helpers that turn libav return codes into `MovieKitError`.
enum FFmpegCall {
    /// libav's message for an error code (FrameDraw's shared `av_strerror` wrapper).
    static func message(for code: Int32) -> String {
        libavErrorText(code)
    }

    /// Throws `MovieKitError.ffmpeg` when `code` is negative; returns it otherwise.
    @discardableResult
    static func check(_ code: Int32, _ operation: @autoclosure () -> String) throws -> Int32 {
        guard code >= 0 else {
            throw MovieKitError.ffmpeg(operation: operation(), code: code, message: message(for: code))
        }
        return code
    }

    static let eagain = mk_averror_eagain()
    static let eof = mk_averror_eof()
}
