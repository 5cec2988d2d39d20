import Foundation

/// Reads JSON (RFC 8259) or JSON5 (json5.org, the format of editly's specs) into a `SceneNode`
/// tree with Foundation's `JSONDecoder`, `allowsJSON5` set for JSON5.
///
/// How the tree is built:
/// - Positions: Foundation reports none for values, so the nodes and keys have no line or
///   column, and messages about them start with `file: `. A syntax error has a position only
///   when Foundation gives one: for JSON, `JSONSerialization`'s "around character N" (a 0-based
///   UTF-8 offset, turned into a line and column here); for a string Foundation cannot read, the
///   line and column in the error it throws. `JSONDecoder` alone says only "The given data was
///   not valid JSON." (with `allowsJSON5` too), so most JSON5 syntax errors have no position.
/// - Key order: Foundation's keyed container lists keys in no fixed order (it is a
///   dictionary), so keys are sorted, and the first of several problems is the same on every
///   run. No reader depends on the order keys are written in: keys are looked up by name, and
///   the mappings read whole (`variables:`, editly's `defaults`) become dictionaries.
/// - Repeated keys: Foundation keeps only the first, so "set twice" is reported for YAML only.
/// - Numbers are kept as text. One that is a whole number within `Int` (or `UInt64`) is kept as
///   integer text: `30` for `30`, `30.0` and `3e1`, and `31` for JSON5's `0x1F`. Any other is
///   Swift's shortest description of the `Double` (`0.5` for JSON5's `.5`, `1e+20`), and JSON5's
///   `Infinity`, `-Infinity` and `NaN` are kept as those words. Readers parse them all with
///   `Double(_:)`.
/// - Strings are quoted scalars, so `"30"` stays a string.
enum JSONNodeDecoder {
    /// Which grammar to accept.
    enum Dialect: Sendable {
        case json, json5

        /// The format's name in messages.
        var name: String { self == .json ? "JSON" : "JSON5" }
    }

    /// - Throws: `SceneError.syntax` for malformed JSON (for JSON5, first a number its grammar
    ///   does not allow: `JSON5NumberCheck`), `.invalidValue` for a number Foundation reads but
    ///   cannot convert.
    static func parse(_ data: Data, file: String, dialect: Dialect = .json) throws -> SceneNode {
        if dialect == .json5 { try JSON5NumberCheck.check(String(decoding: data, as: UTF8.self), file: file) }
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = dialect == .json5
        // Foundation's JSON5 reader converts a number with `strtod`, which reads on until a byte
        // that cannot continue the number. For a number that ends the document, that is past the
        // end of the buffer: when the bytes after it happen to be digits, the lengths disagree and
        // Foundation stops the process (found by fuzzing). A final line break ends every number.
        let input = dialect == .json5 ? data + Data("\n".utf8) : data
        do {
            return try decoder.decode(DecodedNode.self, from: input).node
        } catch DecodingError.dataCorrupted(let context) {
            throw error(context, data: data, file: file, dialect: dialect)
        } catch let error as DecodingError {
            // JSONDecoder throws only `.dataCorrupted` for bad documents; anything else is described as it is.
            throw SceneError.syntax(
                at: SceneError.SourceLocation(file: file), format: dialect.name, problem: "Foundation reports \(error)")
        } catch {
            // Foundation's own JSONError, for a key it cannot read; it carries a line and column.
            let (line, column) = Self.position(in: "\(error)")
            throw SceneError.syntax(
                at: SceneError.SourceLocation(file: file, line: line, column: column), format: dialect.name,
                problem: "Foundation reports \(Self.brief(error))")
        }
    }

    /// The `SceneError` for a `.dataCorrupted` error: a node this file's tree refused, or a
    /// syntax error in the whole document.
    private static func error(_ context: DecodingError.Context, data: Data, file: String, dialect: Dialect)
        -> SceneError
    {
        let path = keyPath(context.codingPath)
        if context.debugDescription == DecodedNode.unreadableNumber {
            return .invalidValue(
                at: SceneError.SourceLocation(file: file, keyPath: path.isEmpty ? "the document" : path),
                value: dialect == .json
                    ? "a number Foundation cannot convert (written like 01 or 1., or out of range like 1e400)"
                    : "a number Foundation cannot convert (out of range like 1e400, or hexadecimal beyond 64 bits)",
                expected: "a number written like 12, -0.5 or 1e3\(dialect == .json5 ? " (or 0x1F in JSON5)" : "")")
        }
        if let underlying = context.underlyingError {
            let (line, column) = Self.position(in: "\(underlying)")
            return .syntax(
                at: SceneError.SourceLocation(file: file, line: line, column: column), format: dialect.name,
                problem:
                    "the string at `\(path.isEmpty ? "the document" : path)` cannot be read: Foundation reports \(Self.brief(underlying))"
            )
        }
        // The document as a whole: JSONDecoder gives no detail, but for JSON, JSONSerialization says where.
        let said = "Foundation says only \"\(Self.withoutFinalPeriod(context.debugDescription))\""
        guard dialect == .json, let detail = serializationDetail(data) else {
            return .syntax(at: SceneError.SourceLocation(file: file), format: dialect.name, problem: said)
        }
        let sentence = withoutFinalPeriod(detail)
        guard let offset = characterOffset(in: detail) else {
            return .syntax(
                at: SceneError.SourceLocation(file: file), format: dialect.name,
                problem: "Foundation reports \"\(sentence)\"")
        }
        let (line, column) = lineAndColumn(ofByte: offset, in: data)
        return .syntax(
            at: SceneError.SourceLocation(file: file, line: line, column: column), format: dialect.name,
            problem: "Foundation reports \"\(sentence)\"")
    }

    /// `layers[2].animate.opacity` for a coding path.
    static func keyPath(_ codingPath: [any CodingKey]) -> String {
        codingPath.reduce(into: "") { path, key in
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
    }

    /// What `JSONSerialization` says about plain JSON that `JSONDecoder` refused, such as
    /// `Invalid value around character 21.`; `nil` when it says nothing.
    static func serializationDetail(_ data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        }
    }

    /// Foundation's sentence without its final period, to quote inside ours.
    static func withoutFinalPeriod(_ sentence: String) -> String {
        sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

    /// N in "around character N".
    static func characterOffset(in detail: String) -> Int? {
        guard let marker = detail.range(of: "around character ") else { return nil }
        return Int(detail[marker.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }

    /// The 1-based line and column (in characters) of the byte at `offset`, counting newlines.
    static func lineAndColumn(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        let bytes = Array(data.prefix(max(0, offset)))
        let newline = UInt8(ascii: "\n")
        let line = 1 + bytes.count { $0 == newline }
        let lineStart = (bytes.lastIndex(of: newline) ?? -1) + 1
        return (line, String(decoding: bytes[lineStart...], as: UTF8.self).count + 1)
    }

    /// The `line: L, column: C` in the description of Foundation's `JSONError`, if it has one.
    static func position(in description: String) -> (line: Int?, column: Int?) {
        func number(after label: String) -> Int? {
            guard let range = description.range(of: label) else { return nil }
            return Int(description[range.upperBound...].prefix { $0.isASCII && $0.isNumber })
        }
        guard let line = number(after: "line: "), let column = number(after: "column: ") else { return (nil, nil) }
        return (line, column)
    }

    /// Foundation's error without its module prefix and source location, which the message
    /// shows at its start: `unexpectedEscapedCharacter(ascii: 118)`.
    static func brief(_ error: any Error) -> String {
        var text = "\(error)".replacingOccurrences(of: "FoundationEssentials.JSONError.", with: "")
        if let location = text.range(of: ", location: ") { text = text[..<location.lowerBound] + ")" }
        return text
    }
}

/// One JSON value decoded through Foundation's `Decoder` API into a `SceneNode`.
private struct DecodedNode: Decodable {
    let node: SceneNode

    /// The `debugDescription` that marks a number Foundation reads but cannot convert.
    static let unreadableNumber = "MovieKitScene: a number that is not an Int, UInt64 or Double"

    /// Any key of an object.
    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        // Null first: asking a null for a container throws `.valueNotFound`.
        if try decoder.singleValueContainer().decodeNil() {
            node = SceneNode(value: .scalar("null", quoted: false), line: nil, column: nil)
        } else if let object = try Self.object(decoder) {
            let entries = try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                SceneNode.Entry(
                    key: key.stringValue, line: nil, column: nil,
                    value: try object.decode(DecodedNode.self, forKey: key).node)
            }
            node = SceneNode(value: .mapping(entries), line: nil, column: nil)
        } else if var array = try Self.array(decoder) {
            var items: [SceneNode] = []
            while !array.isAtEnd { items.append(try array.decode(DecodedNode.self).node) }
            node = SceneNode(value: .sequence(items), line: nil, column: nil)
        } else {
            node = SceneNode(value: try Self.scalar(decoder), line: nil, column: nil)
        }
    }

    /// The value as an object, or `nil` when it is not one.
    private static func object(_ decoder: any Decoder) throws -> KeyedDecodingContainer<AnyKey>? {
        do {
            return try decoder.container(keyedBy: AnyKey.self)
        } catch DecodingError.typeMismatch {
            return nil
        }
    }

    /// The value as an array, or `nil` when it is not one.
    private static func array(_ decoder: any Decoder) throws -> (any UnkeyedDecodingContainer)? {
        do {
            return try decoder.unkeyedContainer()
        } catch DecodingError.typeMismatch {
            return nil
        }
    }

    private static func scalar(_ decoder: any Decoder) throws -> SceneNode.Value {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) { return .scalar(value ? "true" : "false", quoted: false) }
        if let value = try? container.decode(Int.self) { return .scalar(String(value), quoted: false) }
        if let value = try? container.decode(UInt64.self) { return .scalar(String(value), quoted: false) }
        if let value = try? container.decode(Double.self) { return .scalar(number(value), quoted: false) }
        do {
            return .scalar(try container.decode(String.self), quoted: true)
        } catch DecodingError.typeMismatch {
            // Not null, a boolean, a string, an object or an array: a number none of the types above can hold.
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: unreadableNumber))
        } catch let error as DecodingError {
            throw error
        } catch {
            // Foundation's JSONError for a string it cannot read, such as one with JSON5's \v escape.
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: "\(error)", underlyingError: error))
        }
    }

    /// A number that is not a whole `Int`, as text the readers parse with `Double(_:)`.
    private static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return "\(value)"
    }
}
