import Foundation
import MovieKitScene

/// A tool's document, given as text or as a file in the asset folder, checked against the asset
/// policy and read through the server's registry.
enum DocumentText {
    /// The formats a document given as text may be read as: the extension it is read by.
    static let formats = ["yaml", "json", "json5", "srt", "vtt", "ass"]

    /// How the caller named the document, so that messages name it so: its relative path, or
    /// `document` for text, with the server's own folders left out.
    struct Naming {
        var documentPath: String
        var shownAs: String
        var folders: [URL]

        func cleaned(_ message: String) -> String {
            var message = message.replacingOccurrences(of: documentPath, with: shownAs)
            for folder in folders { message = message.replacingOccurrences(of: folder.path + "/", with: "") }
            return message
        }

        func cleaned(_ problem: DocumentProblem) -> DocumentProblem {
            var problem = problem
            problem.message = cleaned(problem.message)
            problem.file = problem.file == documentPath ? shownAs : cleaned(problem.file)
            return problem
        }
    }

    /// The file of the document the arguments name, checked first against the asset policy, and how
    /// to name it: a file in the asset folder, or text written into a work folder of its own beside
    /// links to the asset folder's entries, removed after `body`.
    /// - Throws: `MCPToolError` for arguments that name no document or a refused one.
    static func withFile<T>(
        _ arguments: MCPArguments, policy: AssetPolicy,
        _ body: (_ url: URL, _ variables: [String: String], _ naming: Naming) throws -> T
    ) throws -> T {
        let variables = try arguments.variables()
        for (name, value) in variables.sorted(by: { $0.key < $1.key }) {
            if let refusal = policy.refusal(of: value, at: "variables.\(name)") { throw MCPToolError(refusal) }
        }
        switch (try arguments.string("document"), try arguments.string("path")) {
        case (.some, .some):
            throw MCPToolError("Both `document` and `path` were given; send the document's text or its path, not both.")
        case (nil, nil):
            throw MCPToolError(
                "No document was given; send its text as `document` (YAML or JSON) or a file in the asset folder as `path`."
            )
        case (nil, .some(let path)):
            let url = try file(path, in: policy)
            return try body(url, variables, Naming(documentPath: url.path, shownAs: path, folders: [policy.folder]))
        case (.some(let text), nil):
            let data = Data(text.utf8)
            let format =
                try arguments.string("format") ?? (text.drop { $0.isWhitespace }.first == "{" ? "json" : "yaml")
            guard formats.contains(format) else {
                throw MCPToolError("`format` is \"\(format)\"; use one of \(formats.joined(separator: ", ")).")
            }
            // The path rules are for documents that name files; subtitle files name none, and their cue
            // text is words, not paths.
            if ["yaml", "json", "json5"].contains(format),
                let refusal = policy.refusal(ofDocument: data, variables: variables)
            {
                throw MCPToolError(refusal)
            }
            let work = FileManager.default.temporaryDirectory.appendingPathComponent(
                "moviemake-mcp-\(UUID().uuidString)", isDirectory: true)
            defer { try? FileManager.default.removeItem(at: work) }
            let url: URL
            do {
                url = try policy.stage(data, fileExtension: format, in: work)
            } catch {
                throw MCPToolError("The server cannot write the document's work folder: \(error.localizedDescription).")
            }
            return try body(
                url, variables, Naming(documentPath: url.path, shownAs: "document", folders: [work, policy.folder]))
        }
    }

    /// Reads the document the arguments name (see ``withFile(_:policy:_:)``).
    /// - Throws: `MCPToolError` for arguments that name no document or a refused one, or for a
    ///   document that does not read (the reader's sentence, with its line, column and key path).
    static func withDocument<T>(
        _ arguments: MCPArguments, policy: AssetPolicy, registry: ContentRegistry,
        _ body: (SceneDocument) throws -> T
    ) throws -> T {
        try withFile(arguments, policy: policy) { url, variables, naming in
            do {
                return try body(try registry.load(contentsOf: url, variables: variables))
            } catch let error as SceneError {
                throw MCPToolError(naming.cleaned(error.description))
            }
        }
    }

    /// The file `path` names in the policy's folder.
    /// - Throws: `MCPToolError` for a path the policy refuses or a file that is not there.
    static func file(_ path: String, in policy: AssetPolicy, argument: String = "path") throws -> URL {
        if let refusal = policy.refusal(of: path, at: argument) { throw MCPToolError(refusal) }
        let url = policy.folder.appendingPathComponent(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
            throw MCPToolError(
                "No file \(path) is in the \(argument == "path" ? "asset" : argument) folder; name a file by its relative path."
            )
        }
        return url
    }
}
