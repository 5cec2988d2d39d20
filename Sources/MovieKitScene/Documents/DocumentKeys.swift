import Foundation

/// The top-level keys of a YAML or JSON document, which tell formats that share an extension apart.
enum DocumentKeys {
    /// The keys of the document's top-level mapping, or `nil` when the file cannot be read or
    /// parsed, or is not a mapping: then the format's own reader reports the problem.
    static func topLevelKeys(of url: URL) -> Set<String>? {
        guard let data = try? MediaFiles.contents(of: url), let text = String(data: data, encoding: .utf8) else {
            return nil
        }
        let root: SceneNode?
        switch url.pathExtension.lowercased() {
        case "json": root = try? NestingLimit.parseJSON(data, file: url.path)
        default: root = try? YAMLNodeParser.parse(text, file: url.path)
        }
        guard case .mapping(let entries) = root?.value else { return nil }
        return Set(entries.map(\.key))
    }
}
