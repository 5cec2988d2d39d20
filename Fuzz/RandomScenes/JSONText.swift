import Foundation

/// A JSON value written in a fixed key order, so that the same choices give the same scene file.
public indirect enum JSONText: Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSONText])
    case object([(String, JSONText)])

    /// The value as JSON text.
    public var text: String {
        var output = ""
        write(to: &output, indent: "")
        return output
    }

    private func write(to output: inout String, indent: String) {
        switch self {
        case .number(let value):
            // Whole numbers without ".0", so that integer keys (sides, points) read them as written.
            if value == value.rounded(), abs(value) < 1e15, value != 0 || value.sign == .plus {
                output += String(Int(value))
            } else {
                output += "\(value)"
            }
        case .string(let value):
            output += Self.quoted(value)
        case .bool(let value):
            output += value ? "true" : "false"
        case .array(let items):
            guard !items.isEmpty else {
                output += "[]"
                return
            }
            let inner = indent + "  "
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += inner
                item.write(to: &output, indent: inner)
                output += index + 1 < items.count ? ",\n" : "\n"
            }
            output += indent + "]"
        case .object(let entries):
            guard !entries.isEmpty else {
                output += "{}"
                return
            }
            let inner = indent + "  "
            output += "{\n"
            for (index, entry) in entries.enumerated() {
                output += inner + Self.quoted(entry.0) + ": "
                entry.1.write(to: &output, indent: inner)
                output += index + 1 < entries.count ? ",\n" : "\n"
            }
            output += indent + "}"
        }
    }

    private static func quoted(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

extension JSONText {
    /// A pair of numbers, `[a, b]`.
    static func pair(_ first: Double, _ second: Double) -> JSONText { .array([.number(first), .number(second)]) }
}
