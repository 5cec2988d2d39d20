import ArgumentParser
import MovieKitCore

/// The frame size and rate flags, the same on every command that renders a movie.
///
/// Precedence, from weakest to strongest: the command's own size (1280x720 for `demo`, the
/// canvas of a scene file or manifest), then `--size`, then `--width` and `--height`, each of
/// which replaces one side of what `--size` or the command gives.
struct FrameOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Frame size: WxH in pixels (multiples of 16 for H.264, HEVC and AV1), or 720p (1280x720), square (1088x1088), vertical (720x1280) or 4k (3840x2160).",
            valueName: "WxH|preset"))
    var size: String?

    @Option(help: "Frame width in pixels, a multiple of 16; wins over the width of --size.")
    var width: Int?

    @Option(help: "Frame height in pixels, a multiple of 16; wins over the height of --size.")
    var height: Int?

    @Option(help: "Frames per second: a whole number such as 30, or a fraction such as 30000/1001.")
    var fps: FrameRate?

    /// Whether a flag replaces the width (`--size` or `--width`).
    var replacesWidth: Bool { size != nil || width != nil }

    /// Whether a flag replaces the height (`--size` or `--height`).
    var replacesHeight: Bool { size != nil || height != nil }

    /// The frame size the flags make of `base`: `--size` replaces it, then `--width` and
    /// `--height` replace one side each.
    func frameSize(over base: (width: Int, height: Int)) throws -> (width: Int, height: Int) {
        let sized = try size.map(Self.parseSize) ?? base
        return (width ?? sized.width, height ?? sized.height)
    }

    mutating func validate() throws {
        if let size { _ = try Self.parseSize(size) }
    }

    /// Reads `WxH` or a preset name.
    static func parseSize(_ text: String) throws -> (width: Int, height: Int) {
        switch text.lowercased() {
        case "720p": return (1280, 720)
        case "square": return (1088, 1088)
        case "vertical": return (720, 1280)
        case "4k": return (3840, 2160)
        case "1080p":
            throw ValidationError(
                "1080p is 1920x1080, and 1080 is not a multiple of 16; use --size 1920x1088 (a little taller) or 1920x1072."
            )
        default:
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
                throw ValidationError(
                    "Size \"\(text)\" is not WxH, such as 1280x720, or a preset: 720p, square, vertical, 4k.")
            }
            // Whether a side must be a multiple of 16 depends on the codec (H.264, HEVC and AV1), which
            // the movie's settings check; a PNG, ProRes or VP9 takes any size.
            for (name, value) in [("Width", width), ("Height", height)] where value <= 0 || value > 16384 {
                throw ValidationError("\(name) \(value) is not from 1 to 16384 pixels; pass a size such as 1280x720.")
            }
            return (width, height)
        }
    }
}
