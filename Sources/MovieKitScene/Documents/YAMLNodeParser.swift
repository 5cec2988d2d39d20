import Foundation
import Yams

/// Parses YAML with Yams into a `SceneNode` tree, keeping each node's line and column.
enum YAMLNodeParser {
    /// - Throws: `SceneError.syntax` with the line and column libyaml reports, or where the
    ///   document nests too deep or its aliases expand it too far.
    static func parse(_ text: String, file: String) throws -> SceneNode {
        try NestingLimit.check(text, syntax: .yaml, file: file, format: "YAML")
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw syntaxError(error, file: file)
        }
        guard let node else { return SceneNode(value: .mapping([]), line: 1, column: 1) }
        // Aliases (`*name`) share the anchored node in Yams' tree but are copied here, so a few
        // lines of aliases of aliases could expand into billions of values. Without aliases a
        // document has fewer values than bytes, so this budget refuses only such expansions.
        var budget = Expansion(file: file, valuesLeft: max(100_000, text.utf8.count))
        return try convert(node, depth: 1, budget: &budget)
    }

    /// What converting may still produce: values, and the depth aliases can add to.
    private struct Expansion {
        let file: String
        var valuesLeft: Int

        mutating func spend(at line: Int, _ column: Int, depth: Int) throws {
            valuesLeft -= 1
            guard valuesLeft >= 0, depth <= NestingLimit.maximumDepth else {
                let problem =
                    valuesLeft < 0
                    ? "its aliases (`*name`) expand the document to too many values"
                    : "its aliases (`*name`) nest values more than \(NestingLimit.maximumDepth) levels deep"
                throw SceneError.syntax(
                    at: SceneError.SourceLocation(file: file, line: line, column: column), format: "YAML",
                    problem: problem)
            }
        }
    }

    private static func convert(_ node: Node, depth: Int, budget: inout Expansion) throws -> SceneNode {
        let line = node.mark?.line ?? 1
        let column = node.mark?.column ?? 1
        try budget.spend(at: line, column, depth: depth)
        switch node {
        case .scalar(let scalar):
            let quoted = scalar.style != .plain && scalar.style != .any
            return SceneNode(value: .scalar(scalar.string, quoted: quoted), line: line, column: column)
        case .mapping(let mapping):
            let entries = try mapping.map { pair in
                SceneNode.Entry(
                    key: pair.key.scalar?.string ?? "\(pair.key)", line: pair.key.mark?.line ?? line,
                    column: pair.key.mark?.column ?? column,
                    value: try convert(pair.value, depth: depth + 1, budget: &budget))
            }
            return SceneNode(value: .mapping(entries), line: line, column: column)
        case .sequence(let sequence):
            let items = try sequence.map { try convert($0, depth: depth + 1, budget: &budget) }
            return SceneNode(value: .sequence(items), line: line, column: column)
        }
    }

    private static func syntaxError(_ error: YamlError, file: String) -> SceneError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\($0.text), \(problem)" } ?? problem
            return .syntax(
                at: SceneError.SourceLocation(file: file, line: mark.line, column: mark.column), format: "YAML",
                problem: detail)
        case .reader(let problem, _, _, _):
            return .syntax(
                at: SceneError.SourceLocation(file: file, line: 1, column: 1), format: "YAML", problem: problem)
        default:
            return .syntax(
                at: SceneError.SourceLocation(file: file, line: 1, column: 1), format: "YAML", problem: "\(error)")
        }
    }
}
