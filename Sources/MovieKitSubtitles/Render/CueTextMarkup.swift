import Foundation
import FrameDraw

/// A cue's text as Pango markup, by WebVTT's cue text rules (https://w3c.github.io/webvtt/#cue-text-parsing-rules):
/// `<b>`, `<i>` and `<u>` keep their meaning; `<c>` with the specification's colour classes
/// (`.yellow`, `.bg_blue` …) colours the text or its background; `<v Speaker>`, `<lang>` and
/// unknown tags keep their text; `<ruby>` shows its annotation (`<rt>`) smaller after the base;
/// timestamps are dropped; the entities `&amp;`, `&lt;`, `&gt;`, `&nbsp;`, `&lrm;` and `&rlm;`
/// are read. SRT's `<font color="…">` colours its text. The markup is always well formed: tags
/// left open are closed, and stray end tags are ignored.
enum CueTextMarkup {
    /// The colours of the specification's default style sheet for `::cue(.class)`.
    static let colours: [String: String] = [
        "white": "#FFFFFF", "lime": "#00FF00", "cyan": "#00FFFF", "red": "#FF0000", "yellow": "#FFFF00",
        "magenta": "#FF00FF", "blue": "#0000FF", "black": "#000000"
    ]

    static func markup(_ text: String) -> String { markup(text, styling: nil) }

    /// `text` as Pango markup, with the author's `::cue` rules applied when `styling` is given: the
    /// cue's own rules as a span around the whole text (but for its background and font, which
    /// the layout draws), each tag's rules as a span inside the tag's own, and, in a cue with
    /// timestamps, `:past` and `:future` rules on the text before and after `styling.time`.
    static func markup(_ text: String, styling: CueStyling?) -> String {
        // A sheet without rules changes nothing: the cue's font and backing are the layout's.
        let styling = styling.flatMap { $0.sheet.isEmpty ? nil : $0 }
        var output = ""
        var open: [(tag: String, closing: String, context: CueStyling.Context, language: String?)] = []
        // What the rules match at the cue (when styled) and at each open tag.
        var matched: [CueStyleSheet.Matched] = styling.map { [$0.rootMatched] } ?? []
        let rootContext = styling?.rootContext ?? CueStyling.Context()
        let rootSpan = styling?.rootSpan ?? (opening: "", closing: "")
        let hasTimestamps = styling != nil && containsTimestamp(text)
        var future = false
        var time: CueNode.Time? { hasTimestamps ? (future ? .future : .past) : nil }
        // Text outside tags gets a span of its own only for `:past` and `:future` rules.
        var textClosing: String?
        func closeText() {
            if let closing = textClosing { output += closing }
            textClosing = nil
        }
        func openText() {
            guard hasTimestamps, textClosing == nil, let styling else { return }
            var node = CueNode(isText: true)
            node.time = time
            let (opening, closing, _) = styling.span(
                for: styling.sheet.matched(node, under: matched.last), in: open.last?.context ?? rootContext)
            output += opening
            textClosing = closing
        }
        output += rootSpan.opening
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "<", let end = text[index...].firstIndex(of: ">") {
                let tag = text[text.index(after: index)..<end]
                index = text.index(after: end)
                closeText()
                if tag.hasPrefix("/") {
                    let name = tag.dropFirst().split(separator: ".").first.map(String.init) ?? ""
                    // Close up to the matching open tag; an end tag with no open tag is ignored.
                    guard let match = open.lastIndex(where: { $0.tag == name }) else { continue }
                    while open.count > match {
                        output += open.removeLast().closing
                        if styling != nil { matched.removeLast() }
                    }
                    continue
                }
                if hasTimestamps, let first = tag.first, first.isNumber {
                    if let at = timestamp(tag), let now = styling?.time, at > now { future = true }
                    continue
                }
                if let (opening, closing, name) = startTag(tag) {
                    var node = self.node(tag, name: name, language: open.last?.language)
                    node.time = time
                    var authorOpening = ""
                    var authorClosing = ""
                    var context = open.last?.context ?? rootContext
                    if let styling {
                        matched.append(styling.sheet.matched(node, under: matched.last))
                        (authorOpening, authorClosing, context) = styling.span(
                            for: matched[matched.count - 1], in: context)
                    }
                    output += opening + authorOpening
                    open.append((name, authorClosing + closing, context, node.language))
                }
                continue
            }
            openText()
            if character == "&", let (scalar, next) = entity(in: text, at: index) {
                output += TextStyle.escapeMarkup(scalar)
                index = next
                continue
            }
            output += TextStyle.escapeMarkup(String(character))
            index = text.index(after: index)
        }
        closeText()
        while let last = open.popLast() { output += last.closing }
        output += rootSpan.closing
        return output
    }

    /// A tag as selectors see it: its name, classes, speaker and the language in force (`language`
    /// around it, or its own).
    private static func node(_ tag: Substring, name: String, language: String?) -> CueNode {
        let head = tag.prefix { !$0.isWhitespace }
        let annotation = tag.dropFirst(head.count).trimmingCharacters(in: .whitespaces)
        var node = CueNode(type: name)
        node.classes = head.split(separator: ".").dropFirst().map(String.init)
        node.language = language
        switch name {
        case "v": node.voice = annotation
        case "lang": node.language = annotation.isEmpty ? nil : annotation.lowercased()
        default: break
        }
        return node
    }

    /// Whether the text has a cue timestamp tag (`<00:01.500>`).
    private static func containsTimestamp(_ text: String) -> Bool {
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: ">") else { return false }
            if timestamp(rest[..<close]) != nil { return true }
        }
        return false
    }

    /// A timestamp tag's time, or `nil` when the tag is not one.
    private static func timestamp(_ tag: Substring) -> Double? {
        var reader = WebVTTSettingsReader(tag)
        guard let value = reader.timestamp(), reader.position == tag.unicodeScalars.count else { return nil }
        return value
    }

    /// The Pango tags for a start tag's text (`c.yellow.bg_black`, `v Ann`, `font color="red"`),
    /// or `nil` for a timestamp, which shows nothing.
    private static func startTag(_ tag: Substring) -> (opening: String, closing: String, name: String)? {
        let head = tag.prefix { !$0.isWhitespace }
        let annotation = tag.dropFirst(head.count).trimmingCharacters(in: .whitespaces)
        let parts = head.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let name = parts.first ?? ""
        if let first = name.first, first.isNumber { return nil }
        var attributes = ""
        for className in parts.dropFirst() {
            if let colour = colours[className] {
                attributes += " foreground=\"\(colour)\""
            } else if className.hasPrefix("bg_"), let colour = colours[String(className.dropFirst(3))] {
                attributes += " background=\"\(colour)\""
            }
        }
        switch name {
        case "b", "i", "u":
            return (
                "<\(name)>" + (attributes.isEmpty ? "" : "<span\(attributes)>"),
                (attributes.isEmpty ? "" : "</span>") + "</\(name)>", name
            )
        case "rt":
            return ("<span size=\"smaller\"> (", ")</span>", name)
        case "font":
            if let colour = fontColour(annotation) { attributes += " foreground=\"\(colour)\"" }
            return ("<span\(attributes)>", "</span>", name)
        case "lang":
            let language = annotation.filter { $0.isLetter || $0.isNumber || $0 == "-" }
            return ("<span\(attributes)\(language.isEmpty ? "" : " lang=\"\(language)\"")>", "</span>", name)
        default:
            return ("<span\(attributes)>", "</span>", name)
        }
    }

    /// SRT's `color="#FF8800"` or `color="red"`, as `#RRGGBB`.
    private static func fontColour(_ attributes: String) -> String? {
        guard let range = attributes.range(of: "color=", options: .caseInsensitive) else { return nil }
        let value = attributes[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            .prefix { !$0.isWhitespace && $0 != "\"" && $0 != "'" }
        guard let colour = try? Color(parsing: String(value)) else { return nil }
        return pangoColour(colour)
    }

    /// A colour as Pango markup writes it, `#RRGGBB` (Pango spans take the alpha apart).
    static func pangoColour(_ color: Color) -> String {
        func component(_ value: Double) -> String {
            String(format: "%02X", Int((min(max(value, 0), 1) * 255).rounded()))
        }
        return "#" + component(color.red) + component(color.green) + component(color.blue)
    }

    /// A character reference at `index` (`&amp;` …), and the index after it.
    static func entity(in text: String, at index: String.Index) -> (String, String.Index)? {
        let entities = [
            "&amp;": "&", "&lt;": "<", "&gt;": ">", "&nbsp;": "\u{A0}", "&lrm;": "\u{200E}", "&rlm;": "\u{200F}"
        ]
        for (name, value) in entities where text[index...].hasPrefix(name) {
            return (value, text.index(index, offsetBy: name.count))
        }
        return nil
    }
}
