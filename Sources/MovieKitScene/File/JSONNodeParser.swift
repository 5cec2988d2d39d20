import Foundation

/// Parses JSON (RFC 8259) into a `SceneNode` tree, keeping each value's line and column, and
/// reporting syntax errors with the line and column where parsing stopped.
struct JSONNodeParser {
    private let scalars: [Unicode.Scalar]
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1

    private init(_ text: String, file: String) {
        scalars = Array(text.unicodeScalars)
        self.file = file
    }

    /// - Throws: `SceneError.syntax`.
    static func parse(_ text: String, file: String) throws -> SceneNode {
        var parser = JSONNodeParser(text, file: file)
        parser.skipWhitespace()
        let node = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == parser.scalars.count else { throw parser.error("unexpected text after the end of the document") }
        return node
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        guard let scalar = current else { return }
        index += 1
        if scalar == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { advance() }
    }

    private func error(_ problem: String) -> SceneError {
        .syntax(file: file, line: line, column: column, format: "JSON", problem: problem)
    }

    private func describeCurrent() -> String {
        current.map { "unexpected character '\(Character($0))'" } ?? "unexpected end of file"
    }

    private mutating func parseValue() throws -> SceneNode {
        let (startLine, startColumn) = (line, column)
        guard let scalar = current else { throw error("unexpected end of file; expected a value") }
        switch scalar {
        case "{": return try parseObject()
        case "[": return try parseArray()
        case "\"": return SceneNode(value: .scalar(try parseString(), quoted: true), line: startLine, column: startColumn)
        case "-", "0"..."9": return SceneNode(value: .scalar(try parseNumber(), quoted: false), line: startLine, column: startColumn)
        default:
            for word in ["true", "false", "null"] where matches(word) {
                for _ in word.unicodeScalars { advance() }
                return SceneNode(value: .scalar(word, quoted: false), line: startLine, column: startColumn)
            }
            throw error("\(describeCurrent()); expected a value (an object, array, string, number, true, false or null)")
        }
    }

    private func matches(_ word: String) -> Bool {
        let wanted = Array(word.unicodeScalars)
        return index + wanted.count <= scalars.count && Array(scalars[index..<(index + wanted.count)]) == wanted
    }

    private mutating func parseObject() throws -> SceneNode {
        let (startLine, startColumn) = (line, column)
        advance()
        var entries: [SceneNode.Entry] = []
        skipWhitespace()
        if current == "}" {
            advance()
            return SceneNode(value: .mapping([]), line: startLine, column: startColumn)
        }
        while true {
            skipWhitespace()
            guard current == "\"" else { throw error("\(describeCurrent()); expected a key in double quotes") }
            let (keyLine, keyColumn) = (line, column)
            let key = try parseString()
            skipWhitespace()
            guard current == ":" else { throw error("\(describeCurrent()); expected ':' after the key \"\(key)\"") }
            advance()
            skipWhitespace()
            let value = try parseValue()
            entries.append(SceneNode.Entry(key: key, line: keyLine, column: keyColumn, value: value))
            skipWhitespace()
            if current == "," {
                advance()
                continue
            }
            guard current == "}" else { throw error("\(describeCurrent()); expected ',' or '}' in an object") }
            advance()
            return SceneNode(value: .mapping(entries), line: startLine, column: startColumn)
        }
    }

    private mutating func parseArray() throws -> SceneNode {
        let (startLine, startColumn) = (line, column)
        advance()
        var items: [SceneNode] = []
        skipWhitespace()
        if current == "]" {
            advance()
            return SceneNode(value: .sequence([]), line: startLine, column: startColumn)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            if current == "," {
                advance()
                continue
            }
            guard current == "]" else { throw error("\(describeCurrent()); expected ',' or ']' in an array") }
            advance()
            return SceneNode(value: .sequence(items), line: startLine, column: startColumn)
        }
    }

    private mutating func parseString() throws -> String {
        advance()  // the opening quote
        var result = String.UnicodeScalarView()
        while let scalar = current {
            switch scalar {
            case "\"":
                advance()
                return String(result)
            case "\\":
                advance()
                guard let escaped = current else { break }
                advance()
                switch escaped {
                case "\"", "\\", "/": result.append(escaped)
                case "b": result.append("\u{08}")
                case "f": result.append("\u{0C}")
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                case "u": result.append(try parseUnicodeEscape())
                default: throw error("the escape \\\(Character(escaped)) is not valid in JSON")
                }
            case "\n":
                throw error("a string runs past the end of the line; close it with '\"'")
            default:
                result.append(scalar)
                advance()
            }
        }
        throw error("unexpected end of file inside a string")
    }

    private mutating func parseUnicodeEscape() throws -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800..<0xDC00).contains(high), current == "\\" {
            advance()
            guard current == "u" else { throw error("a UTF-16 surrogate escape is incomplete") }
            advance()
            let low = try parseHex4()
            let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            if let scalar = Unicode.Scalar(combined) { return scalar }
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("\\u\(String(high, radix: 16)) is not a Unicode character") }
        return scalar
    }

    private mutating func parseHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = current, let digit = UInt32(String(scalar), radix: 16) else {
                throw error("\\u must be followed by four hex digits")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws -> String {
        let (startLine, startColumn) = (line, column)
        var text = ""
        while let scalar = current, "0123456789+-.eE".unicodeScalars.contains(scalar) {
            text.unicodeScalars.append(scalar)
            advance()
        }
        guard Self.isJSONNumber(text) else {
            throw SceneError.syntax(
                file: file, line: startLine, column: startColumn, format: "JSON", problem: "\(text) is not a valid JSON number")
        }
        return text
    }

    /// Whether `text` matches JSON's number grammar: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        let integer = rest.prefix { $0.isASCII && $0.isNumber }
        guard !integer.isEmpty, integer == "0" || integer.first != "0" else { return false }
        rest = rest.dropFirst(integer.count)
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix { $0.isASCII && $0.isNumber }
            guard !exponent.isEmpty else { return false }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty
    }
}
