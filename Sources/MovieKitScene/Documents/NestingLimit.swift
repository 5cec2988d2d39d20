import Foundation

/// The nesting limit for YAML, JSON and JSON5 documents, checked before they are parsed.
///
/// Yams' composer, the JSON parser and the readers recurse once per level, so a document of a few
/// kilobytes of `[` (or `- - - …`) would overflow the stack and crash the process instead of
/// being refused. No scene, manifest or spec needs more than a few dozen levels.
///
/// The check scans the text once and takes an upper bound of the depth: flow brackets (`[`, `{`)
/// outside quoted strings and comments, and for YAML also each line's indentation and the block
/// indicators (`- `, `? `, `: `) on it. It may overestimate (brackets inside plain scalars count),
/// never underestimates for a document the parsers accept, and is linear in the text.
enum NestingLimit {
    /// The deepest nesting a document may have.
    static let maximumDepth = 256

    /// The syntax the text is in: YAML, or JSON and JSON5 (which also have `//` and `/* */` comments).
    enum Syntax {
        case yaml, json
    }

    /// Throws when the text may nest deeper than `maximumDepth`.
    /// - Parameters:
    ///   - text: The document.
    ///   - syntax: Its syntax.
    ///   - file: The name used at the start of the error message.
    ///   - format: The format's name in the message: `YAML`, `JSON` or `JSON5`.
    /// - Throws: `SceneError.syntax` at the line and column where the limit is passed.
    static func check(_ text: String, syntax: Syntax, file: String, format: String) throws {
        var scanner = Scanner(bytes: Array(text.utf8), syntax: syntax)
        if let (line, column) = scanner.firstPositionTooDeep() {
            throw SceneError.syntax(
                at: SceneError.SourceLocation(file: file, line: line, column: column), format: format,
                problem: "values are nested more than \(maximumDepth) levels deep there, deeper than any document needs"
            )
        }
    }

    /// Parses JSON or JSON5 with `JSONNodeDecoder` (Foundation's `JSONDecoder`) once the text is
    /// known to nest within the limit: the tree it builds recurses once per level.
    /// - Throws: `SceneError.syntax`, or `JSONNodeDecoder`'s errors.
    static func parseJSON(_ data: Data, file: String, dialect: JSONNodeDecoder.Dialect = .json) throws -> SceneNode {
        try check(String(decoding: data, as: UTF8.self), syntax: .json, file: file, format: dialect.name)
        return try JSONNodeDecoder.parse(data, file: file, dialect: dialect)
    }

    /// One pass over the bytes, tracking an upper bound of the depth.
    private struct Scanner {
        let bytes: [UInt8]
        let syntax: Syntax
        var index = 0
        var line = 1
        var lineStart = 0
        /// Open `[` and `{` outside strings.
        var flowDepth = 0
        /// The current line's indentation, and the block indicators seen on it.
        var indent = 0
        var indicators = 0
        var atLineStart = true
        /// The last byte that was not a space or tab; a newline at the start of a line.
        var previous: UInt8 = UInt8(ascii: "\n")

        init(bytes: [UInt8], syntax: Syntax) {
            self.bytes = bytes
            self.syntax = syntax
        }

        /// The 1-based line and column where the bound first passes `maximumDepth`, or `nil`.
        mutating func firstPositionTooDeep() -> (Int, Int)? {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    startLine()
                    continue
                }
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                    if atLineStart { indent += 1 }
                    index += 1
                    continue
                }
                atLineStart = false
                if startsComment(at: index) {
                    skipComment()
                    continue
                }
                if (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) && startsString() {
                    skipString(quote: byte)
                    continue
                }
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "{"): flowDepth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): flowDepth = max(0, flowDepth - 1)
                case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
                    if syntax == .yaml && isFollowedBySpace(index) { indicators += 1 }
                default: break
                }
                previous = byte
                index += 1
                let depth = syntax == .yaml ? flowDepth + indent + indicators + 1 : flowDepth
                if depth > NestingLimit.maximumDepth { return (line, index - lineStart) }
            }
            return nil
        }

        private mutating func startLine() {
            index += 1
            line += 1
            lineStart = index
            indent = 0
            indicators = 0
            atLineStart = true
            previous = UInt8(ascii: "\n")
        }

        /// Whether the byte after `position` is a space, a tab, a line break or the end.
        private func isFollowedBySpace(_ position: Int) -> Bool {
            guard position + 1 < bytes.count else { return true }
            return [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(
                bytes[position + 1])
        }

        /// A quote starts a string in JSON anywhere, in YAML only where a scalar can start.
        private func startsString() -> Bool {
            guard syntax == .yaml else { return true }
            let starters = "\n[{,:-?".utf8
            return starters.contains(previous) || index == 0
                || [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[index - 1])
        }

        private func startsComment(at position: Int) -> Bool {
            switch syntax {
            case .yaml:
                return bytes[position] == UInt8(ascii: "#")
                    && (position == 0
                        || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n")].contains(bytes[position - 1]))
            case .json:
                guard bytes[position] == UInt8(ascii: "/"), position + 1 < bytes.count else { return false }
                return bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*")
            }
        }

        /// Skips a comment, leaving the index on the line break that ends a line comment.
        private mutating func skipComment() {
            let isBlock = syntax == .json && bytes[index + 1] == UInt8(ascii: "*")
            index += isBlock ? 2 : 1
            while index < bytes.count {
                if isBlock {
                    if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/")
                    {
                        index += 2
                        return
                    }
                    if bytes[index] == UInt8(ascii: "\n") { countLineInside() }
                } else if bytes[index] == UInt8(ascii: "\n") {
                    return
                }
                index += 1
            }
        }

        /// Skips a quoted string. In YAML a string is taken to end at its line's end, so that a quote
        /// inside a plain scalar cannot hide the brackets on later lines.
        private mutating func skipString(quote: UInt8) {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\n") {
                    if syntax == .yaml { return }
                    countLineInside()
                }
                index += 1
                if byte == quote {
                    previous = quote
                    return
                }
            }
        }

        /// A line break inside a comment or string: the next line's position, without a new indentation.
        private mutating func countLineInside() {
            line += 1
            lineStart = index + 1
        }
    }
}
