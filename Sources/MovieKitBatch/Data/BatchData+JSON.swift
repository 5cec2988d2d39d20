import Foundation

extension BatchData {
    /// Reads a JSON array of objects; each object is a row, found at the line where it opens.
    static func jsonArray(_ text: String, url: URL) throws -> BatchData {
        let path = url.relativePath
        let root = try JSONCell.parse(text, path: path, line: nil)
        guard case .array(let array) = root else {
            throw BatchError.invalidData(
                path: path, line: 1,
                reason:
                    "a JSON data file must be an array of objects, such as [{\"name\": \"Ada\"}, {\"name\": \"Grace\"}]"
            )
        }
        let lines = elementLines(text)
        var builder = Builder(path: path)
        for (index, element) in array.enumerated() {
            let line = lines.indices.contains(index) ? lines[index] : 1
            try builder.add(element, number: index + 1, line: line)
        }
        return BatchData(url: url, columns: builder.columns, rows: builder.rows)
    }

    /// Reads JSON Lines: one object per line; blank lines are skipped and do not count as rows.
    static func jsonLines(_ text: String, url: URL) throws -> BatchData {
        let path = url.relativePath
        var builder = Builder(path: path)
        var number = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { continue }
            let element = try JSONCell.parse(trimmed, path: path, line: index + 1)
            number += 1
            try builder.add(element, number: number, line: index + 1)
        }
        return BatchData(url: url, columns: builder.columns, rows: builder.rows)
    }

    /// A JSON value as the data file wrote it: numbers keep their text.
    enum JSONCell: Decodable {
        case string(String)
        case number(String)
        case bool(Bool)
        case null
        case array([JSONCell])
        case object([String: JSONCell])

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int64.self) {
                self = .number(String(value))
            } else if let value = try? container.decode(Double.self) {
                self = .number("\(value)")
            } else if let value = try? container.decode([JSONCell].self) {
                self = .array(value)
            } else {
                self = .object(try container.decode([String: JSONCell].self))
            }
        }

        /// Parses `text`, or throws `BatchError.invalidData` with Foundation's reason.
        static func parse(_ text: String, path: String, line: Int?) throws -> JSONCell {
            do {
                return try JSONDecoder().decode(JSONCell.self, from: Data(text.utf8))
            } catch {
                let reason: String
                if case DecodingError.dataCorrupted(let context) = error {
                    reason =
                        (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
                        ?? context.debugDescription
                } else {
                    reason = "\(error)"
                }
                throw BatchError.invalidData(
                    path: path, line: line,
                    reason: line == nil
                        ? "it is not valid JSON (\(reason))"
                        : "the line is not a JSON object (\(reason)); write one object per line")
            }
        }
    }

    /// Collects rows and the columns in the order they first appear.
    private struct Builder {
        let path: String
        var columns: [String] = []
        var known: Set<String> = []
        var rows: [BatchRow] = []

        mutating func add(_ element: JSONCell, number: Int, line: Int) throws {
            guard case .object(let object) = element else {
                throw BatchError.invalidRow(
                    path: path, row: number, line: line, column: nil,
                    reason: "a row must be a JSON object of column names and values, such as {\"name\": \"Ada\"}.")
            }
            var values: [String: String] = [:]
            for key in object.keys.sorted() {
                switch object[key] {
                case .string(let text), .number(let text): values[key] = text
                case .bool(let value): values[key] = value ? "true" : "false"
                case .null, nil: continue
                case .array, .object:
                    throw BatchError.invalidRow(
                        path: path, row: number, line: line, column: key,
                        reason:
                            "the value is \(object[key].map { if case .array = $0 { "an array" } else { "an object" } } ?? "missing"), and a variable holds text, a number or a boolean; write it as one of those."
                    )
                }
                if known.insert(key).inserted { columns.append(key) }
            }
            rows.append(BatchRow(number: number, line: line, values: values))
        }
    }

    /// The 1-based line where each element of the top-level array opens, skipping strings.
    static func elementLines(_ text: String) -> [Int] {
        var result: [Int] = []
        var depth = 0
        var line = 1
        var inString = false
        var escaped = false
        var expectingElement = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            let isSpace = byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
            if expectingElement, !isSpace, byte != UInt8(ascii: "]") {
                result.append(line)
                expectingElement = false
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth == 1 { expectingElement = true }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            case UInt8(ascii: ","): if depth == 1 { expectingElement = true }
            default: break
            }
        }
        return result
    }
}
