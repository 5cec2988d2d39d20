import Foundation

/// A copy of a file that stays for good at a fixed path: for fonts registered with fontconfig, which
/// keeps a registration (and lets every font map open the file) for the life of the process, so a
/// copy deleted when its test ends would leave later tests a font with no file.
public enum PersistentFileCopy {
    /// The copy of `source` named `name` in `folder`, written once (atomically, in case another test
    /// process writes it at the same moment) and never deleted.
    public static func url(of source: URL, named name: String, in folder: URL) throws -> URL {
        let copy = folder.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: copy.path) else { return copy }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let partial = folder.appendingPathComponent("\(name)-\(UUID().uuidString).partial")
        try FileManager.default.copyItem(at: source, to: partial)
        // Another test process may have put its copy in place meanwhile: either file will do.
        if rename(partial.path, copy.path) != 0 { try? FileManager.default.removeItem(at: partial) }
        return copy
    }
}
