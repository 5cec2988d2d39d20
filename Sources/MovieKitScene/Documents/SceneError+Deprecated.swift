import Foundation

// The cases that took `file:line:column:path:` before their place became one `SourceLocation`.
// These forwards keep code that makes such errors compiling, with a warning, for a minor version;
// code that matches the cases' payloads reads `at` instead (or `SceneError.location`).
extension SceneError {
    @available(*, deprecated, message: "use syntax(at: SourceLocation(file:line:column:), format:problem:)")
    public static func syntax(file: String, line: Int?, column: Int?, format: String, problem: String) -> SceneError {
        .syntax(at: SourceLocation(file: file, line: line, column: column), format: format, problem: problem)
    }

    @available(
        *, deprecated, message: "use unknownKey(at: SourceLocation(file:line:column:keyPath:), validKeys:suggestion:)"
    )
    public static func unknownKey(
        file: String, line: Int?, column: Int?, path: String, validKeys: [String], suggestion: String?
    ) -> SceneError {
        .unknownKey(
            at: SourceLocation(file: file, line: line, column: column, keyPath: path), validKeys: validKeys,
            suggestion: suggestion)
    }

    @available(*, deprecated, message: "use missingKey(at: SourceLocation(file:line:column:keyPath:), key:expected:)")
    public static func missingKey(
        file: String, line: Int?, column: Int?, path: String, key: String, expected: String
    ) -> SceneError {
        .missingKey(
            at: SourceLocation(file: file, line: line, column: column, keyPath: path), key: key, expected: expected)
    }

    @available(*, deprecated, message: "use wrongType(at: SourceLocation(file:line:column:keyPath:), found:expected:)")
    public static func wrongType(
        file: String, line: Int?, column: Int?, path: String, found: String, expected: String
    ) -> SceneError {
        .wrongType(
            at: SourceLocation(file: file, line: line, column: column, keyPath: path), found: found, expected: expected)
    }

    @available(
        *, deprecated, message: "use invalidValue(at: SourceLocation(file:line:column:keyPath:), value:expected:)"
    )
    public static func invalidValue(
        file: String, line: Int?, column: Int?, path: String, value: String, expected: String
    ) -> SceneError {
        .invalidValue(
            at: SourceLocation(file: file, line: line, column: column, keyPath: path), value: value, expected: expected)
    }

    @available(
        *, deprecated, message: "use keyframesOutOfOrder(at: SourceLocation(file:line:column:keyPath:), time:previous:)"
    )
    public static func keyframesOutOfOrder(
        file: String, line: Int?, column: Int?, path: String, time: Double, previous: Double
    ) -> SceneError {
        .keyframesOutOfOrder(
            at: SourceLocation(file: file, line: line, column: column, keyPath: path), time: time, previous: previous)
    }

    @available(
        *, deprecated, message: "use missingImage(at: SourceLocation(file:line:column:keyPath:), imagePath:reason:)"
    )
    public static func missingImage(
        file: String, line: Int?, column: Int?, path: String, imagePath: String, reason: String
    ) -> SceneError {
        .missingImage(
            at: SourceLocation(file: file, line: line, column: column, keyPath: path), imagePath: imagePath,
            reason: reason)
    }

    @available(*, deprecated, message: "use unsetVariable(at: SourceLocation(file:line:column:keyPath:), name:)")
    public static func unsetVariable(file: String, line: Int?, column: Int?, path: String, name: String) -> SceneError {
        .unsetVariable(at: SourceLocation(file: file, line: line, column: column, keyPath: path), name: name)
    }

    @available(
        *, deprecated, message: "use unsupportedFeature(at: SourceLocation(file:line:column:keyPath:), feature:reason:)"
    )
    public static func unsupportedFeature(
        file: String, line: Int?, column: Int?, path: String, feature: String, reason: String
    ) -> SceneError {
        .unsupportedFeature(
            at: SourceLocation(file: file, line: line, column: column, keyPath: path), feature: feature, reason: reason)
    }

    @available(
        *, deprecated, message: "use missingAudio(at: SourceLocation(file:line:column:keyPath:), audioPath:reason:)"
    )
    public static func missingAudio(
        file: String, line: Int?, column: Int?, path: String, audioPath: String, reason: String
    ) -> SceneError {
        .missingAudio(
            at: SourceLocation(file: file, line: line, column: column, keyPath: path), audioPath: audioPath,
            reason: reason)
    }

    @available(
        *, deprecated, message: "use missingVideo(at: SourceLocation(file:line:column:keyPath:), videoPath:reason:)"
    )
    public static func missingVideo(
        file: String, line: Int?, column: Int?, path: String, videoPath: String, reason: String
    ) -> SceneError {
        .missingVideo(
            at: SourceLocation(file: file, line: line, column: column, keyPath: path), videoPath: videoPath,
            reason: reason)
    }
}
