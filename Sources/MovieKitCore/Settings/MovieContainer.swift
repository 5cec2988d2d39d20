import Foundation

/// The files MovieKit writes, chosen by the destination's extension.
public enum MovieContainer: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `.mp4` and `.m4v`, with `+faststart`.
    case mp4
    /// `.mov`: QuickTime, with `+faststart`.
    case mov
    /// `.webm`.
    case webm
    /// `.mkv`: Matroska.
    case mkv
    /// `.gif`.
    case gif
    /// `.webp`: an animated WebP.
    case webp
    /// A folder of numbered PNG files: a destination with no extension.
    case pngSequence

    /// The container for a destination: by extension, or a PNG folder when there is none.
    public init?(url: URL) {
        switch url.pathExtension.lowercased() {
        case "mp4", "m4v": self = .mp4
        case "mov": self = .mov
        case "webm": self = .webm
        case "mkv": self = .mkv
        case "gif": self = .gif
        case "webp": self = .webp
        case "": self = .pngSequence
        default: return nil
        }
    }

    /// The codec used when the settings name none: `.webm` gives VP9, `.gif` GIF, `.webp` WebP.
    public var defaultCodec: VideoCodec {
        switch self {
        case .mp4, .mov, .mkv: .h264
        case .webm: .vp9
        case .gif: .gif
        case .webp: .webp
        case .pngSequence: .png
        }
    }

    /// How the container is named in messages: ".mp4", "a folder (PNG sequence)".
    public var description: String {
        self == .pngSequence ? "a folder" : ".\(rawValue)"
    }
}
