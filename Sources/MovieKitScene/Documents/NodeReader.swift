import Foundation

/// What every reader of one file shares: the file's name for messages, the folder that relative
/// paths start from, and the template variables.
struct ReadContext {
    /// The file as the user named it, used at the start of every message.
    let fileName: String
    /// The folder relative image paths are resolved against.
    let baseURL: URL
    /// Template variables for `${name}`.
    var variables: [String: String]
    /// Whether `${name}` in values is filled in; formats that have no template variables (editly
    /// specs) keep such text as written.
    var expandsVariables = true
    /// The downloader for http(s) URLs, when the document allows remote files; `nil` refuses them.
    var remoteFiles: RemoteFiles? = nil
    /// The setting that allows remote files in this format (`allowRemoteRequests: true`), for the
    /// message that refuses them; `nil` for formats that never download.
    var remoteSetting: String? = nil
    /// The registry the document is read through: the layer types of timed content a scene file's
    /// layers may have, and the kinds' reading options.
    var registry: ContentRegistry = .shared
}

/// Reads one node of a scene file with its key path, so every error names where it is.
struct NodeReader {
    let node: SceneNode
    /// The key path from the document root, such as `layers[2].animate.opacity[1]`.
    let path: String
    let context: ReadContext

    func child(_ key: String, _ node: SceneNode) -> NodeReader {
        NodeReader(node: node, path: path.isEmpty ? key : "\(path).\(key)", context: context)
    }

    // MARK: - Errors

    /// A wrong-type error at this node.
    func wrongType(_ expected: String) -> SceneError {
        .wrongType(
            at: location, found: found,
            expected: expected)
    }

    /// An out-of-range or unusable value at this node.
    func invalid(_ value: String, expected: String) -> SceneError {
        .invalidValue(
            at: location, value: value,
            expected: expected)
    }

    var displayPath: String { path.isEmpty ? "the document" : path }

    /// Where this node is, for errors about it.
    var location: SceneError.SourceLocation {
        SceneError.SourceLocation(file: context.fileName, line: node.line, column: node.column, keyPath: displayPath)
    }

    /// Where one of this mapping's keys is, for errors about the key itself.
    func location(of entry: SceneNode.Entry, keyPath: String) -> SceneError.SourceLocation {
        SceneError.SourceLocation(file: context.fileName, line: entry.line, column: entry.column, keyPath: keyPath)
    }

    /// How the value looks, for messages: `a string ("big")`, `the number 3`, `a list of 2 items`.
    var found: String {
        switch node.value {
        case .scalar(let text, let quoted):
            if quoted { return "a string (\"\(text)\")" }
            if node.isNull { return "empty" }
            if text == "true" || text == "false" { return text }
            if Double(text) != nil { return "the number \(text)" }
            return "a string (\"\(text)\")"
        case .mapping: return "a mapping"
        case .sequence(let items): return items.count == 1 ? "a list of 1 item" : "a list of \(items.count) items"
        }
    }

    // MARK: - Containers

    /// This node as a mapping whose keys must all be in `keys`.
    /// - Throws: `.wrongType` when it is not a mapping; `.unknownKey` for the first key not in
    ///   `keys`, suggesting the nearest valid one; `.invalidValue` for a repeated key.
    func mapping(keys: [String], expected: String = "a mapping") throws -> MappingReader {
        guard case .mapping(let entries) = node.value else { throw wrongType(expected) }
        var seen: Set<String> = []
        for entry in entries {
            let keyPath = path.isEmpty ? entry.key : "\(path).\(entry.key)"
            guard keys.contains(entry.key) else {
                throw SceneError.unknownKey(
                    at: SceneError.SourceLocation(
                        file: context.fileName, line: entry.line, column: entry.column, keyPath: keyPath),
                    validKeys: keys,
                    suggestion: KeySuggestion.nearest(to: entry.key, in: keys))
            }
            guard seen.insert(entry.key).inserted else {
                throw SceneError.invalidValue(
                    at: SceneError.SourceLocation(
                        file: context.fileName, line: entry.line, column: entry.column, keyPath: keyPath),
                    value: "set twice",
                    expected: "set once")
            }
        }
        return MappingReader(reader: self, entries: entries)
    }

    /// This node as a list.
    func sequence(expected: String = "a list") throws -> [NodeReader] {
        guard case .sequence(let items) = node.value else { throw wrongType(expected) }
        return items.enumerated().map { index, item in
            NodeReader(node: item, path: "\(path)[\(index)]", context: context)
        }
    }

    var isMapping: Bool { if case .mapping = node.value { true } else { false } }
    var isSequence: Bool { if case .sequence = node.value { true } else { false } }

    // MARK: - Scalars

    /// The scalar's text with `${name}` variables filled in.
    /// - Returns: The text, whether it was quoted, and whether a variable was filled in.
    func scalar(expected: String) throws -> (text: String, quoted: Bool, substituted: Bool) {
        guard case .scalar(let raw, let quoted) = node.value else { throw wrongType(expected) }
        guard context.expandsVariables else { return (raw, quoted, false) }
        let result = try TemplateVariables.substitute(in: raw, variables: context.variables) { name in
            SceneError.unsetVariable(
                at: location, name: name)
        }
        return (result.text, quoted, result.substituted)
    }

    /// A string. Plain YAML scalars such as `42` are accepted as their text.
    func string(expected: String = "a string") throws -> String {
        let value = try scalar(expected: expected)
        if !value.quoted, node.isNull { throw wrongType(expected) }
        return value.text
    }

    /// A finite number, optionally within `range`. A string is accepted when a variable filled it.
    func double(_ range: ClosedRange<Double>? = nil, expected: String = "a number") throws -> Double {
        let value = try scalar(expected: expected)
        let trimmed = value.text.trimmingCharacters(in: .whitespaces)
        guard !value.quoted || value.substituted, let number = Double(trimmed), number.isFinite else {
            if value.substituted {
                throw invalid("\"\(value.text)\" after filling in its variables", expected: expected)
            }
            throw wrongType(expected)
        }
        if let range, !range.contains(number) { throw invalid(SceneError.number(number), expected: expected) }
        return number
    }

    /// A whole number, optionally within `range`.
    func int(_ range: ClosedRange<Int>? = nil, expected: String = "a whole number") throws -> Int {
        let number = try double(expected: expected)
        guard number == number.rounded(), abs(number) < 1e15 else {
            throw invalid(SceneError.number(number), expected: expected)
        }
        let whole = Int(number)
        if let range, !range.contains(whole) { throw invalid(String(whole), expected: expected) }
        return whole
    }

    /// `true` or `false`.
    func bool() throws -> Bool {
        let value = try scalar(expected: "true or false")
        switch value.text {
        case "true" where !value.quoted || value.substituted: return true
        case "false" where !value.quoted || value.substituted: return false
        default: throw wrongType("true or false")
        }
    }

    /// One of a fixed set of names.
    func choice<T>(_ options: [(name: String, value: T)], what: String) throws -> T {
        let names = options.map(\.name)
        let expected = "\(what): one of \(SceneError.list(names))"
        let text = try string(expected: expected)
        guard let match = options.first(where: { $0.name == text }) else {
            let hint = KeySuggestion.nearest(to: text, in: names).map { " (did you mean `\($0)`?)" } ?? ""
            throw invalid("\"\(text)\"\(hint)", expected: expected)
        }
        return match.value
    }
}

/// The entries of one mapping, read by key.
struct MappingReader {
    let reader: NodeReader
    let entries: [SceneNode.Entry]

    /// The value of `key`, or `nil` when it is absent or null.
    func optional(_ key: String) -> NodeReader? {
        guard let entry = entries.first(where: { $0.key == key }), !entry.value.isNull else { return nil }
        return reader.child(key, entry.value)
    }

    /// Whether `key` is present (even as null).
    func contains(_ key: String) -> Bool { entries.contains { $0.key == key } }

    /// The value of `key`.
    /// - Throws: `.missingKey`, saying what to add.
    func required(_ key: String, expected: String) throws -> NodeReader {
        guard let value = optional(key) else {
            throw SceneError.missingKey(
                at: reader.location, key: key, expected: expected)
        }
        return value
    }
}
