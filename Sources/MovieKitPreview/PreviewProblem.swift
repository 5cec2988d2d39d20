import Foundation
import MovieKitScene

/// Why the input could not be read, as the page shows it: the file, the line and column when the
/// reader knows them, and the full message.
struct PreviewProblem: Codable, Sendable, Equatable {
    var file: String?
    var line: Int?
    var column: Int?
    var message: String

    init(file: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The problem an error describes; scene errors give their place in the file.
    init(_ error: any Error) {
        let error = (error as? PreviewLoadError)?.underlying ?? error
        self.init(message: "\(error)")
        guard error is SceneError else { return }
        // Every case of SceneError names its file as `file` (or `path` when it has no position) and
        // its place as `line` and `column`; reading the labels keeps working as cases are added.
        guard let payload = Mirror(reflecting: error).children.first?.value else { return }
        var values: [String: Any] = [:]
        for child in Mirror(reflecting: payload).children {
            if let label = child.label { values[label] = child.value }
        }
        file = (values["file"] as? String) ?? (values["line"] == nil ? values["path"] as? String : nil)
        line = values["line"] as? Int
        column = values["column"] as? Int
    }
}
