internal import CPosix
import Foundation
import Synchronization

/// Where a movie is written until it is complete, and the atomic step that gives it its name.
///
/// On Linux the movie is an unnamed file (`O_TMPFILE`) in the destination's folder: if the process
/// is killed, runs out of memory or loses power, the file vanishes with it. `finish` syncs it to
/// disk, links it into place, and syncs the folder, so a finished movie survives a power cut.
/// Where the filesystem cannot make unnamed files (and for PNG folders), a hidden
/// `.<name>.<random>.partial` file or folder is used instead, and stale ones this tool left in
/// that folder more than a day ago are removed.
final class PartialOutput: Sendable {
    /// The ways of moving a hidden file into place without replacing an existing one, tried in order.
    enum NoReplaceStrategy: CaseIterable, Sendable {
        /// `link` then `unlink`: atomic, but some filesystems (exFAT, some network and FUSE mounts) have no hard links.
        case hardLink
        /// `renameat2(RENAME_NOREPLACE)`: atomic, on Linux 3.15 and later for most local filesystems.
        case renameNoReplace
        /// Create the destination exclusively (`O_EXCL`), then rename over that placeholder.
        case exclusiveCreate
    }

    /// The file the user asked for.
    let destination: URL
    /// The hidden file or folder, when no unnamed file is used.
    let temporary: URL
    /// Whether the destination is a folder (a PNG sequence) rather than a file.
    let isFolder: Bool
    /// The path libav writes to: `/proc/self/fd/N` for an unnamed file, or the hidden path.
    let writePath: String
    /// The unnamed file's descriptor; `nil` once closed, or when a hidden file is used.
    private let descriptor: Mutex<Int32?>

    /// How old a hidden partial file must be before a later run into the same folder removes it.
    static let staleAge: TimeInterval = 24 * 60 * 60

    /// Opens an unnamed file beside `destination`, or names a hidden one where that is not possible.
    /// - Parameter allowUnnamed: Tests pass false to exercise the hidden-file fallback.
    /// - Throws: `MovieKitError.fileSystem` when the temporary folder cannot be created.
    init(destination: URL, isFolder: Bool = false, allowUnnamed: Bool = true) throws {
        self.destination = destination
        self.isFolder = isFolder
        let folder = destination.deletingLastPathComponent()
        temporary = folder.appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
        let unnamed = isFolder || !allowUnnamed ? -1 : mk_open_unnamed(folder.path, 0o644)
        if unnamed >= 0 {
            descriptor = Mutex(unnamed)
            writePath = "/proc/self/fd/\(unnamed)"
            return
        }
        descriptor = Mutex(nil)
        writePath = temporary.path
        Self.removeStalePartials(in: folder, named: destination.lastPathComponent)
        if isFolder {
            guard mkdir(temporary.path, 0o755) == 0 else {
                throw MovieKitError.fileSystem(
                    path: destination.path,
                    reason: "creating a temporary folder beside it failed (\(String(cString: strerror(errno))))")
            }
        }
    }

    deinit {
        removeTemporary()
    }

    /// Whether the movie is being written to an unnamed file that a crash cannot leave behind.
    var isUnnamed: Bool { descriptor.withLock { $0 != nil } }

    /// Discards what was written: closes the unnamed file, or removes the hidden file or folder.
    func removeTemporary() {
        if let fd = descriptor.withLock({ value -> Int32? in
            defer { value = nil }
            return value
        }) {
            close(fd)
            return
        }
        if isFolder {
            try? FileManager.default.removeItem(at: temporary)
        } else {
            unlink(temporary.path)
        }
    }

    /// Gives the finished movie its name atomically. Without `overwrite`, a file that appeared at
    /// the destination meanwhile is never replaced.
    /// - Parameter strategies: For a hidden file, the no-replace strategies to try, in order (tests choose one).
    /// - Throws: `MovieKitError.fileExists`, or `.fileSystem`.
    func moveIntoPlace(overwrite: Bool, strategies: [NoReplaceStrategy] = NoReplaceStrategy.allCases) throws {
        if let fd = descriptor.withLock({ $0 }) {
            try linkUnnamed(fd, overwrite: overwrite)
            removeTemporary()
        } else {
            try moveHidden(overwrite: overwrite, strategies: strategies)
        }
        syncFolder()
    }

    private func linkUnnamed(_ fd: Int32, overwrite: Bool) throws {
        guard fsync(fd) == 0 else { throw fileSystemError(errno, "saving the movie to disk") }
        if !overwrite {
            guard mk_link_unnamed(fd, destination.path) == 0 else {
                let code = errno
                if code == EEXIST { throw MovieKitError.fileExists(path: destination.path) }
                throw fileSystemError(code, "giving the finished movie its name")
            }
            return
        }
        // Link under the hidden name, then rename over the destination: atomic replacement.
        guard mk_link_unnamed(fd, temporary.path) == 0 else {
            throw fileSystemError(errno, "giving the finished movie its name")
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw fileSystemError(code, "rename")
        }
    }

    private func moveHidden(overwrite: Bool, strategies: [NoReplaceStrategy]) throws {
        let source = temporary.path
        let target = destination.path
        if !isFolder, let handle = FileHandle(forUpdatingAtPath: source) {
            try? handle.synchronize()
            try? handle.close()
        }
        if overwrite {
            if isFolder, FileManager.default.fileExists(atPath: target) {
                try replaceFolder()
                return
            }
            guard rename(source, target) == 0 else { throw fileSystemError(errno, "rename") }
            return
        }
        var lastError: Int32 = ENOTSUP
        for strategy in strategies {
            switch strategy {
            case .hardLink:
                if isFolder { continue }  // Folders cannot be hard-linked.
                if link(source, target) == 0 {
                    unlink(source)
                    return
                }
            case .renameNoReplace:
                if mk_rename_noreplace(source, target) == 0 { return }
            case .exclusiveCreate:
                let placeholder = isFolder ? mkdir(target, 0o755) : open(target, O_WRONLY | O_CREAT | O_EXCL, 0o644)
                if placeholder >= 0 {
                    if !isFolder { close(placeholder) }
                    if rename(source, target) == 0 { return }
                    let code = errno
                    if isFolder { rmdir(target) } else { unlink(target) }
                    throw fileSystemError(code, "rename")
                }
            }
            lastError = errno
            if lastError == EEXIST { throw MovieKitError.fileExists(path: target) }
            // Anything but "this filesystem cannot do that" is a real failure: report it now.
            guard [EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS, EINVAL, EMLINK, EXDEV].contains(lastError) else { break }
        }
        throw fileSystemError(lastError, "moving the finished movie into place")
    }

    /// Replaces an existing destination folder: the old one is moved aside, the new one moved
    /// in, and the old one removed; if the second move fails, the old folder is put back.
    private func replaceFolder() throws {
        let aside = destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).old")
        guard rename(destination.path, aside.path) == 0 else {
            throw fileSystemError(errno, "moving the old folder aside")
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let code = errno
            rename(aside.path, destination.path)
            throw fileSystemError(code, "rename")
        }
        try? FileManager.default.removeItem(at: aside)
    }

    /// Makes the new name durable: syncs the folder that holds it.
    private func syncFolder() {
        let folder = open(destination.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
        guard folder >= 0 else { return }
        fsync(folder)
        close(folder)
    }

    /// Removes `.<name>.<8 hex digits>.partial` files and folders older than `staleAge`: what a
    /// killed run of this tool left where unnamed files were not possible.
    static func removeStalePartials(in folder: URL, named name: String, now: Date = Date()) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let prefix = ".\(name)."
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(".partial") {
            let token = entry.dropFirst(prefix.count).dropLast(".partial".count)
            guard token.count == 8, token.allSatisfy(\.isHexDigit) else { continue }
            let url = folder.appendingPathComponent(entry)
            guard
                let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate]
                    as? Date,
                now.timeIntervalSince(modified) > staleAge
            else { continue }
            try? FileManager.default.removeItem(at: url)
        }
    }

    private func fileSystemError(_ code: Int32, _ step: String) -> MovieKitError {
        .fileSystem(path: destination.path, reason: "\(step) failed (\(String(cString: strerror(code))))")
    }
}
