import Foundation
import MovieKitScene

/// The document a batch fills once per row: its text (for the fingerprint that tells an output is
/// up to date) and the `${name}` variables it uses.
public struct BatchTemplate: Sendable {
    /// The template file.
    public let url: URL
    /// The file's text as read (empty for a binary format such as `.lottie`).
    public let text: String
    /// The `${name}` variables the template uses, in order of first appearance.
    public let variables: [String]

    /// Reads a template.
    /// - Throws: `BatchError.unreadableData` when the file cannot be read.
    public init(contentsOf url: URL) throws {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BatchError.unreadableData(path: url.path, reason: "the template does not exist or is not readable")
        }
        self.url = url
        text = String(data: data, encoding: .utf8) ?? ""
        variables = TemplateVariables.names(in: text)
    }

    /// The data's columns that fill no variable of the template and no placeholder of `pattern`.
    public func unusedColumns(of data: BatchData, pattern: OutputPattern) -> [String] {
        data.columns.filter { !variables.contains($0) && !pattern.placeholders.contains($0) }
    }

    /// The variables of `row`: `fixed` (a command's `--set`), with the row's values winning.
    public func variables(for row: BatchRow, fixed: [String: String] = [:]) -> [String: String] {
        fixed.merging(row.values) { _, value in value }
    }

    /// Reads the template filled with `row`'s values, checked completely (every file it names
    /// opened), with any error turned into one that names the row and the column at fault.
    /// - Parameters:
    ///   - row: The row.
    ///   - dataPath: The data file's path, for messages.
    ///   - fixed: Variables every row gets unless it sets them itself.
    ///   - load: Reads the template with the row's variables (default `SceneDocument.load`).
    /// - Throws: `BatchError.invalidRow`.
    public func document(
        for row: BatchRow, dataPath: String, fixed: [String: String] = [:],
        load: (URL, [String: String]) throws -> SceneDocument = {
            try SceneDocument.load(contentsOf: $0, variables: $1)
        }
    ) throws -> SceneDocument {
        do {
            return try load(url, variables(for: row, fixed: fixed))
        } catch let SceneError.unsetVariable(location, name) {
            throw BatchError.invalidRow(
                path: dataPath, row: row.number, line: row.line, column: name,
                reason:
                    "\(location): \(location.keyPath.map { "`\($0)`" } ?? "the template") uses ${\(name)}, which this row does not set and the template gives no default under `variables:`; add a `\(name)` column (or key), or a default in the template."
            )
        } catch {
            throw BatchError.invalidRow(
                path: dataPath, row: row.number, line: row.line, column: column(blamedFor: error, row: row),
                reason: "\(error)")
        }
    }

    /// The column whose value most likely caused `error`: one whose value the message quotes (a
    /// colour, a photo's path), preferring a variable the template uses on the line the error points
    /// at. An error that quotes no value of the row is the template's own, and blames no column.
    func column(blamedFor error: Error, row: BatchRow) -> String? {
        let message = "\(error)"
        let quoted = row.values.filter { !$0.value.isEmpty && message.contains($0.value) }
        guard !quoted.isEmpty else { return nil }
        if let location = (error as? SceneError)?.location, let line = location.line {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.indices.contains(line - 1),
                let name = TemplateVariables.names(in: String(lines[line - 1])).first(where: { quoted[$0] != nil })
            {
                return name
            }
        }
        return quoted.max { ($0.value.count, $1.key) < ($1.value.count, $0.key) }?.key
    }
}
