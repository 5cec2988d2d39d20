import Foundation

/// The errors of settings and writing: a setting the encoder or container cannot take, a file
/// that cannot be read or written, a writer used out of order, a cancelled render. Chunks
/// (``ChunkError``), audio (``AudioError``) and timing (`AnimationError`) have their own types.
///
/// Each description is a full sentence that names the value or file, says what was wrong, and
/// says what to do, in words that hold for a program and a command line alike; a command line
/// that offers a flag for the fix (such as `--overwrite` for ``fileExists(path:)``) words its own
/// advice from the case.
public enum MovieKitError: Error, Equatable, CustomStringConvertible {
    /// A width or height is not a positive multiple of 16. `nearest` holds the valid sizes around it.
    case invalidDimension(name: String, value: Int, nearest: [Int])
    /// A width or height is zero or negative, for a codec that takes any positive size (VP9, ProRes,
    /// GIF, PNG, WebP).
    case dimensionNotPositive(name: String, value: Int, codec: String)
    /// The frame rate is not positive, or not a rate the encoder and container can represent.
    case invalidFrameRate(FrameRate, reason: String)
    /// The constant-quality value is outside the codec's scale; `codec` is `nil` when no codec was
    /// chosen yet and the value is outside every codec's scale.
    case invalidCRF(Int, codec: VideoCodec?, range: ClosedRange<Int>, defaultValue: Int?)
    /// A CRF was given for a codec that has none (ProRes, GIF, PNG).
    case qualityNotApplicable(codec: String)
    /// A bit rate was given for a codec that takes none.
    case bitRateNotApplicable(codec: String)
    /// A tuning was asked of a codec whose encoder does not have it.
    case tuneNotApplicable(codec: String, tune: String)
    /// Alpha was asked of a codec that cannot carry it.
    case alphaUnsupported(codec: String)
    /// The codec carries alpha, but not in this container.
    case alphaNotInContainer(codec: String, container: String, suggestions: [String])
    /// The chroma subsampling is not offered for the codec.
    case chromaUnsupported(codec: String, chroma: String)
    /// The bit depth is not offered for the codec.
    case bitDepthUnsupported(codec: String, bitDepth: Int)
    /// The codec cannot be stored in the destination's container.
    case codecNotInContainer(codec: String, container: String, suggestions: [String])
    /// The GIF play count is outside 1…65535.
    case invalidGIFPlayCount(Int)
    /// A ``WebPOptions`` value is out of range.
    case invalidWebPOption(name: String, value: String, rule: String)
    /// A metadata key or value is not valid.
    case invalidMetadata(key: String, reason: String)
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
    /// The encoder is not available in this FFmpeg build.
    case encoderUnavailable(String)
    /// The frame is larger than the encoder accepts.
    case frameTooLarge(width: Int, height: Int, encoder: String, limit: String)
    /// The frame is smaller than the encoder accepts.
    case frameTooSmall(width: Int, height: Int, codec: String, minimum: Int)
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
    /// A Telegram sticker was asked for in a file that is not WebM.
    case stickerNotWebM(path: String)
    /// A Telegram sticker was asked for from a source longer than 3 seconds, without trimming it.
    case stickerTooLong(seconds: Double)
    /// No render of a Telegram sticker fitted 256 KB; `attempts` are the sizes written, in bytes.
    case stickerTooLarge(path: String, attempts: [Int])
    /// "a, b or c".
    private static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + last
    }

    public var description: String {
        switch self {
        case .invalidDimension(let name, let value, let nearest):
            let options = nearest.map(String.init).joined(separator: " or ")
            if value <= 0 {
                return "\(name) \(value) is not positive; use a positive multiple of 16 such as \(options)."
            }
            return "\(name) \(value) is not a multiple of 16; use \(options)."
        case .dimensionNotPositive(let name, let value, let codec):
            return "\(name) \(value) is not positive; \(codec) takes any size of at least 1 pixel a side."
        case .invalidFrameRate(let rate, let reason):
            return "Frame rate \(rate) is not supported: \(reason)."
        case .invalidCRF(let crf, let codec, let range, let defaultValue):
            let suggestion = defaultValue.map { ", or \($0) for the default quality" } ?? ""
            let owner = codec.map { "\($0)'s" } ?? "every codec's"
            return
                "CRF \(crf) is outside \(owner) range \(range.lowerBound)…\(range.upperBound); use \(range.lowerBound) (best) to \(range.upperBound) (smallest)\(suggestion)."
        case .qualityNotApplicable(let codec):
            return codec.hasPrefix("ProRes")
                ? "\(codec) has no CRF; choose its quality with the ProRes profile (proxy, lt, standard, hq, p4444 or p4444xq)."
                : "\(codec) has no CRF; leave it unset."
        case .bitRateNotApplicable(let codec):
            return "\(codec) takes no target bit rate; leave it unset, or use H.264, HEVC, VP9 or AV1."
        case .tuneNotApplicable(let codec, let tune):
            return
                "\(codec) has no tuning \"\(tune)\"; leave the tuning unset, or use H.264 (any tuning) or HEVC (all but film and stillimage)."
        case .alphaUnsupported(let codec):
            return "\(codec) cannot carry alpha; use ProRes 4444 (.mov), VP9 (.webm), GIF (.gif) or PNG (a folder)."
        case .alphaNotInContainer(let codec, let container, let suggestions):
            return "\(codec) cannot carry alpha in \(container); use \(Self.list(suggestions))."
        case .chromaUnsupported(let codec, let chroma):
            return
                "\(codec) is not offered with \(chroma) chroma; 4:4:4 is available for H.264 and HEVC, and ProRes chooses its chroma by profile."
        case .bitDepthUnsupported(let codec, let bitDepth):
            return
                "\(codec) is not offered at \(bitDepth) bits; 10-bit is available for HEVC, AV1 and ProRes, and 8-bit for every codec but ProRes."
        case .codecNotInContainer(let codec, let container, let suggestions):
            return "\(codec) cannot be stored in \(container); use \(Self.list(suggestions))."
        case .invalidGIFPlayCount(let count):
            return "GIF play count \(count) is outside 1…65535; use 1 to play once, or leave it unset to loop forever."
        case .invalidWebPOption(let name, let value, let rule):
            return "WebP \(name) \(value) is out of range; use \(rule)."
        case .invalidMetadata(let key, let reason):
            return "Metadata \"\(key)\" cannot be written: \(reason)."
        case .unknownPreset(let name):
            let names = Preset.allCases.map(\.rawValue).joined(separator: ", ")
            return "Preset \"\(name)\" is not an x264 preset; use one of \(names)."
        case .invalidKeyframeInterval(let seconds):
            return "Keyframe interval \(seconds) s is not positive; use a positive number of seconds such as 2."
        case .invalidBitRate(let bitRate):
            return
                "Bit rate \(bitRate) is not positive; use bits per second such as 5000000, or leave it unset to use constant quality (CRF)."
        case .fileExists(let path):
            return "The file \(path) already exists; choose another path, or allow the writer to replace it."
        case .unsupportedContainer(let path):
            return
                "Cannot tell the container from the extension of \(path); use .mp4, .m4v, .mov, .webm, .mkv or .gif, or no extension for a folder of PNG files."
        case .writerClosed(let path):
            return
                "The movie writer for \(path) has already finished or failed; create a new MovieWriter to write another movie."
        case .noFrames(let path):
            return "No frames were added to \(path); add at least one frame before calling finish()."
        case .noPreviousFrame(let path):
            return "There is no previous frame to repeat in \(path); draw a frame with addFrame first."
        case .encoderUnavailable(let name):
            return
                "The encoder \(name) is not available in this FFmpeg build; install FFmpeg with \(name) (Debian: libavcodec-extra or libavcodec59), or choose another codec."
        case .frameTooLarge(let width, let height, let encoder, let limit):
            return
                "A \(width)x\(height) frame is too large for \(encoder) (\(limit)); choose a smaller width and height."
        case .frameTooSmall(let width, let height, let codec, let minimum):
            return
                "A \(width)x\(height) frame is too small for \(codec), which needs at least \(minimum)x\(minimum) pixels; choose a larger size or another codec."
        case .encoderSettingsRefused(let encoder, let setting, let reason):
            let subject = setting.map { "the setting \"\($0)\"" } ?? "these settings"
            return
                "The \(encoder) encoder refused \(subject): \(reason). Check the size, frame rate, CRF, preset and bit rate against what \(encoder) supports."
        case .unreadableInput(let path, let reason):
            return "Could not read \(path): \(reason). Check that it is a complete media file, or export it again."
        case .inputTooLarge(let path, let width, let height):
            return
                "The picture in \(path) is \(width)x\(height) pixels, larger than FFmpeg can decode; scale it down first."
        case .writeFailed(let path, let reason):
            return
                "Writing \(path) failed: \(reason). The destination was left untouched; check free disk space, file-size limits and permissions for its folder."
        case .outOfMemory(let activity):
            return "The system ran out of memory while \(activity); close other programs or render a smaller movie."
        case .internalFailure(let operation, let code, let message):
            let codeText = code.map { " (FFmpeg error \($0))" } ?? ""
            return
                "\(operation) failed unexpectedly: \(message)\(codeText). This is a bug in MovieKit or FFmpeg; please report it with the settings you used."
        case .cancelled(let path):
            return "The render of \(path) was cancelled; no file was written."
        case .fileSystem(let path, let reason):
            return "File operation on \(path) failed: \(reason)."
        case .stickerNotWebM(let path):
            return "A Telegram sticker is a .webm file, and \(path) is not; name the output sticker.webm."
        case .stickerTooLong(let seconds):
            let shown = seconds.formatted(.number.precision(.fractionLength(0...3)))
            return
                "The scene lasts \(shown) s, and a Telegram sticker lasts at most 3 s; shorten the scene, or keep only its first 3 seconds."
        case .stickerTooLarge(let path, let attempts):
            let sizes = attempts.map { "\($0 / 1000) KB" }.joined(separator: ", ")
            return "No render of \(path) fitted Telegram's 256 KB (\(sizes)); simplify the scene or shorten it."
        }
    }
}

extension MovieKitError: LocalizedError {
    public var errorDescription: String? { description }
}
