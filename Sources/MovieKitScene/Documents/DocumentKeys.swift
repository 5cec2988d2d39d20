import Foundation

/// The top-level keys of a YAML or JSON document, which tell formats that share an extension apart.
enum DocumentKeys {
    /// The keys of the document's top-level mapping, or `nil` when the file cannot be read or
    /// parsed, or is not a mapping: then the format's own reader reports the problem.
    static func topLevelKeys(of url: URL) -> Set<String>? {
        guard let data = try? MediaFiles.contents(of: url) else { return nil }
        if ["json", "json5"].contains(url.pathExtension.lowercased()) {
            // Only the top level is decoded: a Lottie file's thousands of nested values are
            // scanned once by `JSONDecoder` (which limits their depth itself) but never built
            // into a tree, since its own reader decodes them again.
            if let keys = (try? JSONDecoder().decode(KeysOnly.self, from: data))?.keys { return keys }
            // editly reads `.json` as JSON5 too (comments, unquoted keys): strict JSON, the common
            // case and the quicker parse for a large Lottie file, first.
            let decoder = JSONDecoder()
            decoder.allowsJSON5 = true
            return (try? decoder.decode(KeysOnly.self, from: data + Data("\n".utf8)))?.keys
        }
        guard let text = String(data: data, encoding: .utf8),
            case .mapping(let entries) = (try? YAMLNodeParser.parse(text, file: url.path))?.value
        else { return nil }
        return Set(entries.map(\.key))
    }

    /// A JSON object's keys, without its values.
    private struct KeysOnly: Decodable {
        let keys: Set<String>

        init(from decoder: any Decoder) throws {
            keys = Set(try decoder.container(keyedBy: Key.self).allKeys.map(\.stringValue))
        }

        struct Key: CodingKey {
            let stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }
}
