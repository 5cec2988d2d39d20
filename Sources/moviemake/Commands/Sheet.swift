import ArgumentParser
import Foundation
import FrameDraw
import MovieKitScene

/// Writes a contact sheet of a scene file or a movie.
struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a contact sheet: frames at even times in a grid, each labelled with its timecode.",
        discussion: "INPUT is a scene file (.yaml, .yml or .json) or a movie that FFmpeg can read."
    )

    @Argument(help: "A scene file or a movie.")
    var input: String

    @Option(name: [.short, .customLong("output")], help: "The PNG file to write.")
    var output: String

    @Option(help: "How many frames to show.")
    var count = 12

    @Option(help: "How many frames per row.")
    var columns = 4

    @Option(name: .customLong("thumbnail-width"), help: "The width of each frame in pixels.")
    var thumbnailWidth = 240

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup(title: "Transitions") var transitions: TransitionOptions

    @Flag(name: [.customShort("y"), .long], help: "Replace the output if it exists.")
    var overwrite = false

    mutating func validate() throws {
        guard (1...400).contains(count) else {
            throw ValidationError("Count \(count) is not between 1 and 400; pass --count with a value such as 12.")
        }
        guard (1...50).contains(columns) else {
            throw ValidationError("Columns \(columns) is not between 1 and 50; pass --columns with a value such as 4.")
        }
        guard (16...4096).contains(thumbnailWidth) else {
            throw ValidationError(
                "Thumbnail width \(thumbnailWidth) is not between 16 and 4096 pixels; pass --thumbnail-width with a value such as 240."
            )
        }
        try PNGOutput.validate(output)
    }

    func run() throws {
        let url = URL(fileURLWithPath: input)
        let layout = ContactSheet(count: count, columns: columns, thumbnailWidth: thumbnailWidth)
        let image: Image
        if SceneFile.isSceneFile(url) {
            image = try layout.image(
                of: sceneOptions.renderer(forSceneAt: input, transitions: try transitions.catalog()))
        } else {
            guard FileManager.default.fileExists(atPath: input) else {
                throw ValidationError("\(input) does not exist; pass a scene file or a movie.")
            }
            image = try layout.image(ofMovieAt: url)
        }
        try PNGOutput.checkDestination(output, overwrite: overwrite)
        try image.write(to: URL(fileURLWithPath: output))
    }
}
