import Foundation
import MovieKitCore

/// The command line's own advice for library errors whose fix is one of its flags, chosen from
/// the error's case, never by rewriting the library's sentence.
enum CommandLineWording {
    /// `error` as the command line reports it.
    static func error(for error: Error) -> Error {
        switch error {
        case MovieKitError.fileExists(let path):
            return fileExists(path)
        default:
            return error
        }
    }

    /// The failure for an output that exists when `-y` was not passed, the same on every command.
    static func fileExists(_ path: String) -> CommandFailure {
        CommandFailure("The file \(path) already exists; pass -y (--overwrite) to replace it, or choose another path.")
    }
}
