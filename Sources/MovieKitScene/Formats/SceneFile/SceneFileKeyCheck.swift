import Foundation

/// Every key of a scene file that the reader does not know, or that is set twice, found in one pass
/// over the parsed document with the reader's own key lists, so that `lint` reports them all at once
/// (the reader stops at the first).
enum SceneFileKeyCheck {
    /// The key problems of the scene file at `url`; empty when it does not parse (the reader says why).
    static func problems(in url: URL, registry: ContentRegistry) -> [SceneError] {
        guard let data = try? MediaFiles.contents(of: url), let text = String(data: data, encoding: .utf8) else {
            return []
        }
        let root: SceneNode?
        switch SceneFile.Format(pathExtension: url.pathExtension) {
        case .yaml: root = try? YAMLNodeParser.parse(text, file: url.path)
        case .json: root = try? NestingLimit.parseJSON(data, file: url.path)
        case nil: root = nil
        }
        guard let root else { return [] }
        var context = ReadContext(
            fileName: url.path, baseURL: url.deletingLastPathComponent(), variables: [:], registry: registry)
        context.expandsVariables = false
        var problems: [SceneError] = []
        let document = SceneFileDecoder.withoutSchemaKey(NodeReader(node: root, path: "", context: context))
        check(document, keys: SceneFileDecoder.topKeys, into: &problems)
        if let canvas = document.entry("canvas") { check(canvas, keys: SceneFileDecoder.canvasKeys, into: &problems) }
        for layer in document.entry("layers")?.items ?? [] { checkLayer(layer, into: &problems) }
        for sound in document.entry("audio")?.items ?? [] { check(sound, keys: AudioListReader.keys, into: &problems) }
        return problems
    }

    /// The keys of one layer, and of what it holds.
    private static func checkLayer(_ layer: NodeReader, into problems: inout [SceneError]) {
        guard case .scalar(let type, _)? = layer.entry("type")?.node.value else { return }
        let registry = layer.context.registry
        guard let declared = registry.sceneFileLayerTypes.first(where: { $0.name == type }) else { return }
        check(layer, keys: ["type"] + declared.keys + declared.commonKeys, into: &problems)
        if let animate = layer.entry("animate") {
            check(animate, keys: SceneFileDecoder.animatableKeys + (type == "text" ? ["text"] : []), into: &problems)
        }
        if let shadow = layer.entry("shadow") { check(shadow, keys: ["color", "offset", "blur"], into: &problems) }
        if type == "text", let outline = layer.entry("outline") {
            check(outline, keys: ["color", "width"], into: &problems)
        }
        if type == "group" {
            for child in layer.entry("layers")?.items ?? [] { checkLayer(child, into: &problems) }
        }
    }

    /// The keys of a mapping that are not among `keys` or come twice, as the reader words them; a
    /// value that is not a mapping is left to the reader.
    private static func check(_ reader: NodeReader, keys: [String], into problems: inout [SceneError]) {
        guard case .mapping(let entries) = reader.node.value else { return }
        var seen: Set<String> = []
        for entry in entries {
            let keyPath = reader.path.isEmpty ? entry.key : "\(reader.path).\(entry.key)"
            let location = SceneError.SourceLocation(
                file: reader.context.fileName, line: entry.line, column: entry.column, keyPath: keyPath)
            if !keys.contains(entry.key) {
                problems.append(
                    .unknownKey(
                        at: location, validKeys: keys, suggestion: KeySuggestion.nearest(to: entry.key, in: keys)))
            } else if !seen.insert(entry.key).inserted {
                problems.append(.invalidValue(at: location, value: "set twice", expected: "set once"))
            }
        }
    }
}

extension NodeReader {
    /// The value of `key` when this node is a mapping that has it.
    fileprivate func entry(_ key: String) -> NodeReader? {
        guard case .mapping(let entries) = node.value, let found = entries.first(where: { $0.key == key }) else {
            return nil
        }
        return child(key, found.value)
    }

    /// The elements when this node is a list.
    fileprivate var items: [NodeReader]? { try? sequence() }
}
