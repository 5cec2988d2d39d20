internal import CFFmpeg

/// libav's readable text for an `AVERROR` code, such as "Invalid data found when processing input".
/// Corresponds to `av_strerror`.
package func libavErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: mk_error_max_string_size())
    guard mk_strerror(code, &buffer, buffer.count) == 0 else { return "libav error \(code)" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
