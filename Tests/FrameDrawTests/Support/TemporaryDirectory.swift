import Foundation

/// A fresh temporary directory, removed by `remove()` (call it in a `defer`).
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("FrameDrawTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    func write(_ data: Data, to name: String) throws -> URL {
        let file = file(name)
        try data.write(to: file)
        return file
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
