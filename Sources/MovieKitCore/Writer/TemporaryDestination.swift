internal import CPosix
import Foundation

/// The hidden temporary file a movie is written to, beside its destination, and the atomic move
/// that gives it the destination's name.
struct TemporaryDestination: Sendable {
    /// The ways of moving the finished file into place without replacing an existing one, tried in order.
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
    /// The hidden file (or folder) being written: `.<name>.<random>.partial` in the same folder.
    let temporary: URL
    /// Whether the destination is a folder (a PNG sequence) rather than a file.
    let isFolder: Bool

    /// Names the temporary file; for a folder, creates the temporary folder.
    /// - Throws: `MovieKitError.fileSystem` when the temporary folder cannot be created.
    init(destination: URL, isFolder: Bool = false) throws {
        self.destination = destination
        self.isFolder = isFolder
        temporary = destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
        if isFolder {
            guard mkdir(temporary.path, 0o755) == 0 else {
                throw MovieKitError.fileSystem(
                    path: destination.path, reason: "creating a temporary folder beside it failed (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// Removes the temporary file or folder, if it exists.
    func removeTemporary() {
        if isFolder {
            try? FileManager.default.removeItem(at: temporary)
        } else {
            unlink(temporary.path)
        }
    }

    /// Moves the finished temporary file to the destination atomically. Without `overwrite`, a
    /// file that appeared at the destination meanwhile is never replaced.
    /// - Parameter strategies: The no-replace strategies to try, in order (tests choose one).
    /// - Throws: `MovieKitError.fileExists`, or `.fileSystem` when every strategy failed.
    func moveIntoPlace(overwrite: Bool, strategies: [NoReplaceStrategy] = NoReplaceStrategy.allCases) throws {
        let source = temporary.path
        let target = destination.path
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
        guard rename(destination.path, aside.path) == 0 else { throw fileSystemError(errno, "moving the old folder aside") }
        guard rename(temporary.path, destination.path) == 0 else {
            let code = errno
            rename(aside.path, destination.path)
            throw fileSystemError(code, "rename")
        }
        try? FileManager.default.removeItem(at: aside)
    }

    private func fileSystemError(_ code: Int32, _ step: String) -> MovieKitError {
        .fileSystem(path: destination.path, reason: "\(step) failed (\(String(cString: strerror(code))))")
    }
}
