import Foundation
import MCP
import MovieKitCore

/// A tool call's arguments, read with messages that name the argument and say what it takes.
struct MCPArguments: Sendable {
    let values: [String: Value]

    /// The names the `preset` argument takes, fastest first.
    static let presetNames = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"
    ]

    /// Refuses arguments the tool does not take, naming the ones it does.
    func refuseUnknown(allowed: [String]) throws {
        for name in values.keys.sorted() where !allowed.contains(name) {
            throw MCPToolError(
                "`\(name)` is not an argument of this tool; it takes \(allowed.sorted().map { "`\($0)`" }.joined(separator: ", "))."
            )
        }
    }

    func string(_ name: String) throws -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw MCPToolError("`\(name)` must be a string.") }
        return text
    }

    func bool(_ name: String) throws -> Bool? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw MCPToolError("`\(name)` must be true or false.") }
        return flag
    }

    /// A whole number in `range`; a double with no fraction counts, as JSON clients send them.
    func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = values[name], !value.isNull else { return nil }
        let number = value.intValue ?? value.doubleValue.flatMap { $0.rounded() == $0 && abs($0) < 1e9 ? Int($0) : nil }
        guard let number, range.contains(number) else {
            throw MCPToolError(
                "`\(name)` is \(value); it must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return number
    }

    /// A finite number in `range`.
    func double(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let number = value.doubleValue ?? value.intValue.map(Double.init), range.contains(number) else {
            throw MCPToolError(
                "`\(name)` is \(value); it must be a number from \(range.lowerBound) to \(range.upperBound).")
        }
        return number
    }

    /// The `variables` object: names to strings (numbers and booleans are taken as written).
    func variables() throws -> [String: String] {
        guard let value = values["variables"], !value.isNull else { return [:] }
        guard let object = value.objectValue else {
            throw MCPToolError("`variables` must be an object of names to strings, such as {\"title\": \"Hello\"}.")
        }
        var result: [String: String] = [:]
        for (name, entry) in object {
            switch entry {
            case .string(let text): result[name] = text
            case .int(let number): result[name] = String(number)
            case .double(let number): result[name] = String(number)
            case .bool(let flag): result[name] = String(flag)
            default: throw MCPToolError("`variables.\(name)` must be a string.")
            }
        }
        return result
    }

    func preset() throws -> Preset? {
        guard let name = try string("preset") else { return nil }
        guard let preset = Preset(rawValue: name) else {
            throw MCPToolError("`preset` is \"\(name)\"; use one of \(Self.presetNames.joined(separator: ", ")).")
        }
        return preset
    }
}

/// A tool call that cannot be carried out, with the sentence the assistant reads (`isError`).
struct MCPToolError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
