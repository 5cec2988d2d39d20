import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads the http(s) files a document names into a cache folder, so that they are read like
/// local files: an editly spec's remote images, videos and audio when it sets `allowRemoteRequests`.
///
/// Each download has a time limit and a size limit, and the folder is kept under a total size by
/// removing the files used longest ago. A URL already in the folder is not downloaded again, so a
/// spec renders the same pictures every time (services such as picsum.photos answer each request
/// with a different one).
package final class RemoteFiles: Sendable {
    /// Where downloads are kept.
    let folder: URL
    /// The largest file accepted, in bytes.
    let maximumFileSize: Int
    /// The most the folder may hold, in bytes; older files are removed to stay under it.
    let maximumCacheSize: Int
    /// Seconds a download may take in total, and without receiving anything.
    let timeout: Double
    /// Whether every download fails at once, for readers that must not reach the network (fuzzing).
    let isOffline: Bool

    /// A downloader that downloads nothing: each remote file fails with a message saying so.
    package static let offline = RemoteFiles(
        folder: FileManager.default.temporaryDirectory, maximumFileSize: 0, maximumCacheSize: 0, timeout: 0,
        isOffline: true)

    /// The default cache: `$XDG_CACHE_HOME/moviekit/remote`, else `~/.cache/moviekit/remote`.
    static var defaultFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return base.appendingPathComponent("moviekit/remote")
    }

    /// Creates a downloader.
    /// - Parameters:
    ///   - folder: The cache folder, made when first needed.
    ///   - maximumFileSize: The largest file accepted; 1 GB by default.
    ///   - maximumCacheSize: The most the folder keeps; 4 GB by default.
    ///   - timeout: Seconds a download may take; 60 by default.
    ///   - isOffline: Whether every download fails at once.
    package init(
        folder: URL = RemoteFiles.defaultFolder, maximumFileSize: Int = 1 << 30, maximumCacheSize: Int = 4 << 30,
        timeout: Double = 60, isOffline: Bool = false
    ) {
        self.folder = folder
        self.maximumFileSize = maximumFileSize
        self.maximumCacheSize = maximumCacheSize
        self.timeout = timeout
        self.isOffline = isOffline
    }

    /// Whether `text` is a URL with a scheme (`https://…`) rather than a path.
    static func isRemote(_ text: String) -> Bool {
        guard let colon = text.range(of: "://") else { return false }
        let scheme = text[..<colon.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    /// Why remote files cannot be fetched from `text`, or `nil` for an http(s) URL.
    static func unsupportedScheme(_ text: String) -> String? {
        let scheme = text.prefix { $0 != ":" }.lowercased()
        return ["http", "https"].contains(scheme) ? nil : "only http and https URLs are downloaded, not \(scheme)"
    }

    /// The local copy of `url`: the cached file when there is one, else a new download.
    /// - Throws: `RemoteFiles.Failure` with a sentence saying what went wrong.
    func localCopy(of url: URL) throws -> URL {
        guard !isOffline else { throw Failure("remote files are not downloaded here") }
        let destination = folder.appendingPathComponent(Self.cacheName(for: url))
        if FileManager.default.fileExists(atPath: destination.path) {
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: destination.path)
            return destination
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure("the cache folder \(folder.path) cannot be made (\(error.localizedDescription))")
        }
        let partial = folder.appendingPathComponent(".\(UUID().uuidString).part")
        defer { try? FileManager.default.removeItem(at: partial) }
        try RemoteDownload(url: url, to: partial, maximumSize: maximumFileSize, timeout: timeout).run()
        do {
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.moveItem(at: partial, to: destination)
        } catch {
            throw Failure("the download cannot be kept in \(folder.path) (\(error.localizedDescription))")
        }
        trim(keeping: destination)
        return destination
    }

    /// Removes the least recently used files until the folder holds at most `maximumCacheSize`
    /// bytes, never removing `kept`.
    private func trim(keeping kept: URL) {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard
            let files = try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else { return }
        var entries = files.compactMap { file -> (url: URL, size: Int, date: Date)? in
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
        var total = entries.reduce(0) { $0 + $1.size }
        entries.sort { $0.date < $1.date }
        for entry in entries where total > maximumCacheSize && entry.url.lastPathComponent != kept.lastPathComponent {
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
        }
    }

    /// A file name for `url`: a 64-bit FNV-1a hash of the whole URL, then its last path component
    /// (letters, digits, `.`, `-` and `_` only), so that the extension stays visible.
    static func cacheName(for url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let last = url.lastPathComponent.filter { $0.isASCII && ($0.isLetter || $0.isNumber || ".-_".contains($0)) }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + (last.isEmpty ? "" : "-" + last.suffix(80))
    }

    /// Why a download failed, as a sentence fragment.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// One download, written to a file as it arrives and stopped as soon as it passes its size limit.
private final class RemoteDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Unchecked: `state` is the only mutable state, behind a Mutex; URLSession calls the delegate
    // on its own serial queue, and `run()` reads the outcome only after `done` is signalled.
    private let url: URL
    private let destination: URL
    private let maximumSize: Int
    private let timeout: Double
    private let done = DispatchSemaphore(value: 0)
    private let state = Mutex<(handle: FileHandle?, received: Int, failure: String?)>((nil, 0, nil))

    init(url: URL, to destination: URL, maximumSize: Int, timeout: Double) {
        self.url = url
        self.destination = destination
        self.maximumSize = maximumSize
        self.timeout = timeout
    }

    /// Downloads the file, waiting at most the timeout (and a second more for URLSession to stop).
    /// - Throws: `RemoteFiles.Failure`.
    func run() throws {
        guard FileManager.default.createFile(atPath: destination.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: destination)
        else { throw RemoteFiles.Failure("the download cannot be written to \(destination.path)") }
        state.withLock { $0.handle = handle }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: URLRequest(url: url, timeoutInterval: timeout))
        task.resume()
        if done.wait(timeout: .now() + timeout + 1) == .timedOut {
            task.cancel()
            state.withLock { $0.failure = $0.failure ?? timedOut }
        }
        let failure = state.withLock { state -> String? in
            try? state.handle?.close()
            state.handle = nil
            return state.failure
        }
        if let failure { throw RemoteFiles.Failure(failure) }
    }

    private var timedOut: String {
        "the server did not send the whole file within \(SceneError.number(timeout)) second\(timeout == 1 ? "" : "s")"
    }

    private func fail(_ reason: String, _ task: URLSessionTask) {
        state.withLock { $0.failure = $0.failure ?? reason }
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            state.withLock {
                $0.failure =
                    "the server answered HTTP \(http.statusCode) (\(HTTPURLResponse.localizedString(forStatusCode: http.statusCode)))"
            }
            completionHandler(.cancel)
            return
        }
        if response.expectedContentLength > Int64(maximumSize) {
            state.withLock { $0.failure = sizeFailure(announced: response.expectedContentLength) }
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let tooLarge = state.withLock { state -> Bool in
            state.received += data.count
            guard state.received <= maximumSize else { return true }
            do {
                try state.handle?.write(contentsOf: data)
            } catch {
                state.failure = state.failure ?? "the download cannot be written (\(error.localizedDescription))"
            }
            return false
        }
        if tooLarge { fail(sizeFailure(announced: nil), dataTask) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            let timedOut = (error as? URLError)?.code == .timedOut
            state.withLock {
                $0.failure =
                    $0.failure ?? (timedOut ? self.timedOut : "the download failed (\(error.localizedDescription))")
            }
        }
        done.signal()
    }

    private func sizeFailure(announced: Int64?) -> String {
        let limit = ByteCountFormatter.string(fromByteCount: Int64(maximumSize), countStyle: .file)
        if let announced {
            let size = ByteCountFormatter.string(fromByteCount: announced, countStyle: .file)
            return "the file is \(size), more than the \(limit) a remote file may have"
        }
        return "the file is larger than the \(limit) a remote file may have"
    }
}
