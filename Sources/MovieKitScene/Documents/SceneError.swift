import Foundation

/// Every error MovieKitScene throws about a scene file. Each description is a full sentence that
/// starts with `file:line:column:` where the problem is (or `file:` alone when the position is
/// unknown: Foundation's `JSONDecoder`, which reads JSON and JSON5, reports no positions for
/// values), names the key path in the file (`layers[2].animate.opacity[1].easing`), and says
/// what is expected.
///
/// `line` and `column` are 1-based, and `nil` when the parser reported no position.
public enum SceneError: Error, Equatable, CustomStringConvertible {
    /// Where in a document a problem is: the file as the user named it, the 1-based line and
    /// column when the parser reported them, and the key path from the document's root
    /// (`layers[2].animate.opacity[1].easing`, or `the document` for the root itself).
    public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
        /// The file as the user named it.
        public var file: String
        /// The 1-based line, or `nil` when the parser reported no position.
        public var line: Int?
        /// The 1-based column, or `nil` when the parser reported no position.
        public var column: Int?
        /// The key path from the document's root; `nil` for a problem in the text itself (a
        /// syntax error), which comes before any key.
        public var keyPath: String?
        /// Why the document was read as the kind it was, when its extension is shared by several
        /// kinds (`.json`) and none of its keys marked it: a sentence that unknown-key messages end with.
        public var kindChoice: String?

        public init(file: String, line: Int? = nil, column: Int? = nil, keyPath: String? = nil) {
            self.file = file
            self.line = line
            self.column = column
            self.keyPath = keyPath
        }

        /// `file:line:column`, or `file` when the position is unknown.
        public var description: String {
            guard let line, let column else { return file }
            return "\(file):\(line):\(column)"
        }

        /// The key path as messages quote it.
        var quotedPath: String { "`\(keyPath ?? "the document")`" }
    }

    /// The scene file (or a properties file) could not be read.
    case unreadableFile(path: String, reason: String)
    /// The scene file's extension is not `.yaml`, `.yml` or `.json`.
    case unsupportedFileType(path: String)
    /// The YAML, JSON or JSON5 is malformed.
    case syntax(at: SourceLocation, format: String, problem: String)
    /// A key that the schema does not have. `suggestion` is the nearest valid key, if one is close.
    case unknownKey(at: SourceLocation, validKeys: [String], suggestion: String?)
    /// A required key is missing.
    case missingKey(at: SourceLocation, key: String, expected: String)
    /// A value of the wrong type: `found` describes it, `expected` says what is needed.
    case wrongType(at: SourceLocation, found: String, expected: String)
    /// A value of the right type but out of range or otherwise unusable.
    case invalidValue(at: SourceLocation, value: String, expected: String)
    /// A keyframe's time is earlier than the keyframe before it.
    case keyframesOutOfOrder(at: SourceLocation, time: Double, previous: Double)
    /// An image file named by the scene cannot be loaded.
    case missingImage(at: SourceLocation, imagePath: String, reason: String)
    /// A `${name}` template variable that is not set.
    case unsetVariable(at: SourceLocation, name: String)
    /// A properties file (`--props`) is not a JSON object of names and values.
    case invalidProperties(path: String, reason: String)
    /// A slideshow cannot be made as described.
    case invalidSlideshow(reason: String)
    /// A feature of another program's format (an editly spec's video layer, say) that MovieKit
    /// does not support; `feature` names it and `reason` says why and what to do instead.
    case unsupportedFeature(at: SourceLocation, feature: String, reason: String)
    /// An FFmpeg output option (an editly spec's `customOutputArgs`) that MovieKit does not follow;
    /// `supported` lists the ones it does.
    case unsupportedOutputOption(at: SourceLocation, option: String, supported: [String])
    /// An audio file named by a scene file, manifest or spec cannot be read as audio.
    case missingAudio(at: SourceLocation, audioPath: String, reason: String)
    /// A movie clip named by a scene file or spec cannot be opened or decoded.
    case missingVideo(at: SourceLocation, videoPath: String, reason: String)

    /// Where the problem is, for the cases that know: an editor or the preview page can point at
    /// it. Problems with a whole file (`unreadableFile`, `invalidProperties`) give the file alone;
    /// `invalidSlideshow`, which has no file, gives `nil`.
    public var location: SourceLocation? {
        switch self {
        case .syntax(let at, _, _), .unknownKey(let at, _, _), .missingKey(let at, _, _),
            .wrongType(let at, _, _), .invalidValue(let at, _, _), .keyframesOutOfOrder(let at, _, _),
            .missingImage(let at, _, _), .unsetVariable(let at, _), .unsupportedFeature(let at, _, _),
            .unsupportedOutputOption(let at, _, _), .missingAudio(let at, _, _), .missingVideo(let at, _, _):
            return at
        case .unreadableFile(let path, _), .unsupportedFileType(let path), .invalidProperties(let path, _):
            return SourceLocation(file: path)
        case .invalidSlideshow:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "Could not read \(path): \(reason)."
        case .unsupportedFileType(let path):
            return "Cannot tell the format of \(path) from its extension; name scene files .yaml, .yml or .json."
        case .syntax(let at, let format, let problem):
            return Self.place(at) + "The \(format) is malformed: \(problem). "
                + Self.syntaxAdvice(format: format, positioned: at.line != nil)
        case .unknownKey(let at, let validKeys, let suggestion):
            let hint = suggestion.map { " Did you mean `\($0)`?" } ?? ""
            return Self.place(at)
                + "\(at.quotedPath) is not a known key.\(hint) Valid keys here are \(Self.list(validKeys))."
                + (at.kindChoice.map { " \($0)" } ?? "")
        case .missingKey(let at, let key, let expected):
            return Self.place(at) + "\(at.quotedPath) has no `\(key)`; add \(expected)."
        case .wrongType(let at, let found, let expected):
            return Self.place(at) + "\(at.quotedPath) is \(found) but must be \(expected)."
        case .invalidValue(let at, let value, let expected):
            return Self.place(at) + "\(at.quotedPath) is \(value) but must be \(expected)."
        case .keyframesOutOfOrder(let at, let time, let previous):
            return Self.place(at)
                + "\(at.quotedPath) is \(Self.number(time)), earlier than the keyframe before it at \(Self.number(previous)); list keyframes in time order."
        case .missingImage(let at, let imagePath, let reason):
            return Self.place(at) + "\(at.quotedPath) names the image \(imagePath), which cannot be loaded: \(reason)"
        case .unsetVariable(let at, let name):
            return Self.place(at)
                + "\(at.quotedPath) uses the variable ${\(name)}, which is not set; give it a value when reading the file, or a default under the file's `variables:`."
        case .invalidSlideshow(let reason):
            return "The slideshow cannot be made: \(reason)."
        case .invalidProperties(let path, let reason):
            return "The properties file \(path) cannot be used: \(reason)."
        case .unsupportedFeature(let at, let feature, let reason):
            return Self.place(at) + "\(at.quotedPath) uses \(feature), which MovieKit does not support: \(reason)."
        case .unsupportedOutputOption(let at, let option, let supported):
            return Self.place(at)
                + "\(at.quotedPath) uses the FFmpeg output option `\(option)`, which MovieKit does not support: MovieKit encodes in-process and follows only \(Self.list(supported)); choose the codec in the encoding settings and the container with the output's extension."
        case .missingAudio(let at, let audioPath, let reason):
            return Self.place(at)
                + "\(at.quotedPath) names the audio file \(audioPath), which cannot be read: \(reason)"
        case .missingVideo(let at, let videoPath, let reason):
            return Self.place(at)
                + "\(at.quotedPath) names the movie clip \(videoPath), which cannot be played: \(reason)"
        }
    }

    /// The error, with an unknown key at the document's top level saying that the file was read as a
    /// `kind`, since none of its keys marked it as one of `others` (which share its extension).
    func takenFor(_ kind: String, over others: [String]) -> SceneError {
        guard case .unknownKey(var at, let validKeys, let suggestion) = self, let path = at.keyPath,
            !path.contains("."), !path.contains("[")
        else { return self }
        let names =
            others.count > 1
            ? others.dropLast().joined(separator: ", ") + " or " + (others.last ?? "") : others.joined()
        at.kindChoice =
            "MovieKit read the file as a \(kind), since none of its top-level keys marks it as a \(names)."
        return .unknownKey(at: at, validKeys: validKeys, suggestion: suggestion)
    }

    /// `file:line:column: ` when the position is known, `file: ` when it is not.
    package static func place(_ location: SourceLocation) -> String { "\(location): " }

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
