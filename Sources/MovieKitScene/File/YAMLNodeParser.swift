import Foundation
import Yams

/// Parses YAML with Yams into a `SceneNode` tree, keeping each node's line and column.
enum YAMLNodeParser {
    /// - Throws: `SceneError.syntax` with the line and column libyaml reports.
    static func parse(_ text: String, file: String) throws -> SceneNode {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, file: file)
        }
        guard let node else { return SceneNode(value: .mapping([]), line: 1, column: 1) }
        return convert(node)
    }

    private static func convert(_ node: Node) -> SceneNode {
        let line = node.mark?.line ?? 1
        let column = node.mark?.column ?? 1
        switch node {
        case .scalar(let scalar):
            let quoted = scalar.style != .plain && scalar.style != .any
            return SceneNode(value: .scalar(scalar.string, quoted: quoted), line: line, column: column)
        case .mapping(let mapping):
            let entries = mapping.map { pair in
                SceneNode.Entry(
                    key: pair.key.scalar?.string ?? "\(pair.key)", line: pair.key.mark?.line ?? line,
                    column: pair.key.mark?.column ?? column, value: convert(pair.value))
            }
            return SceneNode(value: .mapping(entries), line: line, column: column)
        case .sequence(let sequence):
            return SceneNode(value: .sequence(sequence.map(convert)), line: line, column: column)
        }
    }

    private static func syntaxError(_ error: YamlError, file: String) -> SceneError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\($0.text), \(problem)" } ?? problem
            return .syntax(file: file, line: mark.line, column: mark.column, format: "YAML", problem: detail)
        case .reader(let problem, _, _, _):
            return .syntax(file: file, line: 1, column: 1, format: "YAML", problem: problem)
        default:
            return .syntax(file: file, line: 1, column: 1, format: "YAML", problem: "\(error)")
        }
    }
}
