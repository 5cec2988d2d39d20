import Foundation

/// A failure that is not the user's usage: printed as its sentence, and the tool exits with status 1.
struct CommandFailure: Error, CustomStringConvertible, LocalizedError {
    var description: String
    var errorDescription: String? { description }

    init(_ description: String) {
        self.description = description
    }
}
