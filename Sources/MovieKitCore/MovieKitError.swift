import Foundation

/// Every error MovieKitCore throws. Each description is a full sentence that names the value or
/// file, says what was wrong, and says what to do.
public enum MovieKitError: Error, Equatable, CustomStringConvertible {
    /// A width or height is not a positive multiple of 16. `nearest` holds the valid sizes around it.
    case invalidDimension(name: String, value: Int, nearest: [Int])
    /// The frame rate is not positive, or not a rate the encoder and container can represent.
    case invalidFrameRate(FrameRate, reason: String)
    /// The constant-quality value is outside the codec's scale.
    case invalidCRF(Int, codec: String, range: ClosedRange<Int>, defaultValue: Int?)
    /// A CRF was given for a codec that has none (ProRes, GIF, PNG).
    case qualityNotApplicable(codec: String)
    /// A bit rate was given for a codec that takes none.
    case bitRateNotApplicable(codec: String)
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
    /// The audio bit rate is outside 32 000…512 000.
    case invalidAudioBitRate(Int)
    /// An audio track's setting is out of range.
    case invalidAudioTrack(path: String, setting: String, value: Double, rule: String)
    /// Audio was added after the first frame to a movie that had none.
    case audioAfterFirstFrame(path: String)
    /// The container cannot hold MovieKit's AAC audio.
    case audioNotInContainer(path: String, container: String)
    /// The number of chunks is below 1 or above the number of GOPs.
    case invalidChunkCount(Int, maximum: Int, frameCount: Int, gopSize: Int)
    /// `--chunk auto/N` found no chunk index in the environment.
    case chunkIndexUnavailable(reason: String)
    /// A chunk file cannot be joined with the others.
    case chunkMismatch(path: String, reason: String)
    /// The chunk files do not cover the movie exactly once.
    case chunkCoverage(reason: String)
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
        case .invalidFrameRate(let rate, let reason):
            return "Frame rate \(rate) is not supported: \(reason)."
        case .invalidCRF(let crf, let codec, let range, let defaultValue):
            let suggestion = defaultValue.map { ", or \($0) for the default quality" } ?? ""
            return "CRF \(crf) is outside \(codec == "every codec" ? "every codec's" : codec + "'s") range \(range.lowerBound)…\(range.upperBound); use \(range.lowerBound) (best) to \(range.upperBound) (smallest)\(suggestion)."
        case .qualityNotApplicable(let codec):
            return codec.hasPrefix("ProRes")
                ? "\(codec) has no CRF; choose its quality with the ProRes profile (proxy, lt, standard, hq, p4444 or p4444xq)."
                : "\(codec) has no CRF; leave it unset."
        case .bitRateNotApplicable(let codec):
            return "\(codec) takes no target bit rate; leave it unset, or use H.264, HEVC, VP9 or AV1."
        case .alphaUnsupported(let codec):
            return "\(codec) cannot carry alpha; use ProRes 4444 (.mov), VP9 (.webm) or PNG (a folder)."
        case .alphaNotInContainer(let codec, let container, let suggestions):
            return "\(codec) cannot carry alpha in \(container); use \(Self.list(suggestions))."
        case .chromaUnsupported(let codec, let chroma):
            return "\(codec) is not offered with \(chroma) chroma; 4:4:4 is available for H.264 and HEVC, and ProRes chooses its chroma by profile."
        case .bitDepthUnsupported(let codec, let bitDepth):
            return "\(codec) is not offered at \(bitDepth) bits; 10-bit is available for HEVC, AV1 and ProRes, and 8-bit for every codec but ProRes."
        case .codecNotInContainer(let codec, let container, let suggestions):
            return "\(codec) cannot be stored in \(container); use \(Self.list(suggestions))."
        case .invalidGIFPlayCount(let count):
            return "GIF play count \(count) is outside 1…65535; use nil to loop forever, or 1 to play once."
        case .invalidAudioBitRate(let bitRate):
            return "Audio bit rate \(bitRate) is outside 32000…512000 bits per second; use 192000 for music, or 128000 for speech."
        case .invalidAudioTrack(let path, let setting, let value, let rule):
            return "The audio track \(path) has \(setting) \(value); use \(rule)."
        case .audioAfterFirstFrame(let path):
            return "Audio was added to \(path) after its first frame, but the movie was started without an audio stream; add audio tracks before the first frame."
        case .audioNotInContainer(let path, let container):
            return "\(path) cannot hold audio: MovieKit writes AAC, which \(container) does not take; use .mp4, .mov or .mkv for a movie with sound."
        case .invalidChunkCount(let count, let maximum, let frameCount, let gopSize):
            return "\(count) chunks is not possible: \(frameCount) frames hold \(maximum) keyframe intervals of \(gopSize) frames, and every chunk starts on a keyframe; use 1 to \(maximum) chunks."
        case .chunkIndexUnavailable(let reason):
            return "--chunk auto/N needs the chunk index from the scheduler, but \(reason); run it as a Kubernetes Indexed Job or a Slurm job array, or give the index, as in --chunk 0/4."
        case .chunkMismatch(let path, let reason):
            return "The part \(path) cannot be joined: \(reason)."
        case .chunkCoverage(let reason):
            return "The parts do not make one whole movie: \(reason)."
        case .invalidMetadata(let key, let reason):
            return "Metadata \"\(key)\" cannot be written: \(reason)."
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
            return "Cannot tell the container from the extension of \(path); use .mp4, .m4v, .mov, .webm, .mkv or .gif, or no extension for a folder of PNG files."
        case .writerClosed(let path):
            return "The movie writer for \(path) has already finished or failed; create a new MovieWriter to write another movie."
        case .noFrames(let path):
            return "No frames were added to \(path); add at least one frame before calling finish()."
        case .noPreviousFrame(let path):
            return "There is no previous frame to repeat in \(path); draw a frame with addFrame first."
        case .encoderUnavailable(let name):
            return "The encoder \(name) is not available in this FFmpeg build; install FFmpeg with \(name) (Debian: libavcodec-extra or libavcodec59), or choose another codec."
        case .frameTooLarge(let width, let height, let encoder, let limit):
            return "A \(width)x\(height) frame is too large for \(encoder) (\(limit)); choose a smaller width and height."
        case .frameTooSmall(let width, let height, let codec, let minimum):
            return "A \(width)x\(height) frame is too small for \(codec), which needs at least \(minimum)x\(minimum) pixels; choose a larger size or another codec."
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
        }
    }
}

extension MovieKitError: LocalizedError {
    public var errorDescription: String? { description }
}
