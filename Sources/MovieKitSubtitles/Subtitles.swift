import Foundation
import FrameDraw
import MovieKitScene

/// Subtitles as a kind of content: the scene files' `subtitles` and `captions` layer types. `moviemake` registers
/// it at launch; a program that reads scene files registers it once:
///
/// ```swift
/// import MovieKitSubtitles
/// ContentKinds.register(Subtitles.self)
/// ```
public enum Subtitles: ContentKind {
    public static var layerTypes: [SceneLayerType] { [.subtitles, .captions, .waveform, .spectrum] }
    public static var formats: [SceneFormat] { [.subtitleFile] }
}

extension SceneLayerType {
    /// Scene files' `subtitles` layer: the cues of a WebVTT, SRT, ASS or SSA file (`source`) over
    /// the layer, which fills its parent unless it has a size, on the layer's clock. For WebVTT and
    /// SRT, `fontSize` is a fraction of the layer's height (0.05 by default), `color` the text's,
    /// `backing` the colour behind each cue (`none` for none) and `outline` a width as a fraction of
    /// the font size; an ASS file styles itself, and `fontsDir` names a folder of fonts for it.
    public static let subtitles = SceneLayerType(
        name: "subtitles", keys: ["source", "fontSize", "color", "backing", "outline", "fontsDir"]
    ) { keys in
        let url = try keys.file(
            "source", kind: "a subtitle file", extensions: [".vtt", ".srt", ".ass", ".ssa"])
        if ["ass", "ssa"].contains(url.pathExtension.lowercased()) {
            let folder = try keys.folder("fontsDir", kind: "a folder of font files")
            do {
                return try ASSContent(contentsOf: url, fontDirectories: folder.map { [$0] } ?? [])
            } catch let error as SubtitleError {
                throw keys.invalid(
                    "source", "a subtitle file that cannot be read (\(error.description))",
                    expected: "an ASS or SSA file")
            }
        }
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
                "source", "a subtitle file that cannot be read (\(error.description))",
                expected: "a WebVTT, SRT, ASS or SSA file")
        }
    }

    /// Scene files' `captions` layer: animated captions from a word-timed transcript (`source`), in a
    /// named `style` (`classic`, `karaoke`, `boxed`, `pill` or `pop`), with `highlight` (`color`, `karaoke`, `pill` or `pop`),
    /// `color`, `activeColor`, `fontSize` (a fraction of the layer's shorter side) and
    /// `verticalPosition` (where the middle of a page sits, from 0.1 at the top to 0.9 at the bottom).
    public static let captions = SceneLayerType(
        name: "captions", keys: ["source", "style", "highlight", "color", "activeColor", "fontSize", "verticalPosition"]
    ) { keys in
        let url = try keys.file("source", kind: "a word-timed transcript", extensions: [".json"])
        var style = CaptionStyle()
        if let name = try keys.string("style", expected: "a caption style") {
            guard let named = CaptionStyle.named[name] else {
                throw keys.invalid(
                    "style", "\"\(name)\"",
                    expected: "one of \(CaptionStyle.named.keys.sorted().joined(separator: ", "))")
            }
            style = named
        }
        if let highlight = try keys.string("highlight", expected: "color, karaoke, pill or pop") {
            guard let value = CaptionStyle.Highlight(rawValue: highlight) else {
                throw keys.invalid("highlight", "\"\(highlight)\"", expected: "color, karaoke, pill or pop")
            }
            style.highlight = value
        }
        if let color = try keys.string("color", expected: "a colour such as white") {
            style.color = try colour(color, key: "color", keys)
        }
        if let color = try keys.string("activeColor", expected: "a colour such as yellow") {
            style.activeColor = try colour(color, key: "activeColor", keys)
        }
        if let size = try keys.double(
            "fontSize", in: 0.001...1, expected: "a fraction of the layer's shorter side from 0.001 to 1")
        {
            style.relativeSize = size
        }
        if let position = try keys.double(
            "verticalPosition", in: 0.1...0.9, expected: "a fraction of the height from 0.1 (top) to 0.9 (bottom)")
        {
            style.verticalPosition = position
        }
        do {
            return try CaptionsContent(contentsOf: url, style: style)
        } catch let error as TranscriptError {
            throw keys.invalid(
                "source", "a transcript that cannot be read (\(error.description))",
                expected: "the JSON of OpenAI Whisper, WhisperX, whisper.cpp or Remotion")
        }
    }

    /// Scene files' `waveform` layer for audiograms: the level of `source` (an audio file, or `mix` for
    /// the scene's own sound) in `bars` bars over the last `window` seconds, in a `style` (`bars`,
    /// `line`, `mirrored`, `circle`) and a `color`.
    public static let waveform = SceneLayerType(
        name: "waveform", keys: ["source", "style", "bars", "color", "window"]
    ) { keys in
        let look = try soundLook(keys)
        let window = try keys.double(
            "window", in: 0.001...60,
            expected: "the seconds of sound shown, from 0.001 to 60 (2 by default; 0.05 for a line)")
        return WaveformContent(source: try soundSource(keys), look: look, window: window)
    }

    /// Scene files' `spectrum` layer for audiograms: the loudness of `bars` frequency bands of
    /// `source` (an audio file, or `mix`), in a `style` and a `color`, with `smoothing` from 0 to 0.99.
    public static let spectrum = SceneLayerType(
        name: "spectrum", keys: ["source", "style", "bars", "color", "smoothing"]
    ) { keys in
        let look = try soundLook(keys)
        let smoothing = try keys.double(
            "smoothing", in: 0...0.99, expected: "a smoothing from 0 (none) to 0.99 (slow); 0.6 by default")
        return SpectrumContent(source: try soundSource(keys), look: look, smoothing: smoothing ?? 0.6)
    }

    private static func soundSource(_ keys: SceneLayerKeys) throws -> SoundSource {
        if try keys.string("source", expected: "an audio file, or mix for the scene's sound") == "mix" {
            return .sceneMix
        }
        return .file(try keys.file("source", kind: "an audio file", extensions: [".mp3", ".m4a", ".wav", ".flac"]))
    }

    private static func soundLook(_ keys: SceneLayerKeys) throws -> SoundLook {
        var look = SoundLook()
        if let style = try keys.string("style", expected: "bars, line, mirrored or circle") {
            guard let value = SoundStyle(rawValue: style) else {
                throw keys.invalid("style", "\"\(style)\"", expected: "bars, line, mirrored or circle")
            }
            look.style = value
        }
        if let bars = try keys.double("bars", in: 1...512, expected: "a number of bars from 1 to 512") {
            guard bars == bars.rounded() else {
                throw keys.invalid("bars", "\(bars)", expected: "a whole number of bars from 1 to 512")
            }
            look.barCount = Int(bars)
        }
        if let color = try keys.string("color", expected: "a colour such as white") {
            look.color = try colour(color, key: "color", keys)
        }
        return look
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
    /// The cues of a WebVTT or SRT file, or the events of an ASS or SSA file (drawn by libass, which
    /// ignores `style`), over the layer, which fills its parent unless given a size.
    /// - Parameters:
    ///   - url: The subtitle file; its extension names its format.
    ///   - style: How WebVTT and SRT cues look.
    ///   - fontDirectories: Folders of fonts for an ASS file, besides the fonts beside it.
    /// - Throws: ``SubtitleError`` for a file that cannot be read.
    public static func subtitles(
        contentsOf url: URL, style: SubtitleStyle = SubtitleStyle(), fontDirectories: [URL] = []
    ) throws -> Layer {
        if ["ass", "ssa"].contains(url.pathExtension.lowercased()) {
            return Layer(.timed(try ASSContent(contentsOf: url, fontDirectories: fontDirectories)))
        }
        return Layer(.timed(try SubtitlesContent(contentsOf: url, style: style)))
    }

    /// Animated captions from a word-timed transcript, over the layer, which fills its parent unless
    /// given a size.
    /// - Throws: ``TranscriptError`` for a transcript that cannot be read.
    public static func captions(contentsOf url: URL, style: CaptionStyle = CaptionStyle()) throws -> Layer {
        Layer(.timed(try CaptionsContent(contentsOf: url, style: style)))
    }

    /// Cues over the layer, which fills its parent unless given a size.
    public static func subtitles(_ cues: [WebVTTCue], style: SubtitleStyle = SubtitleStyle()) -> Layer {
        Layer(.timed(SubtitlesContent(cues: cues, style: style)))
    }
}
