import Foundation
import FrameDraw
import MovieKitScene

/// How subtitles look: WebVTT's defaults as a browser shows cues over a `<video>` (white text 5 %
/// of the video's height, on a black backing at 80 % opacity), which a scene may change.
public struct SubtitleStyle: Sendable, Hashable {
    /// The font family; its size comes from ``relativeSize``.
    public var fontFamily: String = "DejaVu Sans"
    /// The font size as a fraction of the layer's height (WebVTT's `5vh`).
    public var relativeSize: Double = 0.05
    public var color: Color = .white
    /// The backing behind each cue's text, or `nil` for none.
    public var backing: Color? = Color(white: 0, alpha: 0.8)
    /// An outline around the glyphs, as a fraction of the font size, or 0 for none.
    public var outlineWidth: Double = 0
    public var outlineColor: Color = .black

    /// WebVTT's defaults.
    public init() {}
}

/// Subtitles as timed content: the cues of a WebVTT or SRT file, drawn at each time as a browser
/// lays them out over a video of the layer's size, with the cue's settings (line, position, size,
/// alignment), its text's tags (bold, italic, underline, colour classes) and the `::cue` rules of
/// the file's `STYLE` blocks (``styleSheet``).
///
/// Cue times are on the layer's own clock (the layer's start is time 0). A region's cues stack in
/// its box, as WebVTT's rules lay them out. Vertical cues run top to bottom, their lines from the
/// right (`rl`) or the left (`lr`), with Latin text turned sideways as browsers turn it.
public struct SubtitlesContent: TimedContent, BackdropAwareContent {
    public var cues: [WebVTTCue]
    public var style: SubtitleStyle
    /// The `::cue` rules applied over ``style``: a WebVTT file's `STYLE` blocks.
    public var styleSheet: CueStyleSheet
    /// The file the cues came from, for the preview to watch; `nil` for cues made in code.
    public var url: URL?

    /// Subtitles from cues.
    public init(
        cues: [WebVTTCue], style: SubtitleStyle = SubtitleStyle(), styleSheet: CueStyleSheet = CueStyleSheet(),
        url: URL? = nil
    ) {
        self.cues = cues
        self.style = style
        self.styleSheet = styleSheet
        self.url = url
    }

    /// Subtitles from a WebVTT or SRT file (by its extension).
    /// - Throws: What ``SubtitleDocument/init(contentsOf:)`` throws.
    public init(contentsOf url: URL, style: SubtitleStyle = SubtitleStyle()) throws {
        let document = try SubtitleDocument(contentsOf: url)
        self.init(cues: document.cues, style: style, styleSheet: document.styleSheet, url: url)
    }

    public var typeName: String { "subtitles" }
    public var files: [URL] { url.map { [$0] } ?? [] }
    public var activeDuration: Double? { cues.map(\.endTime).filter(\.isFinite).max() }

    public func draw(_ drawing: ContentDrawing) {
        let bounds = drawing.bounds
        guard bounds.width > 0, bounds.height > 0 else { return }
        let time = drawing.layerTime
        let active = cues.filter { $0.startTime <= time && time < $0.endTime }
        guard !active.isEmpty else { return }
        let context = drawing.context
        context.saveGState()
        defer { context.restoreGState() }
        context.setAlpha(drawing.opacity)
        var layout = CueLayout(bounds: bounds, style: style, styleSheet: styleSheet, time: time)
        // Vertical cues are laid out as horizontal ones in a frame turned a quarter turn clockwise:
        // its width is the video's height, and its lines count from the video's right edge. Wide
        // (CJK) characters stand upright in it, as a browser's `text-orientation: mixed` sets them.
        var vertical = CueLayout(
            bounds: CGRect(x: 0, y: 0, width: bounds.height, height: bounds.width), style: style,
            styleSheet: styleSheet, time: time, viewport: bounds.size, fontSize: layout.fontSize, verticalForms: true)
        // Cues in a region stack inside its box; the others are placed by their own settings.
        var regions: [(region: WebVTTRegion, cues: [WebVTTCue])] = []
        for cue in active {
            if cue.writingDirection != .horizontal {
                // Turned a quarter, a cue's lines run across the rows: it may draw on any of them.
                drawing.noteDrawn(bounds)
                context.saveGState()
                context.translateBy(x: bounds.maxX, y: bounds.minY)
                context.rotate(by: Double.pi / 2)
                vertical.draw(CueLayout.turned(cue), in: context)
                context.restoreGState()
                continue
            }
            guard let region = cue.region else {
                layout.draw(cue, in: context) { drawing.noteDrawn($0) }
                continue
            }
            if let index = regions.firstIndex(where: { $0.region == region }) {
                regions[index].cues.append(cue)
            } else {
                regions.append((region, [cue]))
            }
        }
        for (region, cues) in regions {
            layout.draw(cues, in: region, context: context) { drawing.noteDrawn($0) }
        }
    }
}

/// Places the cues shown at one time, from the bottom up for cues whose line is `auto`, as
/// WebVTT's rendering rules do for a video without controls.
struct CueLayout {
    let bounds: CGRect
    let style: SubtitleStyle
    let styleSheet: CueStyleSheet
    /// The time drawn, for `:past` and `:future` rules.
    let time: Double
    /// The video's size, for `vh` and `vw` (the bounds are turned for vertical cues).
    let viewport: CGSize
    let fontSize: Double
    let padding: Double
    let verticalForms: Bool
    /// The top of the lowest cue placed so far among those stacked from the bottom.
    private var bottomStackTop: Double

    /// - Parameters:
    ///   - viewport: The video's size, or `nil` for the bounds'.
    ///   - fontSize: The font size, or `nil` for the style's fraction of the bounds' height.
    ///   - verticalForms: Whether the bounds are a frame turned for vertical cues, whose wide
    ///     characters then stand upright (`TextStyle.verticalForms`).
    init(
        bounds: CGRect, style: SubtitleStyle, styleSheet: CueStyleSheet = CueStyleSheet(), time: Double = 0,
        viewport: CGSize? = nil, fontSize: Double? = nil, verticalForms: Bool = false
    ) {
        self.bounds = bounds
        self.style = style
        self.styleSheet = styleSheet
        self.time = time
        self.viewport = viewport ?? bounds.size
        self.verticalForms = verticalForms
        self.fontSize = fontSize ?? max(1, bounds.height * style.relativeSize)
        // As browsers draw `::cue`: the backing is the text's own line boxes, with no padding, and
        // cues with an `auto` line stack from the video's bottom edge.
        padding = 0
        bottomStackTop = bounds.maxY
    }

    /// - Parameter note: Told what the cue's backing and glyphs will cover, before they are drawn.
    mutating func draw(_ cue: WebVTTCue, in context: DrawingContext, noting note: (CGRect) -> Void = { _ in }) {
        let alignment: TextAlignment =
            switch cue.textAlignment {
            case .start, .left: .left
            case .end, .right: .right
            case .center: .center
            }
        // The position and its alignment: `auto` follows the text alignment.
        let position =
            cue.position
            ?? {
                switch cue.textAlignment {
                case .left, .start: 0
                case .right, .end: 100
                case .center: 50
                }
            }()
        let positionAlignment: WebVTTCue.PositionAlignment =
            cue.positionAlignment != .auto
            ? cue.positionAlignment
            : {
                switch cue.textAlignment {
                case .left, .start: .lineLeft
                case .right, .end: .lineRight
                case .center: .center
                }
            }()
        // The box may not pass the video's edges from its anchor.
        let available: Double =
            switch positionAlignment {
            case .lineLeft: 100 - position
            case .lineRight: position
            case .center, .auto: 2 * min(position, 100 - position)
            }
        let boxWidth = bounds.width * min(cue.size, max(0, available)) / 100
        guard boxWidth > 2 * padding else { return }
        let anchor = bounds.minX + bounds.width * position / 100
        let boxX: Double =
            switch positionAlignment {
            case .lineLeft: anchor
            case .lineRight: anchor - boxWidth
            case .center, .auto: anchor - boxWidth / 2
            }
        let styling = self.styling(cue)
        let textStyle = self.textStyle(styling, alignment: alignment, width: boxWidth - 2 * padding)
        // Text the author did not place or break is broken for balance (Netflix's timed-text rules).
        let placed = cue.position != nil || cue.size < 100 || cue.line != .auto || cue.text.contains("\n")
        let markup = CueTextMarkup.markup(placed ? cue.text : Self.balancedLines(cue.text), styling: styling)
        guard let metrics = try? textStyle.metrics(forMarkup: markup, width: boxWidth - 2 * padding) else { return }
        let height = metrics.size.height + 2 * padding
        let top = self.top(of: cue, height: height, lineHeight: styling.fontSize * 1.2)
        // The backing hugs the text, placed in the box as the text is aligned.
        let backingWidth = min(boxWidth, metrics.size.width + 2 * padding)
        let backingX: Double =
            switch alignment {
            case .left, .justified: boxX
            case .right: boxX + boxWidth - backingWidth
            case .center: boxX + (boxWidth - backingWidth) / 2
            }
        let textRect = CGRect(x: boxX + padding, y: top + padding, width: boxWidth - 2 * padding, height: height)
        note(metrics.covered(drawnIn: textRect, style: textStyle))
        if let backing = styling.backing {
            Self.fill(backing, behind: metrics, at: CGPoint(x: backingX, y: top), width: backingWidth, in: context)
        }
        try? context.draw(markup: markup, in: textRect, style: textStyle)
    }

    /// Draws the cues of one region as WebVTT's rendering rules lay them out: the region is a box
    /// `width` % of the video wide and `lines` lines (6 % of the video's height each) high, whose
    /// anchor point sits at its viewport anchor; its cues stack from its bottom, the latest lowest,
    /// each as wide as the region and aligned by its `align`, and what passes its top is hidden
    /// (the lines scrolled away).
    /// - Parameter note: Told the region's box, which holds what its cues draw, before they are drawn.
    mutating func draw(
        _ cues: [WebVTTCue], in region: WebVTTRegion, context: DrawingContext, noting note: (CGRect) -> Void = { _ in }
    ) {
        let width = bounds.width * min(max(region.width, 0), 100) / 100
        let height = bounds.height * 0.06 * min(max(region.lines, 0), 100)
        guard width > 2 * padding, height > 0 else { return }
        let box = CGRect(
            x: bounds.minX + bounds.width * region.viewportAnchorX / 100 - width * region.regionAnchorX / 100,
            y: bounds.minY + bounds.height * region.viewportAnchorY / 100 - height * region.regionAnchorY / 100,
            width: width, height: height)
        note(box)
        context.saveGState()
        defer { context.restoreGState() }
        context.clip(to: Path(rect: box))
        var bottom = box.maxY
        for cue in cues.reversed() {
            guard bottom > box.minY else { break }
            let alignment: TextAlignment =
                switch cue.textAlignment {
                case .start, .left: .left
                case .end, .right: .right
                case .center: .center
                }
            let styling = self.styling(cue)
            let textStyle = self.textStyle(styling, alignment: alignment, width: width - 2 * padding)
            let markup = CueTextMarkup.markup(cue.text, styling: styling)
            guard let metrics = try? textStyle.metrics(forMarkup: markup, width: width - 2 * padding) else { continue }
            let cueHeight = metrics.size.height + 2 * padding
            let top = bottom - cueHeight
            let backingWidth = min(width, metrics.size.width + 2 * padding)
            let backingX: Double =
                switch alignment {
                case .left, .justified: box.minX
                case .right: box.maxX - backingWidth
                case .center: box.midX - backingWidth / 2
                }
            if let backing = styling.backing {
                Self.fill(backing, behind: metrics, at: CGPoint(x: backingX, y: top), width: backingWidth, in: context)
            }
            try? context.draw(
                markup: markup,
                in: CGRect(x: box.minX + padding, y: top + padding, width: width - 2 * padding, height: cueHeight),
                style: textStyle)
            bottom = top
        }
    }

    /// The backing of a cue's text, `origin` at the top left of its block: a box around each line,
    /// as a browser draws `::cue`'s background (an inline element's, one box a line), no wider
    /// than `width`.
    private static func fill(
        _ backing: Color, behind metrics: TextMetrics, at origin: CGPoint, width: Double, in context: DrawingContext
    ) {
        context.setFillColor(backing)
        let lines = metrics.lineFrames.isEmpty ? [CGRect(origin: .zero, size: metrics.size)] : metrics.lineFrames
        for line in lines where line.width > 0 && line.height > 0 {
            let left = max(0, line.minX)
            let right = min(width, line.maxX)
            guard right > left else { continue }
            context.fill(CGRect(x: origin.x + left, y: origin.y + line.minY, width: right - left, height: line.height))
        }
    }

    /// The style sheet applied to `cue` now.
    private func styling(_ cue: WebVTTCue) -> CueStyling {
        CueStyling(sheet: styleSheet, cue: cue, time: time, viewport: viewport, style: style, fontSize: fontSize)
    }

    /// The text style of a cue: the layout's, with the cue's own font from the style sheet.
    private func textStyle(_ styling: CueStyling, alignment: TextAlignment, width: Double) -> TextStyle {
        var textStyle = TextStyle(
            font: Font(family: styling.fontFamily, size: styling.fontSize), color: style.color, alignment: alignment,
            wrapWidth: width)
        textStyle.verticalForms = verticalForms
        if style.outlineWidth > 0 {
            textStyle.outline = TextOutline(color: style.outlineColor, width: style.outlineWidth * styling.fontSize)
        }
        return textStyle
    }

    /// A vertical cue as the horizontal cue that the turned frame lays out: in that frame lines count
    /// from the video's right edge, as `vertical:rl` counts them; `vertical:lr` counts them from the
    /// left, so its line is counted from the other side.
    static func turned(_ cue: WebVTTCue) -> WebVTTCue {
        var turned = cue
        turned.writingDirection = .horizontal
        guard cue.writingDirection == .verticalGrowingRight else { return turned }
        switch cue.line {
        case .auto:
            turned.line = .value(0)
            turned.snapsToLines = true
        case .value(let line) where cue.snapsToLines:
            turned.line = .value(-line - 1)
        case .value(let percent):
            turned.line = .value(100 - percent)
            turned.lineAlignment =
                switch cue.lineAlignment {
                case .start: .end
                case .end: .start
                case .center: .center
                }
        }
        return turned
    }

    /// The most characters on a line of cue text that is broken for balance.
    static let charactersPerLine = 42

    /// `text` (cue text, with its tags) on one line when it has at most ``charactersPerLine``
    /// characters, else on two lines as even as the spaces allow with neither over the limit; text
    /// too long for two such lines is left for the layout to wrap at the box's width.
    static func balancedLines(_ text: String) -> String {
        // The spaces outside tags, with the number of visible characters before each.
        var spaces: [(index: String.Index, before: Int)] = []
        var visible = 0
        var inTag = false
        for index in text.indices {
            let character = text[index]
            if character == "<" { inTag = true }
            if !inTag {
                if character == " " { spaces.append((index, visible)) }
                visible += 1
            }
            if character == ">" { inTag = false }
        }
        guard visible > charactersPerLine else { return text }
        let best = spaces.filter { $0.before <= charactersPerLine && visible - $0.before - 1 <= charactersPerLine }
            .min { abs(2 * $0.before + 1 - visible) < abs(2 * $1.before + 1 - visible) }
        guard let best else { return text }
        var result = text
        result.replaceSubrange(best.index...best.index, with: "\n")
        return result
    }

    /// The top of a cue's box: stacked from the bottom for `line: auto`, at a line number counted
    /// from the top (or from the bottom when negative), or at a percentage of the height.
    private mutating func top(of cue: WebVTTCue, height: Double, lineHeight: Double) -> Double {
        switch cue.line {
        case .auto:
            bottomStackTop -= height
            return max(bounds.minY, bottomStackTop)
        case .value(let line) where cue.snapsToLines:
            // A line from the top puts the cue's first line there; a negative one counts from the
            // bottom and puts the cue's last line there.
            let top =
                line >= 0 ? bounds.minY + line * lineHeight : bounds.maxY + (line + 1) * lineHeight - height
            return min(max(bounds.minY, top), bounds.maxY - height)
        case .value(let percent):
            let anchor = bounds.minY + bounds.height * percent / 100
            let top: Double =
                switch cue.lineAlignment {
                case .start: anchor
                case .center: anchor - height / 2
                case .end: anchor - height
                }
            return min(max(bounds.minY, top), bounds.maxY - height)
        }
    }
}

extension TextMetrics {
    /// What text measured so and drawn in `rect` covers: its block and its glyphs' ink, with the outline's
    /// reach and a margin of a tenth of the font for the rounding of hinting.
    func covered(drawnIn rect: CGRect, style: TextStyle) -> CGRect {
        let block = CGRect(origin: rect.origin, size: size).union(rect)
        let ink = inkFrame.isNull ? block : inkFrame.offsetBy(dx: rect.minX, dy: rect.minY)
        let reach = (style.outline?.width ?? 0) / 2 + style.font.size / 10
        return block.union(ink).insetBy(dx: -reach, dy: -reach)
    }
}
