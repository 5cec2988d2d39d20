import Foundation
import FrameDraw
import MovieKitScene

/// Subtitles as a kind of content: the scene files' `subtitles` layer type. `moviemake` registers
/// it at launch; a program that reads scene files registers it once:
///
/// ```swift
/// import MovieKitSubtitles
/// ContentKinds.register(Subtitles.self)
/// ```
public enum Subtitles: ContentKind {
    public static var layerTypes: [SceneLayerType] { [.subtitles] }
}

extension SceneLayerType {
    /// Scene files' `subtitles` layer: the cues of a WebVTT or SRT file (`source`) over the layer,
    /// which fills its parent unless it has a size, on the layer's clock. `fontSize` is a fraction of
    /// the layer's height (0.05 by default), `color` the text's, and `backing` the colour behind each
    /// cue (`none` for none).
    public static let subtitles = SceneLayerType(
        name: "subtitles", keys: ["source", "fontSize", "color", "backing", "outline"]
    ) { keys in
        let url = try keys.file("source", kind: "a subtitle file", extensions: [".vtt", ".srt"])
        var style = SubtitleStyle()
        if let size = try keys.double(
            "fontSize", in: 0.001...1, expected: "a fraction of the layer's height from 0.001 to 1 (0.05 is WebVTT's)")
        {
            style.relativeSize = size
        }
        if let color = try keys.string("color", expected: "a colour such as white or #FFFF00") {
            style.color = try colour(color, key: "color", keys)
        }
        if let backing = try keys.string("backing", expected: "a colour such as #000000CC, or none") {
            style.backing = backing == "none" ? nil : try colour(backing, key: "backing", keys)
        }
        if let outline = try keys.double(
            "outline", in: 0...0.5, expected: "an outline width as a fraction of the font size, from 0 to 0.5")
        {
            style.outlineWidth = outline
        }
        do {
            return try SubtitlesContent(contentsOf: url, style: style)
        } catch let error as SubtitleError {
            throw keys.invalid(
                "source", "a subtitle file that cannot be read (\(error.description))", expected: "a WebVTT or SRT file"
            )
        }
    }

    private static func colour(_ text: String, key: String, _ keys: SceneLayerKeys) throws -> Color {
        do {
            return try Color(parsing: text)
        } catch {
            throw keys.invalid(key, "\"\(text)\"", expected: "a colour: #RRGGBB, #RRGGBBAA or a name such as white")
        }
    }
}

extension Layer {
    /// The cues of a WebVTT or SRT file over the layer, which fills its parent unless given a size.
    /// - Throws: ``SubtitleError`` for a file that cannot be read.
    public static func subtitles(contentsOf url: URL, style: SubtitleStyle = SubtitleStyle()) throws -> Layer {
        Layer(.timed(try SubtitlesContent(contentsOf: url, style: style)))
    }

    /// Cues over the layer, which fills its parent unless given a size.
    public static func subtitles(_ cues: [WebVTTCue], style: SubtitleStyle = SubtitleStyle()) -> Layer {
        Layer(.timed(SubtitlesContent(cues: cues, style: style)))
    }
}
