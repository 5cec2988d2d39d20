internal import CFFmpeg

/// The one error type of the libav layer. FrameDraw and MovieKitCore turn it into their own
/// public errors by `kind`, which says what the caller can act on.
package struct LibAVError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, grouped by what the caller can do about it.
    package enum Kind: Sendable, Equatable {
        /// An allocation failed: the system is out of memory.
        case outOfMemory
        /// An encoder or muxer refused its settings; `setting` names the option when it is known.
        case settingsRefused(setting: String?)
        /// An input file is missing, unreadable, damaged or in an unsupported format.
        case unreadableInput
        /// An input picture is larger than libav can decode.
        case inputTooLarge(width: Int, height: Int)
        /// Writing the output failed: disk space, file-size limits or permissions.
        case writeFailed
        /// A codec, muxer or filter is missing from this FFmpeg build.
        case unavailable(component: String)
        /// An unexpected failure inside libav or this layer.
        case internalFailure
    }

    package let kind: Kind
    /// What was being done, as a sentence fragment: "Opening the libx264 encoder".
    package let operation: String
    /// The `AVERROR` code, when libav returned one.
    package let code: Int32?
    /// libav's own text for the code, or this layer's reason as a full sentence.
    package let message: String

    package init(_ kind: Kind, operation: String, code: Int32? = nil, message: String) {
        self.kind = kind
        self.operation = operation
        self.code = code
        self.message = message
    }

    package var description: String {
        let codeText = code.map { " (FFmpeg error \($0))" } ?? ""
        return "\(operation) failed: \(message)\(codeText)."
    }

    /// Whether the code is `AVERROR(ENOMEM)`.
    static func isOutOfMemory(_ code: Int32) -> Bool { code == mk_averror(ENOMEM) }

    /// An allocation failure while doing `operation`.
    static func outOfMemory(_ operation: String) -> LibAVError {
        LibAVError(.outOfMemory, operation: operation, code: mk_averror(ENOMEM), message: "out of memory")
    }

    /// Returns `code` when it is not negative, and throws otherwise: `AVERROR(ENOMEM)` always as
    /// `.outOfMemory`, any other code as `kind`.
    @discardableResult
    static func check(_ code: Int32, _ kind: Kind, _ operation: @autoclosure () -> String) throws -> Int32 {
        guard code < 0 else { return code }
        if isOutOfMemory(code) { throw outOfMemory(operation()) }
        throw LibAVError(kind, operation: operation(), code: code, message: errorText(code))
    }

    /// libav's readable text for an `AVERROR` code, such as "Invalid data found when processing input".
    /// Corresponds to `av_strerror`.
    package static func errorText(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: mk_error_max_string_size())
        guard mk_strerror(code, &buffer, buffer.count) == 0 else { return "libav error \(code)" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static let eagain = mk_averror_eagain()
    static let noTimestamp = mk_nopts_value()
    static let eof = mk_averror_eof()
}
