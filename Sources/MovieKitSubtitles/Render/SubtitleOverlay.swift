import Foundation
import FrameDraw
import MovieKitScene

/// A subtitle file alone as a document: its cues over a transparent canvas, the overlay that
/// editors import (`moviemake render talk.ass -o overlay.mov` writes ProRes 4444).
///
/// A subtitle file names no size, so the canvas takes the size asked for; without one, an ASS
/// file's `PlayResX` x `PlayResY`, else 1920x1080. The cues are laid out at that size, not scaled
/// from another. The canvas runs at 30 frames per second until the last cue ends.
public enum SubtitleOverlay {
    /// The document for the subtitle file at `url`.
    /// - Parameters:
    ///   - url: A WebVTT, SRT, ASS or SSA file.
    ///   - size: The frame size in pixels, or `nil` for the file's own.
    ///   - fontDirectories: Folders of fonts for an ASS file, besides the fonts beside it.
    /// - Throws: ``SubtitleError`` for a file that cannot be read, or `SceneError.invalidProperties`
    ///   for a size of no pixels.
    public static func document(
        contentsOf url: URL, size: (width: Int, height: Int)? = nil, fontDirectories: [URL] = []
    ) throws -> SceneDocument {
        let layer = try Layer.subtitles(contentsOf: url, fontDirectories: fontDirectories)
        let natural = layer.content.timed(as: ASSContent.self)?.file.naturalSize ?? (1920, 1080)
        let (width, height) = size ?? natural
        guard width >= 1, height >= 1 else {
            throw SceneError.invalidProperties(
                path: url.path, reason: "a frame of \(width)x\(height) has no pixels; ask for a size such as 1920x1080")
        }
        let duration: Double
        switch layer.content {
        case .timed(let content): duration = max(content.activeDuration ?? 0, 0)
        default: duration = 0
        }
        var canvas = Canvas(width: width, height: height, fps: 30, duration: max(duration, 1.0 / 30))
        canvas.background = .clear
        var document = SceneDocument(url: url, format: "subtitle file", scene: Scene(canvas: canvas, layers: [layer]))
        document.hasTransparentCanvas = true
        document.isOverlay = true
        document.fitsCanvasToEncoder = true
        return document
    }
}

extension SceneFormat {
    /// A subtitle file (`.vtt`, `.srt`, `.ass`, `.ssa`) alone over a transparent canvas
    /// (``SubtitleOverlay``).
    public static let subtitleFile = SceneFormat(
        name: "subtitle file", fileExtensions: ["vtt", "srt", "ass", "ssa"], recognizes: nil,
        read: { url, variables in
            if let name = variables.keys.sorted().first {
                throw SceneError.invalidProperties(
                    path: url.path,
                    reason:
                        "a subtitle file has no template variables, so `\(name)` cannot be set; render it without variables"
                )
            }
            return try SubtitleOverlay.document(contentsOf: url)
        })
}
