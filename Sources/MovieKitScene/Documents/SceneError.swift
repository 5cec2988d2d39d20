import Foundation

/// Every error MovieKitScene throws about a scene file. Each description is a full sentence that
/// starts with `file:line:column:` where the problem is (or `file:` alone when the position is
/// unknown: Foundation's `JSONDecoder`, which reads JSON and JSON5, reports no positions for
/// values), names the key path in the file (`layers[2].animate.opacity[1].easing`), and says
/// what is expected.
///
/// `line` and `column` are 1-based, and `nil` when the parser reported no position.
public enum SceneError: Error, Equatable, CustomStringConvertible {
    /// The scene file (or a properties file) could not be read.
    case unreadableFile(path: String, reason: String)
    /// The scene file's extension is not `.yaml`, `.yml` or `.json`.
    case unsupportedFileType(path: String)
    /// The YAML, JSON or JSON5 is malformed.
    case syntax(file: String, line: Int?, column: Int?, format: String, problem: String)
    /// A key that the schema does not have. `suggestion` is the nearest valid key, if one is close.
    case unknownKey(file: String, line: Int?, column: Int?, path: String, validKeys: [String], suggestion: String?)
    /// A required key is missing.
    case missingKey(file: String, line: Int?, column: Int?, path: String, key: String, expected: String)
    /// A value of the wrong type: `found` describes it, `expected` says what is needed.
    case wrongType(file: String, line: Int?, column: Int?, path: String, found: String, expected: String)
    /// A value of the right type but out of range or otherwise unusable.
    case invalidValue(file: String, line: Int?, column: Int?, path: String, value: String, expected: String)
    /// A keyframe's time is earlier than the keyframe before it.
    case keyframesOutOfOrder(file: String, line: Int?, column: Int?, path: String, time: Double, previous: Double)
    /// An image file named by the scene cannot be loaded.
    case missingImage(file: String, line: Int?, column: Int?, path: String, imagePath: String, reason: String)
    /// A `${name}` template variable that is not set.
    case unsetVariable(file: String, line: Int?, column: Int?, path: String, name: String)
    /// A properties file (`--props`) is not a JSON object of names and values.
    case invalidProperties(path: String, reason: String)
    /// A slideshow cannot be made as described.
    case invalidSlideshow(reason: String)
    /// A feature of another program's format (an editly spec's video layer, say) that MovieKit
    /// does not support; `feature` names it and `reason` says why and what to do instead.
    case unsupportedFeature(file: String, line: Int?, column: Int?, path: String, feature: String, reason: String)
    /// An FFmpeg output option (an editly spec's `customOutputArgs`) that MovieKit does not follow;
    /// `supported` lists the ones it does.
    case unsupportedOutputOption(
        file: String, line: Int?, column: Int?, path: String, option: String, supported: [String])
    /// An audio file named by a scene file, manifest or spec cannot be read as audio.
    case missingAudio(file: String, line: Int?, column: Int?, path: String, audioPath: String, reason: String)
    /// A movie clip named by a scene file or spec cannot be opened or decoded.
    case missingVideo(file: String, line: Int?, column: Int?, path: String, videoPath: String, reason: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "Could not read \(path): \(reason)."
        case .unsupportedFileType(let path):
            return "Cannot tell the format of \(path) from its extension; name scene files .yaml, .yml or .json."
        case .syntax(let file, let line, let column, let format, let problem):
            return Self.place(file, line, column) + "The \(format) is malformed: \(problem). "
                + Self.syntaxAdvice(format: format, positioned: line != nil)
        case .unknownKey(let file, let line, let column, let path, let validKeys, let suggestion):
            let hint = suggestion.map { " Did you mean `\($0)`?" } ?? ""
            return Self.place(file, line, column)
                + "`\(path)` is not a known key.\(hint) Valid keys here are \(Self.list(validKeys))."
        case .missingKey(let file, let line, let column, let path, let key, let expected):
            return Self.place(file, line, column) + "`\(path)` has no `\(key)`; add \(expected)."
        case .wrongType(let file, let line, let column, let path, let found, let expected):
            return Self.place(file, line, column) + "`\(path)` is \(found) but must be \(expected)."
        case .invalidValue(let file, let line, let column, let path, let value, let expected):
            return Self.place(file, line, column) + "`\(path)` is \(value) but must be \(expected)."
        case .keyframesOutOfOrder(let file, let line, let column, let path, let time, let previous):
            return Self.place(file, line, column)
                + "`\(path)` is \(Self.number(time)), earlier than the keyframe before it at \(Self.number(previous)); list keyframes in time order."
        case .missingImage(let file, let line, let column, let path, let imagePath, let reason):
            return Self.place(file, line, column)
                + "`\(path)` names the image \(imagePath), which cannot be loaded: \(reason)"
        case .unsetVariable(let file, let line, let column, let path, let name):
            return Self.place(file, line, column)
                + "`\(path)` uses the variable ${\(name)}, which is not set; give it a value when reading the file, or a default under the file's `variables:`."
        case .invalidSlideshow(let reason):
            return "The slideshow cannot be made: \(reason)."
        case .invalidProperties(let path, let reason):
            return "The properties file \(path) cannot be used: \(reason)."
        case .unsupportedFeature(let file, let line, let column, let path, let feature, let reason):
            return Self.place(file, line, column)
                + "`\(path)` uses \(feature), which MovieKit does not support: \(reason)."
        case .unsupportedOutputOption(let file, let line, let column, let path, let option, let supported):
            return Self.place(file, line, column)
                + "`\(path)` uses the FFmpeg output option `\(option)`, which MovieKit does not support: MovieKit encodes in-process and follows only \(Self.list(supported)); choose the codec in the encoding settings and the container with the output's extension."
        case .missingAudio(let file, let line, let column, let path, let audioPath, let reason):
            return Self.place(file, line, column)
                + "`\(path)` names the audio file \(audioPath), which cannot be read: \(reason)"
        case .missingVideo(let file, let line, let column, let path, let videoPath, let reason):
            return Self.place(file, line, column)
                + "`\(path)` names the movie clip \(videoPath), which cannot be played: \(reason)"
        }
    }

    /// `file:line:column: ` when the position is known, `file: ` when it is not.
    package static func place(_ file: String, _ line: Int?, _ column: Int?) -> String {
        guard let line, let column else { return "\(file): " }
        return "\(file):\(line):\(column): "
    }

    /// What to do about a syntax error: YAML positions (libyaml's) are exact; JSON positions come
    /// from Foundation's "around character N", so the mistake may be just before them; and most
    /// JSON5 errors have no position at all (the problem then ends with what Foundation said,
    /// which "It" refers to).
    static func syntaxAdvice(format: String, positioned: Bool) -> String {
        let json5 =
            format == "JSON5" ? "; JSON5 allows comments, unquoted keys, single-quoted strings and trailing commas" : ""
        switch (format, positioned) {
        case ("YAML", true): return "Fix the syntax at that line and column."
        case ("YAML", false): return "Fix the syntax."
        case (_, true):
            return "Check the brackets, commas, quotes and escapes at or just before that line and column\(json5)."
        case (_, false): return "It gives no position, so check the brackets, commas, quotes and escapes\(json5)."
        }
    }

    /// `a, b and c`, each in backticks.
    package static func list(_ keys: [String]) -> String {
        let quoted = keys.map { "`\($0)`" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "none" }
        return quoted.dropLast().joined(separator: ", ") + " and " + last
    }

    /// A number as written in a file: `2` rather than `2.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension SceneError: LocalizedError {
    public var errorDescription: String? { description }
}
