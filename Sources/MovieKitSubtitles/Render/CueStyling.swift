import Foundation
import FrameDraw

/// A style sheet applied to one cue at one time: the cue's own font, colour and backing, and the
/// Pango attributes of each part of its text (see `CueTextMarkup.markup(_:styling:)`).
struct CueStyling {
    /// What a part of the text inherits from the parts around it.
    struct Context {
        var fontSize: Double = 0
        var color: Color = .white
        /// The product of the `opacity` of the parts around it.
        var opacity: Double = 1
        var hidden = false
    }

    let sheet: CueStyleSheet
    /// The playback time, for `:past` and `:future`.
    let time: Double
    /// The video's size, for `vh` and `vw`.
    let viewport: CGSize
    /// What the rules match at the cue itself.
    let rootMatched: CueStyleSheet.Matched
    /// The cue's own properties (`::cue`, `::cue(#id)`).
    let root: CueDeclarations
    /// What the cue's text inherits: the cue's font size, colour and opacity.
    let rootContext: Context
    /// The cue's font family.
    let fontFamily: String
    /// The backing behind the cue's text: the style's, or the cue's `background`.
    let backing: Color?

    /// - Parameters:
    ///   - fontSize: The size the style gives cues, which `font-size` in `::cue` rules changes.
    init(sheet: CueStyleSheet, cue: WebVTTCue, time: Double, viewport: CGSize, style: SubtitleStyle, fontSize: Double) {
        self.sheet = sheet
        self.time = time
        self.viewport = viewport
        rootMatched = sheet.matched(CueNode(id: cue.id), under: nil)
        root = sheet.declarations(for: rootMatched)
        let size = root.fontSize?.pixels(parent: fontSize, viewport: viewport) ?? fontSize
        let context = Context(
            fontSize: min(max(size, 1), Self.largestFontSize(in: viewport)), color: root.color ?? style.color,
            opacity: root.opacity ?? 1, hidden: root.hidden ?? false)
        rootContext = context
        fontFamily = root.fontFamily ?? style.fontFamily
        let background = root.background ?? style.backing
        backing =
            context.hidden
            ? nil : background.flatMap { $0.alpha > 0 ? $0.withAlphaComponent($0.alpha * context.opacity) : nil }
    }

    /// The cue's font size in pixels.
    var fontSize: Double { rootContext.fontSize }

    /// The span around the whole text, for the cue's own properties but its background and font,
    /// which the layout draws.
    var rootSpan: (opening: String, closing: String) {
        var own = root
        own.background = nil
        own.fontSize = nil
        own.fontFamily = nil
        let attributes = Self.attributes(own, context: rootContext)
        return attributes.isEmpty ? ("", "") : ("<span\(attributes)>", "</span>")
    }

    /// The span for a node the rules match as `matched`, and what the node's contents inherit.
    func span(for matched: CueStyleSheet.Matched, in context: Context) -> (
        opening: String, closing: String, context: Context
    ) {
        let own = sheet.declarations(for: matched)
        guard !own.isEmpty else { return ("", "", context) }
        var inner = context
        // Part of a cue is no smaller than an eighth of the cue's font: FrameDraw draws no cue whose em
        // is under a 16th of a pixel, so no part is under a 128th, where Cairo fails on colour emoji
        // at some ems of a few thousandths of a pixel.
        if let size = own.fontSize?.pixels(parent: context.fontSize, viewport: viewport) {
            inner.fontSize = min(max(size, rootContext.fontSize / 8), Self.largestFontSize(in: viewport))
        }
        inner.color = own.color ?? context.color
        inner.opacity = context.opacity * (own.opacity ?? 1)
        inner.hidden = own.hidden ?? context.hidden
        let attributes = Self.attributes(own, context: inner)
        return attributes.isEmpty ? ("", "", inner) : ("<span\(attributes)>", "</span>", inner)
    }

    /// The largest font a rule may give: twice the video's longer side, more than any cue can show
    /// (Cairo refuses to draw text of some millions of pixels).
    private static func largestFontSize(in viewport: CGSize) -> Double {
        2 * max(viewport.width, viewport.height, 1)
    }

    /// Pango span attributes for `own`, whose text draws in `context`.
    private static func attributes(_ own: CueDeclarations, context: Context) -> String {
        var attributes = ""
        if own.color != nil || own.opacity != nil || own.hidden != nil {
            attributes += " foreground=\"\(CueTextMarkup.pangoColour(context.color))\""
            attributes += " alpha=\"\(alpha(context.hidden ? 0 : context.color.alpha * context.opacity))\""
        }
        if let background = own.background, background.alpha > 0, !context.hidden {
            attributes += " background=\"\(CueTextMarkup.pangoColour(background))\""
            attributes += " bgalpha=\"\(alpha(background.alpha * context.opacity))\""
        }
        if let family = own.fontFamily {
            attributes += " font_family=\"\(TextStyle.escapeMarkup(family))\""
        }
        if own.fontSize != nil {
            // Pango reads a size with `px` as pixels, as FrameDraw's fonts are sized.
            attributes += " font=\"\(String(format: "%.3f", context.fontSize))px\""
        }
        if let weight = own.fontWeight { attributes += " weight=\"\(weight)\"" }
        if let italic = own.italic { attributes += " style=\"\(italic ? "italic" : "normal")\"" }
        if let lines = own.decoration {
            attributes += " underline=\"\(lines.contains(.underline) ? "single" : "none")\""
            attributes += " overline=\"\(lines.contains(.overline) ? "single" : "none")\""
            attributes += " strikethrough=\"\(lines.contains(.lineThrough) ? "true" : "false")\""
        }
        return attributes
    }

    /// Pango's alpha, 1 (clear) to 65535 (opaque); 0 is not allowed.
    private static func alpha(_ value: Double) -> Int {
        max(1, min(65535, Int((min(max(value, 0), 1) * 65535).rounded())))
    }
}
