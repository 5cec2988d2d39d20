import Foundation

/// One problem of a document, where it is and, when there is one, the change that fixes it: what
/// `moviemake lint` prints and the MCP server's `lint` tool returns. Its JSON form (`Codable`) is
/// stable: `{severity, message, file, line, column, keyPath, fix}`.
public struct DocumentProblem: Sendable, Hashable, Codable {
    /// How bad the problem is.
    public enum Severity: String, Sendable, Hashable, Codable {
        /// The document does not render.
        case error
        /// The document renders, perhaps not as meant.
        case warning
    }

    /// How bad it is.
    public var severity: Severity
    /// The whole sentence, starting with `file:line:column:` where the position is known.
    public var message: String
    /// The document, as it was named.
    public var file: String
    /// The 1-based line, where the parser reports positions (YAML; not JSON).
    public var line: Int?
    /// The 1-based column.
    public var column: Int?
    /// Where the problem is in the document, such as `layers[2].animate.opacity`.
    public var keyPath: String?
    /// The one change that fixes it, when the reader knows it (the nearest valid key).
    public var fix: String?

    private enum CodingKeys: String, CodingKey {
        case severity, message, file, line, column, keyPath, fix
    }

    /// Writes every key, `null` where nothing is known, so that the form does not change shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(keyPath, forKey: .keyPath)
        try container.encode(fix, forKey: .fix)
    }

    /// A problem from a reader's error.
    public init(_ error: SceneError, severity: Severity = .error) {
        self.severity = severity
        message = error.description
        let location = error.location
        file = location?.file ?? ""
        line = location?.line
        column = location?.column
        keyPath = location?.keyPath
        if case .unknownKey(_, _, let suggestion?) = error { fix = "Use `\(suggestion)`." }
    }
}

extension ContentRegistry {
    /// Every problem of the document at `url` that can be found in one reading: for a scene file,
    /// each key the reader does not know (on the top level, the canvas, every layer, its `animate`,
    /// `shadow` and `outline`, and every sound), each set twice, then the reader's first other problem
    /// (a wrong type, a value out of range, a missing file). For other formats, the reader's first
    /// problem. An empty list means the document reads, so it renders.
    /// - Parameters:
    ///   - url: The document.
    ///   - variables: Values for its `${name}` template variables.
    /// - Returns: The problems, in the order of the document.
    public func problems(in url: URL, variables: [String: String] = [:]) -> [DocumentProblem] {
        var problems: [DocumentProblem] = []
        if let format = try? format(of: url), format.name == SceneFormat.sceneFile.name {
            problems = SceneFileKeyCheck.problems(in: url, registry: self).map { DocumentProblem($0) }
        }
        do {
            _ = try load(contentsOf: url, variables: variables)
        } catch let error as SceneError {
            let problem = DocumentProblem(error)
            if !problems.contains(where: { $0.keyPath == problem.keyPath && $0.line == problem.line }) {
                problems.append(problem)
            }
        } catch {
            problems.append(
                DocumentProblem(SceneError.unreadableFile(path: url.path, reason: "\(error)")))
        }
        // By position; problems without one (JSON has none) keep the order they were found in.
        return problems.enumerated().sorted {
            ($0.element.line ?? Int.max, $0.element.column ?? 0, $0.offset)
                < ($1.element.line ?? Int.max, $1.element.column ?? 0, $1.offset)
        }.map(\.element)
    }
}
