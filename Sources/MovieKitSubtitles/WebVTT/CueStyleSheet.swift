import Foundation
import MovieKitScene

/// The `::cue` rules of a WebVTT file's `STYLE` blocks, applied to its cues as a browser applies
/// them (https://w3c.github.io/webvtt/#css-extensions): `::cue { … }` styles every cue,
/// `::cue(selector) { … }` the parts of a cue's text the selector matches (see `CueSelector`), by
/// CSS's cascade (`!important`, then specificity, then the order of the rules).
///
/// MovieKit draws `color`, `background-color` (and the colour of `background`), `opacity`,
/// `font-family`, `font-size`, `font-weight`, `font-style`, the `font` shorthand,
/// `text-decoration` and `visibility`. A rule with a selector MovieKit cannot read, and each
/// property it does not draw, is named in ``warnings``; the rest of the sheet still applies, as CSS
/// skips what it cannot read.
public struct CueStyleSheet: Sendable, Hashable {
    struct Rule: Sendable, Hashable {
        var selector: CueSelector
        var declarations: CueDeclarations
        var important: Bool
        var order: Int
    }

    /// In cascade order: `!important` last, then by specificity, then as written.
    private(set) var rules: [Rule] = []
    /// Sentences about what was not applied, each starting with `file:line:`.
    public private(set) var warnings: [String] = []

    /// A sheet with no rules.
    public init() {}

    /// Reads CSS text.
    /// - Parameters:
    ///   - css: The text of a `STYLE` block (or of a `.css` file).
    ///   - fileName: The file, for warnings.
    ///   - firstLine: The line of the file the text starts on, for warnings.
    public init(css: String, fileName: String = "style.css", firstLine: Int = 1) {
        append(css: css, fileName: fileName, firstLine: firstLine)
    }

    /// Whether the sheet has no rule that applies.
    public var isEmpty: Bool { rules.isEmpty }

    /// What the rules' selectors have matched down to a node (`CueSelector.State`, one per rule).
    struct Matched: Sendable, Hashable {
        fileprivate var states: [CueSelector.State]
    }

    /// What the rules match at `node`, under its parent's `parent` (`nil` for the cue itself).
    func matched(_ node: CueNode, under parent: Matched?) -> Matched {
        Matched(states: rules.indices.map { rules[$0].selector.state(at: node, parent: parent?.states[$0]) })
    }

    /// The properties of the rules that match, by the cascade. Inherited values are the caller's:
    /// it draws nested spans.
    func declarations(for matched: Matched) -> CueDeclarations {
        var result = CueDeclarations()
        for (rule, state) in zip(rules, matched.states) where state.matches { result.merge(rule.declarations) }
        return result
    }

    /// The properties for the last node of `path` (the cue first, then the tags around the node,
    /// outermost first).
    func declarations(for path: [CueNode]) -> CueDeclarations {
        var matched: Matched?
        for node in path { matched = self.matched(node, under: matched) }
        return matched.map(declarations(for:)) ?? CueDeclarations()
    }

    /// Adds the rules of CSS text after those already read.
    mutating func append(css: String, fileName: String, firstLine: Int) {
        let text = Self.withoutComments(css)
        var index = text.startIndex
        var line = firstLine
        var prelude = ""
        var preludeStarted = false
        var preludeLine = line
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            switch character {
            case "{":
                let (block, end) = Self.block(in: text, from: index)
                let blockLine = line
                line += block.filter { $0 == "\n" }.count
                index = end < text.endIndex ? text.index(after: end) : end
                addRule(prelude, block, fileName: fileName, line: preludeLine, blockLine: blockLine)
                prelude = ""
                preludeStarted = false
            case ";" where prelude.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("@"):
                // A statement at-rule (`@import …;`): nothing for cues.
                warnings.append(
                    "\(fileName):\(preludeLine): `\(prelude.trimmingCharacters(in: .whitespacesAndNewlines))` is not applied: a WebVTT style sheet's rules are `::cue` rules."
                )
                prelude = ""
                preludeStarted = false
            default:
                // The rule's line is that of its first character that is not a space.
                if !character.isWhitespace, !preludeStarted {
                    preludeLine = line
                    preludeStarted = true
                }
                if character == "\n" { line += 1 }
                prelude.append(character)
            }
        }
    }

    private mutating func addRule(_ prelude: String, _ block: Substring, fileName: String, line: Int, blockLine: Int) {
        let selectorText = prelude.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !selectorText.hasPrefix("@") else {
            warnings.append(
                "\(fileName):\(line): `\(selectorText)` is not applied: a WebVTT style sheet's rules are `::cue` rules."
            )
            return
        }
        var selectors: [CueSelector] = []
        for part in Self.split(selectorText, at: ",") {
            guard let selector = Self.cueSelector(part.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                warnings.append(
                    "\(fileName):\(line): The rule for `\(selectorText)` is not applied: `\(part.trimmingCharacters(in: .whitespacesAndNewlines))` is not a selector MovieKit reads (`::cue`, or `::cue(…)` with tags, classes, `#id`, `[voice]`, `:lang()`, `:past` and `:future`)."
                )
                return
            }
            selectors.append(selector)
        }
        var normal = CueDeclarations()
        var important = CueDeclarations()
        var declarationLine = blockLine
        for declaration in Self.split(String(block), at: ";") {
            defer { declarationLine += declaration.filter { $0 == "\n" }.count }
            let text = declaration.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            let at = declarationLine + declaration.prefix { $0.isWhitespace }.filter { $0 == "\n" }.count
            guard let colon = text.firstIndex(of: ":") else {
                warnings.append(
                    "\(fileName):\(at): `\(text)` is not a declaration (`property: value`), so it is skipped.")
                continue
            }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            var value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            var isImportant = false
            if let bang = value.range(of: "!important", options: [.caseInsensitive, .backwards]),
                value[bang.upperBound...].allSatisfy(\.isWhitespace)
            {
                isImportant = true
                value = value[..<bang.lowerBound].trimmingCharacters(in: .whitespaces)
            }
            guard CueDeclarations.applied.contains(name) else {
                let known = CueDeclarations.applied.union(CueDeclarations.allowedButNotDrawn)
                let reason =
                    if CueDeclarations.allowedButNotDrawn.contains(name) {
                        "MovieKit does not draw it"
                    } else if let nearest = KeySuggestion.nearest(to: name, in: known.sorted()) {
                        "it is not a property of `::cue` rules (did you mean `\(nearest)`?)"
                    } else {
                        "WebVTT allows only text, colour, background, font and outline properties in `::cue` rules"
                    }
                warnings.append("\(fileName):\(at): `\(name)` is not applied: \(reason).")
                continue
            }
            let accepted = isImportant ? important.set(name, to: value) : normal.set(name, to: value)
            if !accepted {
                let nearestColour =
                    name.contains("color") || name == "background"
                    ? KeySuggestion.nearest(to: value, in: CSSColor.names.map(\.name)).map {
                        " (did you mean `\($0)`?)"
                    }
                    : nil
                warnings.append(
                    "\(fileName):\(at): `\(name): \(value)` is not applied: MovieKit cannot read that value\(nearestColour ?? ""), so the property keeps its value from other rules."
                )
            }
        }
        for selector in selectors {
            for (declarations, isImportant) in [(normal, false), (important, true)] where !declarations.isEmpty {
                rules.append(
                    Rule(selector: selector, declarations: declarations, important: isImportant, order: rules.count))
            }
        }
        // Kept in cascade order, so that drawing a cue only picks the rules that match.
        rules.sort {
            ($0.important ? 1 : 0, $0.selector.specificity, $0.order) < (
                $1.important ? 1 : 0, $1.selector.specificity, $1.order
            )
        }
    }

    /// `::cue` or `::cue(argument)`; `nil` for any other selector.
    private static func cueSelector(_ text: String) -> CueSelector? {
        guard text.lowercased().hasPrefix("::cue") else { return nil }
        let rest = text.dropFirst(5).trimmingCharacters(in: .whitespaces)
        if rest.isEmpty { return .cue }
        guard rest.hasPrefix("("), rest.hasSuffix(")") else { return nil }
        return CueSelector.parse(rest.dropFirst().dropLast())
    }

    /// The text of a block from after its `{` to its matching `}` (or the end), and where the `}` is.
    private static func block(in text: String, from start: String.Index) -> (Substring, String.Index) {
        var depth = 0
        var quote: Character?
        var index = start
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "{" {
                depth += 1
            } else if character == "}" {
                if depth == 0 { return (text[start..<index], index) }
                depth -= 1
            }
            index = text.index(after: index)
        }
        return (text[start...], text.endIndex)
    }

    /// `text` split at `separator` where it is outside parentheses, brackets and quotes.
    static func split(_ text: String, at separator: Character) -> [String] {
        split(text) { $0 == separator }
    }

    /// `text` split at each character `isSeparator` accepts outside parentheses, brackets and quotes.
    static func split(_ text: String, where isSeparator: (Character) -> Bool) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "(" || character == "[" || character == "{" {
                depth += 1
            } else if character == ")" || character == "]" || character == "}" {
                depth -= 1
            } else if depth == 0, isSeparator(character) {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// CSS with each `/* … */` comment replaced by the line ends it held, so lines keep their numbers.
    private static func withoutComments(_ css: String) -> String {
        var result = ""
        var rest = css[...]
        while let start = rest.range(of: "/*") {
            result += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let end = after.range(of: "*/") else {
                result += String(repeating: "\n", count: after.filter { $0 == "\n" }.count)
                return result
            }
            result += " " + String(repeating: "\n", count: after[..<end.lowerBound].filter { $0 == "\n" }.count)
            rest = after[end.upperBound...]
        }
        return result + rest
    }
}
