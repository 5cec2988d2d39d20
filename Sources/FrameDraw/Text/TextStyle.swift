import Foundation

/// How the lines of a text block line up.
public enum TextAlignment: Sendable, Hashable, CaseIterable {
    case left, center, right
    /// Lines stretch to the wrap width; the last line of each paragraph stays left-aligned.
    case justified
}

/// A stroke drawn around each glyph, beneath the fill.
public struct TextOutline: Sendable, Hashable {
    /// The stroke colour.
    public var color: Color
    /// The stroke width in pixels. The fill is drawn on top, so about half of it shows outside the glyphs.
    public var width: Double

    /// Creates an outline.
    /// - Parameters:
    ///   - color: The stroke colour.
    ///   - width: The stroke width in pixels.
    public init(color: Color, width: Double) {
        self.color = color
        self.width = width
    }
}

/// Everything that decides how a string looks: font, colour, alignment, spacing, wrapping,
/// truncation, outline and shadow.
///
/// ```swift
/// var style = TextStyle(font: .system(size: 48), color: .white)
/// style.outline = TextOutline(color: .black, width: 4)
/// context.draw("Frame \(i)", baselineAt: CGPoint(x: 40, y: 80), style: style)
/// ```
public struct TextStyle: Sendable, Hashable {
    /// The font.
    public var font: Font
    /// The fill colour of the glyphs. The context's global alpha applies on top.
    public var color: Color
    /// How lines line up within the wrap width (or, without one, with the widest line).
    public var alignment: TextAlignment
    /// Extra space between lines, in pixels, added to the font's line height.
    public var lineSpacing: Double
    /// Extra space between letters, in pixels (negative values tighten).
    public var letterSpacing: Double
    /// The width, in pixels, at which lines wrap (at word boundaries where possible); `nil` breaks
    /// lines only at newlines.
    public var wrapWidth: Double?
    /// The most lines to show; text beyond them is cut and the last line ends with "…". `nil` shows all.
    public var maximumLines: Int?
    /// A stroke around the glyphs, drawn beneath the fill; `nil` draws none.
    public var outline: TextOutline?
    /// A drop shadow for this text, used instead of the context's shadow; `nil` keeps the context's.
    public var shadow: Shadow?
    /// Whether to set the text for a vertical line: draw it in a frame turned a quarter turn clockwise
    /// (lines then run down the page), and wide characters (Chinese, Japanese, Korean) stand upright
    /// while the others lie on their side, centred on the line, as CSS's `text-orientation: mixed`
    /// in `writing-mode: vertical-rl` (and Core Text's vertical forms). Text with no wide character
    /// is laid out as without it. Default `false`.
    public var verticalForms = false

    /// Creates a text style.
    /// - Parameters:
    ///   - font: The font; defaults to DejaVu Sans at 24 pixels.
    ///   - color: The glyph colour; defaults to black.
    ///   - alignment: How lines line up.
    ///   - lineSpacing: Extra pixels between lines.
    ///   - letterSpacing: Extra pixels between letters.
    ///   - wrapWidth: The wrap width in pixels, or `nil` for no wrapping.
    ///   - maximumLines: The most lines to show, or `nil` for all; must be at least 1.
    ///   - outline: A glyph outline, or `nil`.
    ///   - shadow: A drop shadow, or `nil` to use the context's shadow.
    public init(
        font: Font = .system(size: 24),
        color: Color = .black,
        alignment: TextAlignment = .left,
        lineSpacing: Double = 0,
        letterSpacing: Double = 0,
        wrapWidth: Double? = nil,
        maximumLines: Int? = nil,
        outline: TextOutline? = nil,
        shadow: Shadow? = nil
    ) {
        precondition(
            maximumLines.map { $0 >= 1 } ?? true, "TextStyle.maximumLines must be at least 1 (or nil for no limit).")
        self.font = font
        self.color = color
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.letterSpacing = letterSpacing
        self.wrapWidth = wrapWidth
        self.maximumLines = maximumLines
        self.outline = outline
        self.shadow = shadow
    }

    /// Returns `text` with the characters Pango markup reserves (`&`, `<`, `>`, `"`, `'`) replaced by
    /// entities, so it can be put inside markup such as `"<b>\(TextStyle.escapeMarkup(name))</b>"`.
    public static func escapeMarkup(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

/// The size of a laid-out text block and where its first baseline sits.
public struct TextMetrics: Sendable, Hashable {
    /// The logical size of the text block in pixels: the widest line and the total line height.
    public var size: CGSize
    /// The distance in pixels from the top of the block to the first line's baseline.
    public var firstBaseline: Double
    /// The number of lines after wrapping and truncation.
    public var lineCount: Int
    /// Each line's logical rectangle in pixels, from the top left of the block (`size`): where a
    /// background that hugs each line goes, as CSS draws an inline element's background.
    public var lineFrames: [CGRect]
    /// The rectangle the glyphs cover, in pixels from the top left of the block: it can reach past
    /// ``size``, as an italic's overhang or accents stacked above a capital do. `.null` for text that
    /// shows no glyph. An outline (``TextStyle/outline``) reaches half its width further.
    public var inkFrame: CGRect

    /// Creates metrics.
    public init(
        size: CGSize, firstBaseline: Double, lineCount: Int, lineFrames: [CGRect] = [], inkFrame: CGRect = .null
    ) {
        self.size = size
        self.firstBaseline = firstBaseline
        self.lineCount = lineCount
        self.lineFrames = lineFrames
        self.inkFrame = inkFrame
    }
}
