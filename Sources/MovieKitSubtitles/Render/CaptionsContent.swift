import Foundation
import FrameDraw
import MovieKitScene

/// How animated captions look: a named style's font, colours and placement.
public struct CaptionStyle: Sendable, Hashable {
    /// How the word being spoken is marked.
    public enum Highlight: String, Sendable, Hashable, CaseIterable {
        /// The word being spoken takes ``CaptionStyle/activeColor``.
        case color
        /// Every word spoken so far takes ``CaptionStyle/activeColor``, as a karaoke line fills.
        case karaoke
        /// The word being spoken sits on a box of ``CaptionStyle/activeColor``, in
        /// ``CaptionStyle/pillTextColor``.
        case pill
        /// The word being spoken pops out a size larger, in ``CaptionStyle/activeColor``.
        case pop
    }

    public var fontFamily = "DejaVu Sans"
    public var bold = true
    /// The font size as a fraction of the layer's shorter side; smaller when ``charactersPerLine``
    /// would not fit the title-safe width at that size.
    public var relativeSize = 0.075
    public var color: Color = .white
    public var activeColor = Color(red: 1, green: 0.85, blue: 0)
    public var highlight: Highlight = .color
    /// The text colour of the word on its box, for the `pill` highlight.
    public var pillTextColor: Color = .black
    /// An outline around the glyphs as a fraction of the font size, or 0 for none.
    public var outlineWidth = 0.12
    public var outlineColor: Color = .black
    /// A box behind each page, or `nil` for none.
    public var backing: Color?
    /// Where the middle of a page sits, as a fraction of the layer's height from the top: inside the
    /// title-safe area (the middle 80 %) for any value from 0.1 to 0.9.
    public var verticalPosition = 0.78
    /// The most characters on a line and lines on a page; a page breaks early at a pause or the end
    /// of a sentence.
    public var charactersPerLine = 16
    public var linesPerPage = 2
    /// A silence this long (seconds) between two words starts a new page.
    public var pauseBeforeNewPage = 0.75

    /// The `classic` style: bold white words with a black outline, the spoken word in yellow.
    public init() {}

    /// The named styles `moviemake --caption-style` and scene files take: `classic`, `karaoke`,
    /// `boxed`, `pill` and `pop`.
    public static let named: [String: CaptionStyle] = {
        var karaoke = CaptionStyle()
        karaoke.highlight = .karaoke
        karaoke.activeColor = Color(red: 0.2, green: 0.9, blue: 0.4)
        var boxed = CaptionStyle()
        boxed.outlineWidth = 0
        boxed.backing = Color(white: 0, alpha: 0.7)
        var pill = CaptionStyle()
        pill.highlight = .pill
        pill.outlineWidth = 0.08
        pill.activeColor = Color(red: 1, green: 0.85, blue: 0)
        var pop = CaptionStyle()
        pop.highlight = .pop
        pop.activeColor = Color(red: 0.35, green: 0.9, blue: 1)
        return ["classic": CaptionStyle(), "karaoke": karaoke, "boxed": boxed, "pill": pill, "pop": pop]
    }()
}

/// Animated captions from a word-timed transcript: words grouped into pages (by characters per
/// line, lines per page, pauses and sentence ends, never splitting a word), each page shown while
/// it is spoken, and the word being spoken marked from the frame its time falls in.
public struct CaptionsContent: TimedContent, BackdropAwareContent {
    /// A page: a run of words shown together.
    public struct Page: Sendable, Hashable {
        /// The indices of its words in ``CaptionsContent/words``.
        public var words: Range<Int>
        /// When it shows: from its first word's start to its last word's end (or the next page's
        /// start, when that comes sooner after a short pause).
        public var start: Double
        public var end: Double
    }

    public var words: [Transcript.Word]
    public var style: CaptionStyle
    public private(set) var pages: [Page]
    /// The transcript file, for the preview to watch; `nil` for words made in code.
    public var url: URL?

    public init(words: [Transcript.Word], style: CaptionStyle = CaptionStyle(), url: URL? = nil) {
        self.words = words
        self.style = style
        self.url = url
        pages = Self.pages(of: words, style: style)
    }

    /// Captions from a transcript file.
    /// - Throws: `TranscriptError`.
    public init(contentsOf url: URL, style: CaptionStyle = CaptionStyle()) throws {
        self.init(words: try Transcript(contentsOf: url).words, style: style, url: url)
    }

    public var typeName: String { "captions" }
    public var files: [URL] { url.map { [$0] } ?? [] }
    public var activeDuration: Double? { pages.last?.end }

    /// Groups words into pages.
    static func pages(of words: [Transcript.Word], style: CaptionStyle) -> [Page] {
        var pages: [Page] = []
        var first = 0
        var characters = 0
        let capacity = max(1, style.charactersPerLine) * max(1, style.linesPerPage)
        for index in words.indices {
            let length =
                words[index].text.count + (index > first && Self.spaced(words[index - 1], words[index]) ? 1 : 0)
            let pause = index > first ? words[index].start - words[index - 1].end : 0
            let sentenceEnded = index > first && (words[index - 1].text.last.map { ".!?…".contains($0) } ?? false)
            if index > first, characters + length > capacity || pause >= style.pauseBeforeNewPage || sentenceEnded {
                pages.append(Page(words: first..<index, start: words[first].start, end: words[index - 1].end))
                first = index
                characters = words[index].text.count
            } else {
                characters += length
            }
        }
        if first < words.count {
            pages.append(Page(words: first..<words.count, start: words[first].start, end: words[words.count - 1].end))
        }
        // A page stays up through a short pause, until the next one starts.
        for index in pages.indices.dropLast() where pages[index + 1].start - pages[index].end < style.pauseBeforeNewPage
        {
            pages[index].end = max(pages[index].end, pages[index + 1].start)
        }
        return pages
    }

    /// Whether a space separates two words: not between Chinese or Japanese characters, which are
    /// written without spaces (speech tools give them as words all the same).
    static func spaced(_ before: Transcript.Word, _ after: Transcript.Word) -> Bool {
        func unspaced(_ scalar: Unicode.Scalar?) -> Bool {
            guard let value = scalar?.value else { return false }
            return (0x3000...0x30FF).contains(value) || (0x3400...0x4DBF).contains(value)
                || (0x4E00...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFF00...0xFF60).contains(value) || (0x20000...0x2FA1F).contains(value)
        }
        return !(unspaced(before.text.unicodeScalars.last) || unspaced(after.text.unicodeScalars.first))
    }

    public func draw(_ drawing: ContentDrawing) {
        // A page shows, and a word is marked, from the frame its start falls in until the frame its
        // end falls in.
        guard let page = pages.last(where: { drawing.hasReached($0.start) && !drawing.hasReached($0.end) }) else {
            return
        }
        let bounds = drawing.bounds
        guard bounds.width > 0, bounds.height > 0 else { return }
        // The word spoken last: it stays marked through a pause within the page.
        let active = page.words.last { drawing.hasReached(words[$0].start) }
        var markup = ""
        for index in page.words {
            if index > page.words.lowerBound, Self.spaced(words[index - 1], words[index]) { markup += " " }
            let text = TextStyle.escapeMarkup(words[index].text)
            let accent = CueTextMarkup.pangoColour(style.activeColor)
            switch style.highlight {
            case .color where index == active, .karaoke where active.map({ index <= $0 }) ?? false:
                markup += "<span foreground=\"\(accent)\">\(text)</span>"
            case .pill where index == active:
                // Pango draws the box behind the glyphs; the no-break spaces pad it on both sides.
                let ink = CueTextMarkup.pangoColour(style.pillTextColor)
                markup += "<span background=\"\(accent)\" foreground=\"\(ink)\">\u{A0}\(text)\u{A0}</span>"
            case .pop where index == active:
                markup += "<span size=\"larger\" foreground=\"\(accent)\">\(text)</span>"
            default:
                markup += text
            }
        }
        let safeWidth = bounds.width * 0.8
        // A line of the style's characters (about 0.6 em each) fits the title-safe width.
        let fontSize = max(
            1,
            min(
                min(bounds.width, bounds.height) * style.relativeSize,
                safeWidth / (0.6 * Double(max(1, style.charactersPerLine)))))
        let wrap = safeWidth
        var textStyle = TextStyle(
            font: Font(family: style.fontFamily, size: fontSize, weight: style.bold ? .bold : .regular),
            color: style.color, alignment: .center, wrapWidth: wrap)
        if style.outlineWidth > 0 {
            textStyle.outline = TextOutline(color: style.outlineColor, width: style.outlineWidth * fontSize)
        }
        guard let metrics = try? textStyle.metrics(forMarkup: markup, width: wrap) else { return }
        let padding = fontSize * 0.3
        let centerY = bounds.minY + bounds.height * min(0.9, max(0.1, style.verticalPosition))
        let top = min(
            max(bounds.minY + bounds.height * 0.1, centerY - metrics.size.height / 2),
            bounds.minY + bounds.height * 0.9 - metrics.size.height)
        let box = CGRect(x: bounds.midX - wrap / 2, y: top, width: wrap, height: metrics.size.height)
        let textRect = box.insetBy(dx: 0, dy: -1)
        let backingWidth = metrics.size.width + 2 * padding
        let backingRect = CGRect(
            x: bounds.midX - backingWidth / 2, y: top - padding, width: backingWidth,
            height: metrics.size.height + 2 * padding)
        drawing.noteDrawn(metrics.covered(drawnIn: textRect, style: textStyle).union(backingRect))
        let context = drawing.context
        context.saveGState()
        defer { context.restoreGState() }
        context.setAlpha(drawing.opacity)
        if let backing = style.backing {
            context.setFillColor(backing)
            context.addPath(Path(roundedRect: backingRect, cornerRadius: padding))
            context.fillPath()
        }
        try? context.draw(markup: markup, in: textRect, style: textStyle)
    }
}
