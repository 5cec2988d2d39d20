import Foundation

/// Watches files for changes by polling their modification times and sizes, which works on every
/// file system (network and container mounts included) and sees editors that save by replacing
/// the file. A folder's time changes when files are added to it or removed.
struct FileWatcher: Sendable {
    /// How often the files are checked: a tenth of a second keeps a reload within half a second of a save.
    static let interval: Duration = .milliseconds(100)

    /// What identifies one version of a file: its modification time, size and inode, or nothing when it is missing.
    struct Stamp: Hashable, Sendable {
        var modified: Date?
        var size: Int?
        var inode: Int?
    }

    static func stamps(of files: [URL]) -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        for file in files {
            let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
            result[file.path] = Stamp(
                modified: attributes?[.modificationDate] as? Date,
                size: (attributes?[.size] as? NSNumber)?.intValue,
                inode: (attributes?[.systemFileNumber] as? NSNumber)?.intValue)
        }
        return result
    }

    /// Calls `changed` each time one of `files()` changes, until the task is cancelled.
    /// - Parameters:
    ///   - files: The files to watch now (the list changes with each load).
    ///   - changed: Called after a change; it reloads and returns when done.
    static func watch(files: @Sendable () -> [URL], changed: @Sendable () async -> Void) async {
        var last = stamps(of: files())
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            let now = stamps(of: files())
            guard now != last else { continue }
            // Files that were watched before and after: a change among them, or new files to watch.
            await changed()
            last = stamps(of: files())
        }
    }
}
