import Foundation

/// A fresh, uniquely named directory under the system's temporary directory.
///
/// It is removed with everything in it when the value goes out of scope (it is `~Copyable`, so
/// that happens exactly once), or earlier with `remove()`.
public struct TemporaryDirectory: ~Copyable {
    /// The directory's location.
    public let url: URL

    /// Creates the directory.
    /// - Parameter prefix: The start of the directory's name, which helps to tell whose leftovers are whose.
    /// - Throws: The file system's error when the directory cannot be created.
    public init(prefix: String = "MovieKitTests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The location of `name` inside the directory (the file is not created).
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `data` to the file `name` inside the directory.
    /// - Returns: The file's location.
    /// - Throws: The file system's error when the file cannot be written.
    public func write(_ data: Data, to name: String) throws -> URL {
        let file = file(name)
        try data.write(to: file)
        return file
    }

    /// Every file name in the directory, hidden ones included, sorted.
    /// - Throws: The file system's error when the directory cannot be listed.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    /// Removes the directory and its contents now rather than at the end of the scope.
    public func remove() { try? FileManager.default.removeItem(at: url) }

    deinit { remove() }
}
