import Foundation

/// Every error MovieKitCore throws. Each description is a full sentence that names the value or
/// file, says what was wrong, and says what to do.
public enum MovieKitError: Error, Equatable, CustomStringConvertible {
    /// A width or height is not a positive multiple of 16. `nearest` holds the valid sizes around it.
    case invalidDimension(name: String, value: Int, nearest: [Int])
    /// The frame rate is not positive, or not a rate the encoder and container can represent.
    case invalidFrameRate(FrameRate, reason: String)
    /// The constant rate factor is outside 0…51.
    case invalidCRF(Int)
    /// The preset name is not one of x264's presets.
    case unknownPreset(String)
    /// The keyframe interval is not a positive number of seconds.
    case invalidKeyframeInterval(Double)
    /// The target bit rate is not positive.
    case invalidBitRate(Int)
    /// The destination exists and `overwrite` was not set.
    case fileExists(path: String)
    /// The destination's extension names no supported container.
    case unsupportedContainer(path: String)
    /// `addFrame` or `finish` was called after the writer finished or failed.
    case writerClosed(path: String)
    /// `finish()` was called before any frame was added.
    case noFrames(path: String)
    /// `repeatPreviousFrame` was called before any frame was drawn.
    case noPreviousFrame(path: String)
    /// The H.264 encoder (libx264) is not available in this FFmpeg build.
    case encoderUnavailable(String)
    /// The frame is larger than the encoder accepts.
    case frameTooLarge(width: Int, height: Int, encoder: String, limit: String)
    /// The encoder refused its settings; `setting` names the option when it is known.
    case encoderSettingsRefused(encoder: String, setting: String?, reason: String)
    /// An input file (audio, a movie part) is missing, unreadable, damaged or not a media file.
    case unreadableInput(path: String, reason: String)
    /// An input picture is larger than FFmpeg can decode.
    case inputTooLarge(path: String, width: Int, height: Int)
    /// Writing the movie failed: disk space, file-size limits or permissions.
    case writeFailed(path: String, reason: String)
    /// Memory ran out while doing what the text describes.
    case outOfMemory(String)
    /// An unexpected failure inside FFmpeg or MovieKit: a bug to report, not a user error.
    case internalFailure(operation: String, code: Int32?, message: String)
    /// The render was cancelled with `cancel()`, Task cancellation or a signal; nothing was written.
    case cancelled(path: String)
    /// A file-system step (creating the temporary file, moving it into place) failed.
    case fileSystem(path: String, reason: String)
    /// An easing curve cannot be evaluated as written. `easing` is the curve in CSS syntax, such as
    /// `cubic-bezier(1.5, 0, 0.5, 1)`; `reason` says which value is wrong and what to use instead.
    case invalidEasing(easing: String, reason: String)
    /// A keyframe list has no keyframes.
    case noKeyframes
    /// The keyframe at `index` (counted from 0, in the order given) has a time or easing that cannot be used.
    case invalidKeyframe(index: Int, reason: String)
    /// The keyframes' calculation mode needs something that their value type does not provide.
    case unsupportedKeyframeMode(mode: String, valueType: String)
    /// A spring parameter (`mass`, `stiffness`, `damping`, `response` or `damping ratio`) is out of range.
    case invalidSpring(parameter: String, value: Double, reason: String)
    /// Two paths cannot be interpolated because their elements differ.
    case incompatiblePaths(reason: String)
    /// A duration, speed or repeat count of an animation is out of range. `name` says which one.
    case invalidTiming(name: String, value: Double, reason: String)

    public var description: String {
        switch self {
        case .invalidDimension(let name, let value, let nearest):
            let options = nearest.map(String.init).joined(separator: " or ")
            if value <= 0 {
                return "\(name) \(value) is not positive; use a positive multiple of 16 such as \(options)."
            }
            return "\(name) \(value) is not a multiple of 16; use \(options)."
        case .invalidFrameRate(let rate, let reason):
            return "Frame rate \(rate) is not supported: \(reason)."
        case .invalidCRF(let crf):
            return "CRF \(crf) is outside 0…51; use 0 (lossless) to 51 (smallest), or 23 for the default quality."
        case .unknownPreset(let name):
            let names = Preset.allCases.map(\.rawValue).joined(separator: ", ")
            return "Preset \"\(name)\" is not an x264 preset; use one of \(names)."
        case .invalidKeyframeInterval(let seconds):
            return "Keyframe interval \(seconds) s is not positive; use a positive number of seconds such as 2."
        case .invalidBitRate(let bitRate):
            return "Bit rate \(bitRate) is not positive; use bits per second such as 5_000_000, or nil to use CRF."
        case .fileExists(let path):
            return "The file \(path) already exists; pass overwrite: true to replace it, or choose another path."
        case .unsupportedContainer(let path):
            return "Cannot tell the container from the extension of \(path); use .mp4 or .m4v (MP4) or .mov (QuickTime)."
        case .writerClosed(let path):
            return "The movie writer for \(path) has already finished or failed; create a new MovieWriter to write another movie."
        case .noFrames(let path):
            return "No frames were added to \(path); add at least one frame before calling finish()."
        case .noPreviousFrame(let path):
            return "There is no previous frame to repeat in \(path); draw a frame with addFrame first."
        case .encoderUnavailable(let name):
            return "The H.264 encoder \(name) is not available in this FFmpeg build; install FFmpeg with libx264 (Debian: libavcodec-extra or libavcodec59)."
        case .frameTooLarge(let width, let height, let encoder, let limit):
            return "A \(width)x\(height) frame is larger than \(encoder) accepts (\(limit)); choose a smaller width and height."
        case .encoderSettingsRefused(let encoder, let setting, let reason):
            let subject = setting.map { "the setting \"\($0)\"" } ?? "these settings"
            return "The \(encoder) encoder refused \(subject): \(reason). Check the size, frame rate, CRF, preset and bit rate against what \(encoder) supports."
        case .unreadableInput(let path, let reason):
            return "Could not read \(path): \(reason). Check that it is a complete media file, or export it again."
        case .inputTooLarge(let path, let width, let height):
            return "The picture in \(path) is \(width)x\(height) pixels, larger than FFmpeg can decode; scale it down first."
        case .writeFailed(let path, let reason):
            return "Writing \(path) failed: \(reason). The destination was left untouched; check free disk space, file-size limits and permissions for its folder."
        case .outOfMemory(let activity):
            return "The system ran out of memory while \(activity); close other programs or render a smaller movie."
        case .internalFailure(let operation, let code, let message):
            let codeText = code.map { " (FFmpeg error \($0))" } ?? ""
            return "\(operation) failed unexpectedly: \(message)\(codeText). This is a bug in MovieKit or FFmpeg; please report it with the settings you used."
        case .cancelled(let path):
            return "The render of \(path) was cancelled; no file was written."
        case .fileSystem(let path, let reason):
            return "File operation on \(path) failed: \(reason)."
        case .invalidEasing(let easing, let reason):
            return "Easing \(easing) is invalid: \(reason)."
        case .noKeyframes:
            return "The keyframe list is empty; add at least one keyframe, such as Keyframe(time: 0, value: …)."
        case .invalidKeyframe(let index, let reason):
            return "Keyframe \(index) is invalid: \(reason)."
        case .unsupportedKeyframeMode(let mode, let valueType):
            return "Keyframes of \(valueType) cannot use the \(mode) mode, which needs values whose distance "
                + "can be measured; use .linear or .catmullRom, or animate a position such as CGPoint."
        case .invalidSpring(let parameter, let value, let reason):
            return "Spring \(parameter) \(formatNumber(value)) \(reason)."
        case .incompatiblePaths(let reason):
            return "The paths cannot be interpolated: \(reason); give both paths the same elements (move, line, "
                + "quadratic curve, curve, close) in the same order, for example by drawing lines as curves."
        case .invalidTiming(let name, let value, let reason):
            return "\(name) \(formatNumber(value)) \(reason)."
        }
    }
}

extension MovieKitError: LocalizedError {
    public var errorDescription: String? { description }
}
