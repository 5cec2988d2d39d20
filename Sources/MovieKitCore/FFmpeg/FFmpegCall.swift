internal import CFFmpeg

/// Helpers that turn libav return codes into `MovieKitError`.
enum FFmpegCall {
    /// libav's message for an error code. Corresponds to `av_strerror`.
    static func message(for code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: Int(mk_error_max_string_size()))
        if mk_strerror(code, &buffer, buffer.count) < 0 {
            return "unknown error"
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
