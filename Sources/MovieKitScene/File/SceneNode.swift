/// A parsed YAML or JSON document as a plain tree that remembers where each value was written.
///
/// Both formats become this one tree, so one reader checks both with the same messages.
struct SceneNode: Sendable {
    /// One key and its value in a mapping.
    struct Entry: Sendable {
        var key: String
        var line: Int
        var column: Int
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
    /// The 1-based line where the value starts.
    var line: Int
    /// The 1-based column where the value starts.
    var column: Int

    /// Whether this is an explicit null (`null`, `~` or nothing).
    var isNull: Bool {
        if case .scalar(let text, quoted: false) = value { return text == "null" || text == "~" || text.isEmpty }
        return false
    }
}
