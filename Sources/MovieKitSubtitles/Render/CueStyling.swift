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
    let rootNode: CueNode
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
        rootNode = CueNode(id: cue.id)
        root = sheet.isEmpty ? CueDeclarations() : sheet.declarations(for: [rootNode])
        var context = Context(fontSize: fontSize, color: style.color)
        context.fontSize = max(1, root.fontSize?.pixels(parent: fontSize, viewport: viewport) ?? fontSize)
        context.color = root.color ?? style.color
        context.opacity = root.opacity ?? 1
        context.hidden = root.hidden ?? false
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
        let base = Context(fontSize: rootContext.fontSize, color: rootContext.color)
        let attributes = Self.attributes(own, context: rootContext, changedFrom: base, viewport: viewport)
        return attributes.isEmpty ? ("", "") : ("<span\(attributes)>", "</span>")
    }

    /// The span for the last node of `path`, and what that node's contents inherit.
    func span(for path: [CueNode], in context: Context) -> (opening: String, closing: String, context: Context) {
        let own = sheet.declarations(for: path)
        guard !own.isEmpty else { return ("", "", context) }
        var inner = context
        inner.fontSize = own.fontSize?.pixels(parent: context.fontSize, viewport: viewport) ?? context.fontSize
        inner.color = own.color ?? context.color
        inner.opacity = context.opacity * (own.opacity ?? 1)
        inner.hidden = own.hidden ?? context.hidden
        let attributes = Self.attributes(own, context: inner, changedFrom: context, viewport: viewport)
        return attributes.isEmpty ? ("", "", inner) : ("<span\(attributes)>", "</span>", inner)
    }

    /// Pango span attributes for `own`, whose text draws in `context` (its parent's is `parent`).
    private static func attributes(
        _ own: CueDeclarations, context: Context, changedFrom parent: Context, viewport: CGSize
    ) -> String {
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
            attributes += " font=\"\(String(format: "%.3f", max(context.fontSize, 0.001)))px\""
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
