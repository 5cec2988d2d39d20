import Foundation

/// `${name}` template variables in scene files.
///
/// A scalar may contain `${name}` anywhere: `"Hello, ${who}"`, `${duration}`. Names are letters,
/// digits, `_`, `-` and `.`. `$${` writes a literal `${`. Numbers may come from variables too: the
/// text after filling in is read as the number the key expects.
public enum TemplateVariables {
    /// Fills in `${name}` in `text`.
    /// - Parameters:
    ///   - text: The text as written.
    ///   - variables: The values by name.
    ///   - unset: The error to throw for a name that has no value.
    /// - Returns: The text after filling in, and whether any variable was filled in.
    static func substitute(
        in text: String, variables: [String: String], unset: (String) -> SceneError
    ) throws -> (text: String, substituted: Bool) {
        try fill(text) { name in
            guard let value = variables[name] else { throw unset(name) }
            return value
        }
    }

    /// `text` with each `${name}` that `variables` has a value for filled in, and `$${` written as
    /// `${`; a name without a value is left as written. For checking what a template would become
    /// before its document is read (a render service looks for file paths in it).
    public static func filled(_ text: String, variables: [String: String]) -> String {
        fill(text) { variables[$0] }.text
    }

    /// The one filling-in loop: `value` gives a name's value, `nil` to leave `${name}` as written.
    private static func fill(
        _ text: String, value: (String) throws -> String?
    ) rethrows -> (text: String, substituted: Bool) {
        guard text.contains("${") else { return (text, false) }
        var result = ""
        var substituted = false
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            if rest[..<start.lowerBound].hasSuffix("$") {
                result += rest[..<rest.index(before: start.lowerBound)] + "${"
                rest = rest[start.upperBound...]
                continue
            }
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            let name = String(rest[start.upperBound..<end])
            guard isValidName(name) else { break }
            guard let filled = try value(name) else {
                result += rest[..<rest.index(after: end)]
                rest = rest[rest.index(after: end)...]
                continue
            }
            result += rest[..<start.lowerBound] + filled
            substituted = true
            rest = rest[rest.index(after: end)...]
        }
        result += rest
        return (result, substituted)
    }

    /// The names of the `${name}` variables `text` uses, in the order they first appear; `$${`
    /// (a literal `${`) names none. For a batch, to tell which columns of a data file a template reads.
    public static func names(in text: String) -> [String] {
        var result: [String] = []
        var seen: Set<String> = []
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            defer { rest = rest[start.upperBound...] }
            if rest[..<start.lowerBound].hasSuffix("$") { continue }
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            let name = String(rest[start.upperBound..<end])
            if isValidName(name), seen.insert(name).inserted { result.append(name) }
        }
        return result
    }

    /// Whether `name` can be a variable name: letters, digits, `_`, `-` and `.`, not empty.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }

    /// Reads a properties file: a JSON object whose values are strings, numbers or booleans.
    /// - Throws: `SceneError.unreadableFile` or `.invalidProperties`.
    public static func properties(contentsOf url: URL) throws -> [String: String] {
        let path = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw SceneError.unreadableFile(path: path, reason: "the file does not exist or is not readable")
        }
        let root: SceneNode
        do {
            root = try NestingLimit.parseJSON(data, file: path)
        } catch let error as SceneError {
            throw SceneError.invalidProperties(path: path, reason: "it is not valid JSON (\(error.description))")
        }
        guard case .mapping(let entries) = root.value else {
            throw SceneError.invalidProperties(
                path: path, reason: "it must be a JSON object such as {\"title\": \"Hello\", \"seconds\": 4}")
        }
        var result: [String: String] = [:]
        for entry in entries {
            guard isValidName(entry.key) else {
                throw SceneError.invalidProperties(
                    path: path,
                    reason: "the key \"\(entry.key)\" is not a variable name; use letters, digits, _, - and .")
            }
            guard case .scalar(let text, _) = entry.value.value, !entry.value.isNull else {
                throw SceneError.invalidProperties(
                    path: path, reason: "the value of \"\(entry.key)\" must be a string, number or boolean")
            }
            result[entry.key] = text
        }
        return result
    }
}
