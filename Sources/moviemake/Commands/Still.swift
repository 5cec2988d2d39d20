import ArgumentParser
import Foundation
import FrameDraw
import MovieKitScene

/// Writes one frame of a scene file as a PNG.
struct Still: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one frame of a scene file as a PNG, exactly as the movie draws it before encoding.",
        discussion: """
            The document is any that render reads. A subtitle file (.vtt, .srt, .ass, .ssa) is drawn alone \
            on a transparent picture, at --size, at exactly --time (it has no frame rate of its own); --fonts-dir \
            adds fonts for ASS and SSA files.
            """
    )

    @Argument(help: "The scene file.")
    var scene: String

    @Option(name: [.short, .customLong("output")], help: "The PNG file to write.")
    var output: String

    @Option(help: "The time in seconds; the frame shown at that time is drawn.")
    var time: Double?

    @Option(help: "The frame number, from 0 (instead of --time).")
    var frame: Int?

    @Option(
        help: ArgumentHelp(
            "The picture's size, WxH in pixels: a subtitle file is laid out at it (default: an ASS file's PlayResX x PlayResY, else 1920x1080), any other document scaled to fit it.",
            valueName: "WxH"))
    var size: String?

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var subtitleFiles: SubtitleFileOptions

    @OptionGroup(title: "Transitions") var transitions: TransitionOptions

    @Flag(name: [.customShort("y"), .long], help: "Replace the output if it exists.")
    var overwrite = false

    mutating func validate() throws {
        if time != nil, frame != nil { throw ValidationError("Pass either --time or --frame, not both.") }
        if let time, !(time >= 0) {
            throw ValidationError("Time \(time) s is negative; pass --time with 0 or more seconds.")
        }
        if let frame, frame < 0 { throw ValidationError("Frame \(frame) is negative; pass --frame with 0 or more.") }
        try PNGOutput.validate(output)
        if let size { _ = try FrameOptions.parseSize(size) }
    }

    func run() throws {
        var document = try sceneOptions.document(forSceneAt: scene, transitions: try transitions.catalog())
        let asked = try size.map(FrameOptions.parseSize)
        document = try subtitleFiles.sized(document) { asked ?? $0 }
        let renderer = try sceneOptions.renderer(for: document)
        let canvas = renderer.canvas
        // An overlay (a subtitle file) has no frame rate of its own: it is drawn at the time asked, to
        // the millisecond, and shows nothing past its last cue.
        let time =
            document.isOverlay && frame == nil
            ? time ?? 0 : canvas.time(ofFrame: try frameIndex(canvas: canvas))
        try PNGOutput.checkDestination(output, overwrite: overwrite)
        let pictureSize = asked.map { CGSize(width: $0.width, height: $0.height) }
        let image = try renderer.image(
            at: time,
            size: pictureSize == CGSize(width: canvas.width, height: canvas.height) ? nil : pictureSize)
        try image.write(to: URL(fileURLWithPath: output))
    }

    /// The frame to draw: `--frame`, or the frame shown at `--time` (0 by default).
    func frameIndex(canvas: Canvas) throws -> Int {
        let count = canvas.frameCount
        if let frame {
            guard frame < count else {
                throw ValidationError(
                    "Frame \(frame) is past the end of the scene; it has \(count) frames, 0 to \(count - 1).")
            }
            return frame
        }
        let seconds = time ?? 0
        let index = canvas.fps.frame(at: seconds)
        guard index < count else {
            throw ValidationError(
                "Time \(seconds) s is past the end of the scene, which lasts \(canvas.duration) s; pass a smaller --time."
            )
        }
        return index
    }
}

/// Checks shared by the subcommands that write PNG files.
enum PNGOutput {
    static func validate(_ path: String) throws {
        guard URL(fileURLWithPath: path).pathExtension.lowercased() == "png" else {
            throw ValidationError("\(path) does not end in .png; pictures are written as PNG.")
        }
    }

    static func checkDestination(_ path: String, overwrite: Bool) throws {
        if !overwrite, FileManager.default.fileExists(atPath: path) {
            throw CommandLineWording.fileExists(path)
        }
    }
}
