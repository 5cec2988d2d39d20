import Foundation
import MovieKitScene

/// What a submitted document may read: files under the server's asset folder, named by relative
/// paths; no absolute path, no `..`, no symbolic link that leads out of the folder, no `file://`
/// URL, and no remote URL unless the server allows them.
///
/// The check runs over every string of the document, with the request's variables filled in, before
/// the document is read: a document is refused before any of its files is opened, so that it cannot
/// learn anything of a file outside the folder (not even, through an error message, a line of it).
struct AssetPolicy: Sendable {
    /// The asset folder, with its symbolic links resolved.
    let folder: URL
    /// Whether `http` and `https` URLs may be named.
    let allowsRemoteFiles: Bool

    init(folder: URL, allowsRemoteFiles: Bool = false) {
        self.folder = folder.resolvingSymlinksInPath().standardizedFileURL
        self.allowsRemoteFiles = allowsRemoteFiles
    }

    /// Why `text` may not appear in a document, or `nil` when it may: text that names nothing
    /// (a title) and relative paths that stay inside the folder pass.
    /// - Parameter keyPath: Where the text is, for the message.
    func refusal(of text: String, at keyPath: String) -> String? {
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
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard scheme.count >= 2, let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return scheme.lowercased()
    }

    /// The first refusal among the strings of a JSON value (keys included), filled with `variables`.
    func refusal(ofJSON value: Any, variables: [String: String], keyPath: String = "") -> String? {
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
}
