import ArgumentParser
import Foundation
import MovieKitScene
import MovieKitSubtitles

/// `--fonts-dir`, and what `render` and `still` do with a subtitle file given as the document.
struct SubtitleFileOptions: ParsableArguments {
    @Option(
        name: .customLong("fonts-dir"),
        help: ArgumentHelp(
            "A folder of fonts for ASS and SSA subtitles, besides the fonts beside the file; repeat for more folders.",
            valueName: "folder"))
    var fontDirectories: [String] = []

    mutating func validate() throws {
        for path in fontDirectories {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--fonts-dir \(path) is not a folder; pass a folder that holds font files.")
            }
        }
    }

    /// Prints on standard error what an ASS layer says of its fonts (a style's font that is nowhere
    /// to be found), so that the user learns why the text looks different; other layers say nothing.
    static func reportFonts(of layers: [Layer]) {
        for layer in layers {
            guard let content = layer.content.timed(as: ASSContent.self) else { continue }
            for warning in content.fontWarnings {
                FileHandle.standardError.write(Data("moviemake: warning: \(warning)\n".utf8))
            }
        }
    }

    /// The folders as URLs.
    var folders: [URL] { fontDirectories.map { URL(fileURLWithPath: $0) } }

    /// `document` as it is, or, for a subtitle file, read again at `size` (a subtitle file names no
    /// size, so it is laid out at the size asked for rather than scaled) with the fonts folders.
    /// - Parameter size: The frame size the flags ask for over the file's own, or `nil` for its own.
    func sized(_ document: SceneDocument, size: ((width: Int, height: Int)) throws -> (width: Int, height: Int))
        throws -> SceneDocument
    {
        guard document.isOverlay else { return document }
        let canvas = document.scene.canvas
        let asked = try size((canvas.width, canvas.height))
        let sized = try SubtitleOverlay.document(contentsOf: document.url, size: asked, fontDirectories: folders)
        Self.reportFonts(of: sized.scene.layers)
        return sized
    }
}
