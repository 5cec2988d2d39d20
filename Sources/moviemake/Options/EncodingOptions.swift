import ArgumentParser
import MovieKitCore

/// Size, rate and encoder flags shared by the rendering subcommands.
///
/// Width, height and frame rate are optional: a command that renders a scene file takes them
/// from the scene's canvas, and a flag the user passes replaces the scene's value.
struct EncodingOptions: ParsableArguments {
    static let defaultWidth = 1280
    static let defaultHeight = 720
    static let defaultFPS: FrameRate = 30

    @Option(help: "Frame width in pixels; a multiple of 16. Default 1280, or the scene's width.")
    var width: Int?

    @Option(help: "Frame height in pixels; a multiple of 16. Default 720, or the scene's height.")
    var height: Int?

    @Option(help: "Frames per second: a whole number such as 30, or a fraction such as 30000/1001. Default 30, or the scene's rate.")
    var fps: FrameRate?

    @Option(help: "x264 constant rate factor, 0 (lossless) to 51 (smallest).")
    var crf = 23

    @Option(help: "x264 preset.")
    var preset: Preset = .medium

    @Flag(help: "Replace the output file if it exists.")
    var overwrite = false

    /// Validated movie settings, with the built-in defaults for flags not given.
    func settings() throws -> MovieSettings {
        do {
            return try MovieSettings(
                width: width ?? Self.defaultWidth, height: height ?? Self.defaultHeight, fps: fps ?? Self.defaultFPS,
                crf: crf, preset: preset)
        } catch let error as MovieKitError {
            throw ValidationError(error.description)
        }
    }

    mutating func validate() throws {
        _ = try settings()
    }
}

extension Preset: ExpressibleByArgument {}

extension FrameRate: ExpressibleByArgument {
    /// Parses `30` or `30000/1001`.
    public init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            guard let value = Int(parts[0]) else { return nil }
            self.init(value, 1)
        case 2:
            guard let numerator = Int(parts[0]), let denominator = Int(parts[1]) else { return nil }
            self.init(numerator, denominator)
        default:
            return nil
        }
    }
}
