import Foundation

/// Folders of the package, found from this file's place (Tests/MovieKitSceneTests/Support/), so that
/// the tests can move between folders of their own.
enum PackagePaths {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Tests/`.
    static let tests = root.appendingPathComponent("Tests")
}
