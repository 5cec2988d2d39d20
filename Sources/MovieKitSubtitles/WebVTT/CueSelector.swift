import Foundation

/// The argument of a `::cue(…)` selector, or the bare `::cue`, as WebVTT's CSS extensions
/// (https://w3c.github.io/webvtt/#css-extensions) match it against a cue's text: type selectors
/// name the cue text's tags (`b`, `i`, `u`, `c`, `v`, `lang`, `ruby`, `rt`), class selectors their
/// classes (`<c.loud>`), `[voice]` and `[voice="Ann"]` a `<v>` tag's speaker, `:lang(en)` the
/// language a `<lang>` tag sets, `#id` the cue whose identifier it is, and `:past` and `:future`
/// the text before and after the playback position in a cue with timestamps. Compound selectors
/// combine by descendant (space) and child (`>`) combinators.
struct CueSelector: Sendable, Hashable {
    /// One compound selector: everything it asks of one node.
    struct Compound: Sendable, Hashable {
        var type: String?
        var classes: [String] = []
        var id: String?
        /// `[name]` (value `nil`) or `[name="value"]`.
        var attributes: [Attribute] = []
        var language: String?
        var time: CueNode.Time?

        struct Attribute: Sendable, Hashable {
            var name: String
            var value: String?
        }

        /// Whether this compound asks nothing but a time (`:past`, `:future` or `*`), the only kind
        /// that matches text outside any tag.
        var matchesText: Bool { type == nil && classes.isEmpty && id == nil && attributes.isEmpty && language == nil }
    }

    enum Combinator: Sendable, Hashable {
        case descendant, child
    }

    /// The compounds, the outermost first.
    private(set) var parts: [Compound]
    /// What joins each compound to the next: one fewer than ``parts``.
    private(set) var combinators: [Combinator]

    /// The selector that matches the cue itself (`::cue` alone).
    static let cue = CueSelector(parts: [], combinators: [])

    /// CSS's specificity, as one number: ids, then classes, attributes and pseudo-classes, then types.
    var specificity: Int {
        parts.reduce(0) { total, part in
            total + (part.id == nil ? 0 : 10_000)
                + 100
                * (part.classes.count + part.attributes.count + (part.language == nil ? 0 : 1)
                    + (part.time == nil ? 0 : 1)) + (part.type == nil ? 0 : 1)
        }
    }

    /// What the selector has matched on the way down to a node, from which its child's is made in
    /// one step: matching is linear in the depth of the cue's tags, where trying every ancestor for
    /// each descendant combinator would be exponential in the number of compounds.
    struct State: Sendable, Hashable {
        /// For each compound, whether the compounds up to it match a chain that ends at this node.
        fileprivate var here: [Bool]
        /// For each compound, whether they match a chain that ends at this node or above it.
        fileprivate var hereOrAbove: [Bool]
        /// Whether the selector matches this node.
        var matches: Bool
    }

    /// The state at `node`, whose parent's state is `parent` (`nil` for the cue itself).
    func state(at node: CueNode, parent: State?) -> State {
        // The bare `::cue` matches the cue itself.
        guard !parts.isEmpty else { return State(here: [], hereOrAbove: [], matches: parent == nil) }
        var here = [Bool](repeating: false, count: parts.count)
        for index in parts.indices where node.matches(parts[index]) {
            guard index > 0 else {
                here[0] = true
                continue
            }
            guard let parent else { continue }
            here[index] =
                combinators[index - 1] == .child ? parent.here[index - 1] : parent.hereOrAbove[index - 1]
        }
        let hereOrAbove = parent.map { zip($0.hereOrAbove, here).map { $0 || $1 } } ?? here
        return State(here: here, hereOrAbove: hereOrAbove, matches: here[parts.count - 1])
    }

    /// Reads the text between `::cue(` and `)`; `nil` for a selector MovieKit does not read.
    static func parse(_ text: Substring) -> CueSelector? {
        var parts: [Compound] = []
        var combinators: [Combinator] = []
        var scanner = Scanner(text)
        var pendingChild = false
        while true {
            let hadSpace = scanner.skipSpaces()
            guard let character = scanner.peek else { break }
            if character == ">" {
                guard !parts.isEmpty, !pendingChild else { return nil }
                scanner.advance()
                pendingChild = true
                continue
            }
            if !parts.isEmpty {
                guard hadSpace || pendingChild else { return nil }
                combinators.append(pendingChild ? .child : .descendant)
            }
            pendingChild = false
            guard let compound = scanner.compound() else { return nil }
            parts.append(compound)
        }
        guard !parts.isEmpty, !pendingChild else { return nil }
        return CueSelector(parts: parts, combinators: combinators)
    }

    /// Reads selectors character by character.
    private struct Scanner {
        private let text: Substring
        private var index: Substring.Index

        init(_ text: Substring) {
            self.text = text
            index = text.startIndex
        }

        var peek: Character? { index < text.endIndex ? text[index] : nil }
        mutating func advance() { index = text.index(after: index) }

        mutating func skipSpaces() -> Bool {
            var skipped = false
            while let character = peek, character.isWhitespace {
                advance()
                skipped = true
            }
            return skipped
        }

        /// A CSS identifier, with backslash escapes (`#\31` is the id `1`).
        mutating func identifier() -> String? {
            var result = ""
            while let character = peek {
                if character == "\\" {
                    advance()
                    var hex = ""
                    while let digit = peek, digit.isHexDigit, hex.count < 6 {
                        hex.append(digit)
                        advance()
                    }
                    if !hex.isEmpty {
                        guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                        result.unicodeScalars.append(scalar)
                        if peek == " " { advance() }
                    } else if let escaped = peek {
                        result.append(escaped)
                        advance()
                    }
                } else if character.isLetter || character.isNumber || character == "-" || character == "_"
                    || !character.isASCII
                {
                    result.append(character)
                    advance()
                } else {
                    break
                }
            }
            return result.isEmpty ? nil : result
        }

        mutating func compound() -> Compound? {
            var compound = Compound()
            var read = false
            if peek == "*" {
                advance()
                read = true
            } else if let character = peek, character.isLetter {
                compound.type = identifier()?.lowercased()
                read = true
            }
            loop: while let character = peek {
                switch character {
                case ".":
                    advance()
                    guard let name = identifier() else { return nil }
                    compound.classes.append(name)
                case "#":
                    advance()
                    guard let name = identifier() else { return nil }
                    compound.id = name
                case "[":
                    advance()
                    guard let attribute = attribute() else { return nil }
                    compound.attributes.append(attribute)
                case ":":
                    advance()
                    guard let name = identifier()?.lowercased() else { return nil }
                    switch name {
                    case "past": compound.time = .past
                    case "future": compound.time = .future
                    case "lang":
                        guard peek == "(" else { return nil }
                        advance()
                        _ = skipSpaces()
                        guard let language = identifier() else { return nil }
                        _ = skipSpaces()
                        guard peek == ")" else { return nil }
                        advance()
                        compound.language = language.lowercased()
                    default: return nil
                    }
                default:
                    break loop
                }
                read = true
            }
            return read ? compound : nil
        }

        /// `[name]`, `[name=value]` or `[name="value"]`, after the `[`.
        mutating func attribute() -> Compound.Attribute? {
            _ = skipSpaces()
            guard let name = identifier()?.lowercased() else { return nil }
            _ = skipSpaces()
            if peek == "]" {
                advance()
                return Compound.Attribute(name: name)
            }
            guard peek == "=" else { return nil }
            advance()
            _ = skipSpaces()
            var value: String
            if let quote = peek, quote == "\"" || quote == "'" {
                advance()
                value = ""
                while let character = peek, character != quote {
                    value.append(character)
                    advance()
                }
                guard peek == quote else { return nil }
                advance()
            } else {
                guard let bare = identifier() else { return nil }
                value = bare
            }
            _ = skipSpaces()
            guard peek == "]" else { return nil }
            advance()
            return Compound.Attribute(name: name, value: value)
        }
    }
}

/// A node of a cue's text as selectors see it: the cue itself, a tag of its text, or the text
/// outside any tag.
struct CueNode: Sendable, Hashable {
    enum Time: Sendable, Hashable {
        case past, future
    }

    /// The tag's name (`b`, `c`, `v` …); `nil` for the cue itself or for text.
    var type: String?
    var classes: [String] = []
    /// The cue's identifier, on the cue's node only.
    var id: String?
    /// A `<v>` tag's speaker.
    var voice: String?
    /// The language in force (`<lang en>`), lowercased.
    var language: String?
    /// Before or after the playback position, in a cue with timestamps.
    var time: Time?
    var isText = false

    func matches(_ compound: CueSelector.Compound) -> Bool {
        if isText, !compound.matchesText { return false }
        if let type = compound.type, type != self.type { return false }
        if let id = compound.id, id != self.id { return false }
        if !compound.classes.allSatisfy(classes.contains) { return false }
        for attribute in compound.attributes {
            guard attribute.name == "voice", type == "v", let voice else { return false }
            if let value = attribute.value, value != voice { return false }
        }
        if let language = compound.language {
            // `:lang(en)` matches `en` and `en-GB`, as CSS matches it.
            guard let own = self.language, own == language || own.hasPrefix(language + "-") else { return false }
        }
        if let time = compound.time, time != self.time { return false }
        return true
    }
}
