import Foundation
internal import LibAV
import MovieKitCore

extension VideoContent {
    /// The file extensions read as movie clips where photos and clips mix (a slideshow's folder).
    public static let fileExtensions: Set<String> = ["mp4", "mov", "m4v", "webm", "mkv"]

    /// What a movie file is, read from its headers and first picture.
    public struct FileInfo: Sendable, Hashable {
        /// The video stream's length in seconds (0 when the container does not state it).
        public var duration: Double
        /// The picture size once turned upright.
        public var size: CGSize
        /// The clockwise rotation in degrees (0, 90, 180, 270) applied to show it upright.
        public var rotation: Int
        /// Whether the file has sound.
        public var hasAudio: Bool
        /// The video codec's name, such as `h264` or `hevc`.
        public var codec: String
        /// The average frame rate, exactly (30000/1001 for 29.97), or `nil` when the file does not
        /// state it.
        public var frameRate: FrameRate?
    }

    /// Reads what the movie at `url` is.
    /// - Throws: `SceneError.unreadableFile` naming the file when FFmpeg cannot open or decode it.
    public static func info(of url: URL) throws -> FileInfo {
        do {
            let decoder = try VideoFrameDecoder(path: url.path)
            let size = decoder.displaySize
            return FileInfo(
                duration: decoder.duration, size: CGSize(width: size.width, height: size.height),
                rotation: decoder.rotation, hasAudio: decoder.hasAudio, codec: decoder.codecName,
                frameRate: decoder.frameRateFraction.map { FrameRate($0.numerator, $0.denominator) })
        } catch let error as LibAVError {
            throw SceneError.unreadableFile(path: url.path, reason: error.message)
        }
    }

    /// How long this clip plays once, in seconds of the movie: its cut at its speed, the cut's end
    /// being the file's end when `cutTo` is not set.
    /// - Throws: `SceneError.unreadableFile` naming the file.
    public func playingDuration() throws -> Double {
        try validateNumbers()
        let length = try Self.info(of: url).duration
        return playingDuration(end: min(cutTo ?? length, length > 0 ? length : .infinity))
    }
}
