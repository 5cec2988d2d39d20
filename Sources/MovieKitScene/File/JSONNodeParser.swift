import Foundation

/// Parses JSON (RFC 8259) or JSON5 into a `SceneNode` tree, keeping each value's line and column,
/// and reporting syntax errors with the line and column where parsing stopped.
///
/// JSON5 (json5.org, the format of editly's specs) adds to JSON: `//` and `/* */` comments,
/// unquoted identifier keys, single-quoted strings with more escapes and line continuations,
/// trailing commas, and numbers written `+1`, `.5`, `5.`, `0x1F`, `Infinity` or `NaN`. Hexadecimal
/// numbers are kept as their decimal value; every other number is kept as written.
struct JSONNodeParser {
    /// Which grammar to accept.
    enum Dialect: Sendable {
        case json, json5

        /// The format's name in messages.
        var name: String { self == .json ? "JSON" : "JSON5" }
    }

    private let scalars: [Unicode.Scalar]
    private let file: String
    private let dialect: Dialect
    private var index = 0
    private var line = 1
    private var column = 1
    /// How many objects and arrays enclose the current value.
    private var depth = 0

    /// The deepest nesting accepted, so that a hostile document cannot exhaust the stack.
    static let maximumDepth = 256

    private init(_ text: String, file: String, dialect: Dialect) {
        scalars = Array(text.unicodeScalars)
        self.file = file
        self.dialect = dialect
    }

    /// - Throws: `SceneError.syntax`.
    static func parse(_ text: String, file: String, dialect: Dialect = .json) throws -> SceneNode {
        var parser = JSONNodeParser(text, file: file, dialect: dialect)
        try parser.skipWhitespace()
        let node = try parser.parseValue()
        try parser.skipWhitespace()
        guard parser.index == parser.scalars.count else { throw parser.error("unexpected text after the end of the document") }
        return node
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    private var next: Unicode.Scalar? { index + 1 < scalars.count ? scalars[index + 1] : nil }
    private var json5: Bool { dialect == .json5 }

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

    private static func isJSON5Whitespace(_ scalar: Unicode.Scalar) -> Bool {
        ["\u{0B}", "\u{0C}", "\u{A0}", "\u{FEFF}", "\u{2028}", "\u{2029}"].contains(scalar) || scalar.properties.generalCategory == .spaceSeparator
    }

    /// Skips whitespace, and in JSON5 comments too.
    /// - Throws: `SceneError.syntax` for a block comment that is never closed.
    private mutating func skipWhitespace() throws {
        while let scalar = current {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || (json5 && Self.isJSON5Whitespace(scalar)) {
                advance()
            } else if json5, scalar == "/", next == "/" {
                while let character = current, character != "\n", character != "\r" { advance() }
            } else if json5, scalar == "/", next == "*" {
                let (startLine, startColumn) = (line, column)
                advance()
                advance()
                while current != nil, !(current == "*" && next == "/") { advance() }
                guard current != nil else {
                    throw SceneError.syntax(
                        file: file, line: startLine, column: startColumn, format: dialect.name, problem: "a /* comment is never closed with */")
                }
                advance()
                advance()
            } else {
                return
            }
        }
    }

    private func error(_ problem: String) -> SceneError {
        .syntax(file: file, line: line, column: column, format: dialect.name, problem: problem)
    }

    private func describeCurrent() -> String {
        current.map { "unexpected character '\(Character($0))'" } ?? "unexpected end of file"
    }

    private mutating func parseValue() throws -> SceneNode {
        let (startLine, startColumn) = (line, column)
        guard let scalar = current else { throw error("unexpected end of file; expected a value") }
        if json5, scalar == "+" || scalar == "." || scalar == "I" || scalar == "N" {
            return SceneNode(value: .scalar(try parseNumber(), quoted: false), line: startLine, column: startColumn)
        }
        switch scalar {
        case "{", "[":
            guard depth < Self.maximumDepth else { throw error("objects and arrays are nested more than \(Self.maximumDepth) deep") }
            depth += 1
            defer { depth -= 1 }
            return scalar == "{" ? try parseObject() : try parseArray()
        case "\"": return SceneNode(value: .scalar(try parseString(), quoted: true), line: startLine, column: startColumn)
        case "'" where json5: return SceneNode(value: .scalar(try parseString(), quoted: true), line: startLine, column: startColumn)
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
        try skipWhitespace()
        if current == "}" {
            advance()
            return SceneNode(value: .mapping([]), line: startLine, column: startColumn)
        }
        while true {
            try skipWhitespace()
            if json5, current == "}" {  // after a trailing comma
                advance()
                return SceneNode(value: .mapping(entries), line: startLine, column: startColumn)
            }
            let (keyLine, keyColumn) = (line, column)
            let key = try parseKey()
            try skipWhitespace()
            guard current == ":" else { throw error("\(describeCurrent()); expected ':' after the key \"\(key)\"") }
            advance()
            try skipWhitespace()
            let value = try parseValue()
            entries.append(SceneNode.Entry(key: key, line: keyLine, column: keyColumn, value: value))
            try skipWhitespace()
            if current == "," {
                advance()
                continue
            }
            guard current == "}" else { throw error("\(describeCurrent()); expected ',' or '}' in an object") }
            advance()
            return SceneNode(value: .mapping(entries), line: startLine, column: startColumn)
        }
    }

    /// A key: a string, or in JSON5 also a single-quoted string or an identifier.
    private mutating func parseKey() throws -> String {
        if current == "\"" || (json5 && current == "'") { return try parseString() }
        guard json5 else { throw error("\(describeCurrent()); expected a key in double quotes") }
        var key = String.UnicodeScalarView()
        while let scalar = current, Self.isIdentifierPart(scalar, first: key.isEmpty) {
            key.append(scalar)
            advance()
        }
        guard !key.isEmpty else { throw error("\(describeCurrent()); expected a key: a name or a string in quotes") }
        return String(key)
    }

    /// Whether `scalar` may appear in an ECMAScript identifier (digits not first).
    private static func isIdentifierPart(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        if scalar == "$" || scalar == "_" || scalar.properties.isAlphabetic { return true }
        return !first && (scalar.properties.numericType == .decimal || scalar == "\u{200C}" || scalar == "\u{200D}")
    }

    private mutating func parseArray() throws -> SceneNode {
        let (startLine, startColumn) = (line, column)
        advance()
        var items: [SceneNode] = []
        try skipWhitespace()
        if current == "]" {
            advance()
            return SceneNode(value: .sequence([]), line: startLine, column: startColumn)
        }
        while true {
            try skipWhitespace()
            if json5, current == "]" {  // after a trailing comma
                advance()
                return SceneNode(value: .sequence(items), line: startLine, column: startColumn)
            }
            items.append(try parseValue())
            try skipWhitespace()
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
        let quote = current ?? "\""
        advance()  // the opening quote
        var result = String.UnicodeScalarView()
        while let scalar = current {
            switch scalar {
            case quote:
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
                default:
                    guard json5 else { throw error("the escape \\\(Character(escaped)) is not valid in JSON") }
                    if let character = try json5Escape(escaped) { result.append(character) }
                }
            case "\n":
                throw error("a string runs past the end of the line; close it with '\(Character(quote))'")
            default:
                result.append(scalar)
                advance()
            }
        }
        throw error("unexpected end of file inside a string")
    }

    /// The character a JSON5-only escape stands for, or `nil` for a line continuation.
    private mutating func json5Escape(_ escaped: Unicode.Scalar) throws -> Unicode.Scalar? {
        switch escaped {
        case "'": return "'"
        case "v": return "\u{0B}"
        case "0":
            if let digit = current, ("0"..."9").contains(digit) { throw error("\\0 may not be followed by a digit") }
            return "\u{0}"
        case "1"..."9": throw error("the escape \\\(Character(escaped)) is not valid in JSON5")
        case "x":
            let value = try parseHex(digits: 2, escape: "\\x")
            return Unicode.Scalar(UInt8(value))
        case "\r":
            if current == "\n" { advance() }
            return nil
        case "\n", "\u{2028}", "\u{2029}": return nil
        default: return escaped
        }
    }

    private mutating func parseUnicodeEscape() throws -> Unicode.Scalar {
        let high = try parseHex(digits: 4, escape: "\\u")
        if (0xD800..<0xDC00).contains(high), current == "\\" {
            advance()
            guard current == "u" else { throw error("a UTF-16 surrogate escape is incomplete") }
            advance()
            let low = try parseHex(digits: 4, escape: "\\u")
            let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            if let scalar = Unicode.Scalar(combined) { return scalar }
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("\\u\(String(high, radix: 16)) is not a Unicode character") }
        return scalar
    }

    private mutating func parseHex(digits: Int, escape: String) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let scalar = current, let digit = UInt32(String(scalar), radix: 16) else {
                throw error(digits == 4 ? "\(escape) must be followed by four hex digits" : "\(escape) must be followed by two hex digits")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws -> String {
        let (startLine, startColumn) = (line, column)
        var text = ""
        let allowed = json5 ? "0123456789+-.eExXabcdefABCDEFInfinityNaN" : "0123456789+-.eE"
        while let scalar = current, allowed.unicodeScalars.contains(scalar) {
            text.unicodeScalars.append(scalar)
            advance()
        }
        if json5, let number = Self.json5Number(text) { return number }
        guard Self.isJSONNumber(text) else {
            throw SceneError.syntax(
                file: file, line: startLine, column: startColumn, format: dialect.name,
                problem: "\(text) is not a valid \(dialect.name) number")
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

    /// A JSON5 number as it is kept: hexadecimal in decimal, everything else as written; `nil`
    /// when `text` is not a JSON5 number.
    static func json5Number(_ text: String) -> String? {
        var rest = Substring(text)
        let sign = rest.first == "-" || rest.first == "+" ? String(rest.removeFirst()) : ""
        if rest == "Infinity" || rest == "NaN" { return sign + rest }
        if rest.hasPrefix("0x") || rest.hasPrefix("0X") {
            let digits = rest.dropFirst(2)
            guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit), let value = UInt64(digits, radix: 16) else { return nil }
            return (sign == "-" ? "-" : "") + String(value)
        }
        // Decimal: digits with an optional point on either side (`.5`, `5.`), then an exponent.
        let integer = rest.prefix { $0.isASCII && $0.isNumber }
        guard integer.count <= 1 || integer.first != "0" else { return nil }
        rest = rest.dropFirst(integer.count)
        var fraction = Substring()
        if rest.first == "." {
            fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(1 + fraction.count)
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix { $0.isASCII && $0.isNumber }
            guard !exponent.isEmpty else { return nil }
            rest = rest.dropFirst(exponent.count)
        }
        return rest.isEmpty ? text : nil
    }
}
