import Foundation
import MovieKitScene

/// Every error about a Lottie file (Bodymovin JSON, dotLottie or Telegram sticker). Each
/// description is a full sentence that names the file, the key path in the JSON
/// (`layers[3].shapes[1].ks.k[2].s`) where there is one, what is wrong and what to do.
public enum LottieError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The JSON is malformed.
    case syntax(file: String, problem: String)
    /// A value has the wrong type or is missing where the format needs it.
    case invalidValue(file: String, path: String, problem: String)
    /// A container (dotLottie ZIP, gzip) is malformed or too large.
    case invalidContainer(file: String, problem: String)
    /// `LottieContent.Options.animationID` names an animation the dotLottie does not have.
    case unknownAnimation(file: String, id: String, available: [String])
    /// `LottieContent.Options.segment` names a marker the animation does not have.
    case unknownMarker(file: String, name: String, available: [String])
    /// A feature is not supported and `LottieContent.Options.strict` asked for unsupported features to fail
    /// the render.
    case unsupportedFeature(file: String, warning: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "Could not read the Lottie file \(path): \(reason)."
        case .syntax(let file, let problem):
            return "\(file): the Lottie JSON is malformed: \(problem). Check the file with a JSON validator."
        case .invalidValue(let file, let path, let problem):
            let place = path.isEmpty ? "the top level" : "`\(path)`"
            return "\(file): \(place) \(problem)."
        case .invalidContainer(let file, let problem):
            return "\(file): \(problem)."
        case .unknownAnimation(let file, let id, let available):
            return "\(file) has no animation `\(id)`; choose one of \(Self.list(available))."
        case .unknownMarker(let file, let name, let available):
            let advice =
                available.isEmpty
                ? "the animation has no markers, so render it whole" : "choose one of \(Self.list(available))"
            return "\(file) has no marker `\(name)`; \(advice)."
        case .unsupportedFeature(let file, let warning):
            return "\(file): \(warning) Render without strict checking to use the static value and continue."
        }
    }

    /// "`a`, `b`", the names as the file writes them.
    public static func list(_ names: [String]) -> String {
        names.map { "`\($0)`" }.joined(separator: ", ")
    }

    /// Turns Foundation's `DecodingError` into a message naming the key path in the file.
    static func decoding(_ error: DecodingError, file: String) -> LottieError {
        switch error {
        case .typeMismatch(let type, let context):
            return .invalidValue(
                file: file, path: keyPath(context.codingPath),
                problem: "is not \(typeName(type)): \(clause(context.debugDescription))")
        case .valueNotFound(let type, let context):
            return .invalidValue(
                file: file, path: keyPath(context.codingPath),
                problem: "is null but must be \(typeName(type))")
        case .keyNotFound(let key, let context):
            let path = keyPath(context.codingPath)
            return .invalidValue(
                file: file, path: path,
                problem: "has no `\(key.stringValue)`, which the Lottie format requires; add it")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let reason = (context.underlyingError as NSError?)?.localizedDescription ?? context.debugDescription
                return .syntax(file: file, problem: reason)
            }
            return .invalidValue(
                file: file, path: keyPath(context.codingPath), problem: clause(context.debugDescription))
        @unknown default:
            return .syntax(file: file, problem: "\(error)")
        }
    }

    /// `layers[3].shapes[1].ks.k[2].s` for a coding path.
    static func keyPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    /// Foundation's sentence without its final full stop, to go inside one of ours.
    private static func clause(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is [Any].Type: "a list"
        default: "the expected type"
        }
    }
}
