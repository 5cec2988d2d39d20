import Foundation

/// The project's `../shared` folder (libass's regression corpus and other data that may not be
/// copied into the repository), beside the repository's folder. A fresh clone has none: every test
/// that reads it is enabled only when the part it reads is there (``has(_:)``), so it is skipped,
/// with its reason, instead of failing.
///
/// `MOVIEKIT_SHARED` names another folder instead: `make test` sets it to a folder that does not
/// exist and runs the suites that read `shared` once more, to prove they skip without it.
public enum SharedFolder {
    /// The folder: `MOVIEKIT_SHARED` when it is set, else `../shared` beside the repository.
    public static let url: URL = {
        if let path = ProcessInfo.processInfo.environment["MOVIEKIT_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // This file is Tests/TestSupport/SharedFolder.swift: three folders up is the repository's parent.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")
    }()

    /// The file or folder at `relativePath` inside it (which may not exist).
    public static func url(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    /// Whether `relativePath` exists inside it.
    public static func has(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: url(relativePath).path)
    }
}
