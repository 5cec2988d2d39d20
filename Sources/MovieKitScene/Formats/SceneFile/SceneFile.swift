import Foundation

/// Reads scenes from YAML or JSON files.
///
/// The file maps one-to-one onto `Scene`: a `canvas`, a list of `layers` and an optional
/// `audio` list (see the "Scene file reference" article). `${name}` in any value is filled from
/// `variables`. Every key and value is checked, and every image and audio file opened, before
/// anything is drawn; the first problem is thrown as a `SceneError` that names the file and key
/// path, and for YAML the line and column (Foundation's `JSONDecoder`, which reads JSON, reports
/// no positions for values).
public enum SceneFile {
    /// The formats scene files come in, chosen by extension.
    public enum Format: String, Sendable, CaseIterable {
        case yaml, json

        /// The format for a file extension: `.yaml` and `.yml` are YAML, `.json` is JSON.
        public init?(pathExtension: String) {
            switch pathExtension.lowercased() {
            case "yaml", "yml": self = .yaml
            case "json": self = .json
            default: return nil
            }
        }
    }

    /// Whether `url` names a scene file by its extension.
    public static func isSceneFile(_ url: URL) -> Bool { Format(pathExtension: url.pathExtension) != nil }

    /// Reads a scene file. Image and audio paths are relative to the file's folder.
    /// - Parameters:
    ///   - url: A `.yaml`, `.yml` or `.json` file.
    ///   - variables: Values for `${name}` template variables; they override the file's `variables:`.
    ///   - registry: The kinds whose layer types the file may use.
    /// - Throws: `SceneError`.
    public static func load(
        from url: URL, variables: [String: String] = [:], registry: ContentRegistry = .shared
    ) throws -> Scene {
        guard let format = Format(pathExtension: url.pathExtension) else {
            throw SceneError.unsupportedFileType(path: url.path)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw SceneError.unreadableFile(
                path: url.path,
                reason: exists ? "the file is not readable; check its permissions" : "no file exists at this path")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw SceneError.unreadableFile(path: url.path, reason: "the file is not UTF-8 text")
        }
        return try decode(
            text, format: format, fileName: url.path, baseURL: url.deletingLastPathComponent(), variables: variables,
            registry: registry)
    }

    /// Decodes a scene from text.
    /// - Parameters:
    ///   - text: The YAML or JSON document.
    ///   - format: Which of the two it is.
    ///   - fileName: The name used at the start of error messages.
    ///   - baseURL: The folder relative image paths are resolved against.
    ///   - variables: Values for `${name}` template variables.
    ///   - registry: The kinds whose layer types the scene may use.
    /// - Throws: `SceneError`.
    public static func decode(
        _ text: String, format: Format, fileName: String, baseURL: URL, variables: [String: String] = [:],
        registry: ContentRegistry = .shared
    ) throws -> Scene {
        let root =
            switch format {
            case .yaml: try YAMLNodeParser.parse(text, file: fileName)
            case .json: try NestingLimit.parseJSON(Data(text.utf8), file: fileName)
            }
        var context = ReadContext(fileName: fileName, baseURL: baseURL, variables: variables)
        context.registry = registry
        return try SceneFileDecoder.scene(NodeReader(node: root, path: "", context: context))
    }
}
