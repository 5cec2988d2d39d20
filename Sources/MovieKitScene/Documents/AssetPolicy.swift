import Foundation

/// What a submitted document may read: files under the server's asset folder, named by relative
/// paths; no absolute path, no `..`, no symbolic link that leads out of the folder, no `file://`
/// URL, and no remote URL unless the server allows them.
///
/// The check runs over every string of the document, with the request's variables filled in, before
/// the document is read: a document is refused before any of its files is opened, so that it cannot
/// learn anything of a file outside the folder (not even, through an error message, a line of it).
/// The render service (`moviemake serve`) and the MCP server (`moviemake mcp`) read documents so.
public struct AssetPolicy: Sendable {
    /// The asset folder, with its symbolic links resolved.
    public let folder: URL
    /// Whether `http` and `https` URLs may be named.
    public let allowsRemoteFiles: Bool

    /// A policy for the asset folder `folder`.
    /// - Parameters:
    ///   - folder: The folder documents may read from.
    ///   - allowsRemoteFiles: Whether `http` and `https` URLs may be named. Default `false`.
    public init(folder: URL, allowsRemoteFiles: Bool = false) {
        self.folder = folder.resolvingSymlinksInPath().standardizedFileURL
        self.allowsRemoteFiles = allowsRemoteFiles
    }

    /// Why `text` may not appear in a document, or `nil` when it may: text that names nothing
    /// (a title) and relative paths that stay inside the folder pass.
    /// - Parameters:
    ///   - text: A string of a document, or a value for one of its variables.
    ///   - keyPath: Where the text is, for the message.
    public func refusal(of text: String, at keyPath: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let scheme = Self.scheme(of: trimmed) {
            switch scheme {
            case "data":
                return nil
            case "http", "https":
                return allowsRemoteFiles
                    ? nil
                    : "`\(keyPath)` names the remote file \(trimmed); this server reads only files in its asset folder, so upload the file there and name it by its relative path."
            default:
                return
                    "`\(keyPath)` is a \(scheme): URL; a document names files in the server's asset folder by relative paths, such as photos/a.jpg."
            }
        }
        if trimmed.hasPrefix("/") || trimmed.hasPrefix("~") {
            return
                "`\(keyPath)` is the absolute path \(trimmed); a document names files in the server's asset folder by relative paths, such as photos/a.jpg."
        }
        if trimmed.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            return
                "`\(keyPath)` (\(trimmed)) climbs out of its folder with ..; name files by their path inside the server's asset folder."
        }
        guard !trimmed.isEmpty, trimmed.count < 4096 else { return nil }
        // A relative path that exists must stay inside the folder once symbolic links are followed.
        let candidate = folder.appendingPathComponent(trimmed)
        guard FileManager.default.fileExists(atPath: candidate.path) else { return nil }
        let resolved = candidate.resolvingSymlinksInPath().standardizedFileURL.path
        let root = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        guard resolved == folder.path || resolved.hasPrefix(root) else {
            return
                "`\(keyPath)` (\(trimmed)) is a symbolic link that leads out of the server's asset folder; copy the file into the folder instead."
        }
        return nil
    }

    /// The URL scheme `text` starts with (lowercased), if it is a URL: letters, then letters, digits,
    /// `+`, `-` or `.`, then `:`, and more than one letter (so that `C:` is not taken for one).
    public static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard scheme.count >= 2, let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return scheme.lowercased()
    }

    /// The first refusal among the strings of a JSON value (as `JSONSerialization` makes it; keys
    /// included), filled with `variables`.
    /// - Parameters:
    ///   - value: A string, array or dictionary; other values pass.
    ///   - variables: Values for `${name}` placeholders in the strings.
    ///   - keyPath: Where `value` is, for the message. Default: the document.
    public func refusal(ofJSON value: Any, variables: [String: String], keyPath: String = "") -> String? {
        switch value {
        case let text as String:
            return refusal(
                of: TemplateVariables.filled(text, variables: variables), at: keyPath.isEmpty ? "the document" : keyPath
            )
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                if let refusal = refusal(ofJSON: element, variables: variables, keyPath: "\(keyPath)[\(index)]") {
                    return refusal
                }
            }
            return nil
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                let path = keyPath.isEmpty ? key : "\(keyPath).\(key)"
                if let value = object[key], let refusal = refusal(ofJSON: value, variables: variables, keyPath: path) {
                    return refusal
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// Writes a document given as bytes into a work folder of its own, beside links to the asset
    /// folder's entries, so that its relative paths name files in the asset folder as they would
    /// beside it; check it with ``refusal(ofJSON:variables:keyPath:)`` first.
    /// - Parameters:
    ///   - data: The document.
    ///   - fileExtension: The extension it is read by, such as `json`, `json5` or `yaml`.
    ///   - work: The work folder: made (replacing one there), and the caller's to remove.
    /// - Returns: The document's file in `work`.
    /// - Throws: The file system's error when the folder, a link or the file cannot be made.
    public func stage(_ data: Data, fileExtension: String, in work: URL) throws -> URL {
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where !entry.hasPrefix(".document") {
            try FileManager.default.createSymbolicLink(
                at: work.appendingPathComponent(entry), withDestinationURL: folder.appendingPathComponent(entry))
        }
        let url = work.appendingPathComponent(".document.\(fileExtension)")
        try data.write(to: url)
        return url
    }

    /// The first refusal among the strings of a document given as bytes, parsed as the readers parse
    /// it (JSON5, which JSON is, or YAML), filled with `variables` and the document's own `variables:`
    /// defaults; `nil` when every string passes, or when the bytes do not parse (the reader then says
    /// where).
    public func refusal(ofDocument data: Data, variables: [String: String]) -> String? {
        let root: SceneNode
        if let json = try? NestingLimit.parseJSON(data, file: "document", dialect: .json5) {
            root = json
        } else if let text = String(data: data, encoding: .utf8),
            let yaml = try? YAMLNodeParser.parse(text, file: "document")
        {
            root = yaml
        } else {
            return nil
        }
        var filled: [String: String] = [:]
        if case .mapping(let entries) = root.value, let defaults = entries.first(where: { $0.key == "variables" }),
            case .mapping(let names) = defaults.value.value
        {
            for name in names { if case .scalar(let text, _) = name.value.value { filled[name.key] = text } }
        }
        filled.merge(variables) { _, given in given }
        return refusal(ofNode: root, variables: filled, keyPath: "")
    }

    private func refusal(ofNode node: SceneNode, variables: [String: String], keyPath: String) -> String? {
        switch node.value {
        case .scalar(let text, _):
            return refusal(
                of: TemplateVariables.filled(text, variables: variables), at: keyPath.isEmpty ? "the document" : keyPath
            )
        case .sequence(let elements):
            for (index, element) in elements.enumerated() {
                if let refusal = refusal(ofNode: element, variables: variables, keyPath: "\(keyPath)[\(index)]") {
                    return refusal
                }
            }
            return nil
        case .mapping(let entries):
            for entry in entries {
                let path = keyPath.isEmpty ? entry.key : "\(keyPath).\(entry.key)"
                if let refusal = refusal(ofNode: entry.value, variables: variables, keyPath: path) { return refusal }
            }
            return nil
        }
    }
}
