import Foundation

/// The errors of a movie's audio: a track setting or bit rate out of range, audio added too late,
/// or a container that cannot hold AAC. A file that cannot be read as audio is
/// ``MovieKitError/unreadableInput(path:reason:)``, as any unreadable input is.
public enum AudioError: Error, Equatable, CustomStringConvertible {
    /// The audio bit rate is outside 32 000…512 000.
    case invalidBitRate(Int)
    /// An audio track's setting is out of range.
    case invalidTrack(path: String, setting: String, value: Double, rule: String)
    /// Audio was added after the first frame to a movie that had none.
    case addedAfterFirstFrame(path: String)
    /// The container cannot hold MovieKit's AAC audio.
    case notInContainer(path: String, container: String)
    /// A setting of ``AudioNormalization`` is out of range.
    case invalidNormalization(setting: String, value: Double, rule: String)
    /// ``MovieSettings/loudness`` is set, a track has no end of its own (it loops, or its file gives
    /// no length) and the writer was not told how many frames the movie has, so there is nothing
    /// to measure the loudness over before the first sound is written.
    case loudnessWithoutEnd(path: String, track: String)

    public var description: String {
        switch self {
        case .invalidBitRate(let bitRate):
            return
                "Audio bit rate \(bitRate) is outside 32000…512000 bits per second; use 192000 for music, or 128000 for speech."
        case .invalidTrack(let path, let setting, let value, let rule):
            return "The audio track \(path) has \(setting) \(value); use \(rule)."
        case .addedAfterFirstFrame(let path):
            return
                "Audio was added to \(path) after its first frame, but the movie was started without an audio stream; add audio tracks before the first frame."
        case .invalidNormalization(let setting, let value, let rule):
            return "Audio normalization has \(setting) \(value); use \(rule)."
        case .loudnessWithoutEnd(let path, let track):
            return
                "\(path) normalizes its loudness, which is measured over the whole movie before any sound is written, but the audio track \(track) has no end of its own and the movie's length is not known yet; draw the frames with render(frameCount:draw:), which tells the writer the length, give the track a duration, or leave loudness unset."
        case .notInContainer(let path, let container):
            return
                "\(path) cannot hold audio: MovieKit writes AAC, which \(container) does not take; use .mp4, .mov or .mkv for a movie with sound."
        }
    }
}

extension AudioError: LocalizedError {
    public var errorDescription: String? { description }
}
