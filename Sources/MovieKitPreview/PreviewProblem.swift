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
        guard let location = (error as? SceneError)?.location else { return }
        file = location.file
        line = location.line
        column = location.column
    }
}
