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
    /// An FFmpeg call failed.
    case ffmpeg(operation: String, code: Int32, message: String)
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
        case .ffmpeg(let operation, let code, let message):
            return "\(operation) failed: \(message) (FFmpeg error \(code)). The destination was left untouched; "
                + "check free disk space, file-size limits and permissions for its folder."
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
