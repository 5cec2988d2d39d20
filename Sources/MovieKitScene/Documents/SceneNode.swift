/// A parsed YAML, JSON or JSON5 document as a plain tree that remembers, where it can, where each
/// value was written.
///
/// All formats become this one tree, so one reader checks them all with the same messages.
/// YAML nodes (read by Yams) have a line and column; JSON and JSON5 nodes (read by Foundation's
/// `JSONDecoder`, which reports no positions for values) have neither, and messages about them
/// start with `file: ` instead of `file:line:column: `.
struct SceneNode: Sendable {
    /// One key and its value in a mapping.
    struct Entry: Sendable {
        var key: String
        /// The 1-based line of the key; `nil` when the parser reports no positions (JSON, JSON5).
        var line: Int?
        /// The 1-based column of the key; `nil` when the parser reports no positions.
        var column: Int?
        var value: SceneNode
    }

    enum Value: Sendable {
        /// A scalar as written; `quoted` scalars are always strings, plain ones may be numbers,
        /// booleans or null.
        case scalar(String, quoted: Bool)
        case mapping([Entry])
        case sequence([SceneNode])
    }

    var value: Value
    /// The 1-based line where the value starts; `nil` when the parser reports no positions (JSON, JSON5).
    var line: Int?
    /// The 1-based column where the value starts; `nil` when the parser reports no positions.
    var column: Int?

    /// Whether this is an explicit null (`null`, `~` or nothing).
    var isNull: Bool {
        if case .scalar(let text, quoted: false) = value { return text == "null" || text == "~" || text.isEmpty }
        return false
    }
}
