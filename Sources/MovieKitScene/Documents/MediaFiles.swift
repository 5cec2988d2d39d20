import Foundation
import FrameDraw
import MovieKitCore

/// The files manifests and specs name: reading the document itself, resolving relative paths,
/// and checking photos and audio before anything is drawn, so that a missing file is reported
/// with its place in the document.
enum MediaFiles {
    /// The bytes of a document.
    /// - Throws: `SceneError.unreadableFile` saying whether the file is missing or unreadable.
    static func contents(of url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw SceneError.unreadableFile(
                path: url.path,
                reason: exists ? "the file is not readable; check its permissions" : "no file exists at this path")
        }
    }

    /// A path as written in a document, resolved against the document's folder unless absolute.
    static func url(_ path: String, relativeTo base: URL) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path).standardizedFileURL : base.appendingPathComponent(path).standardizedFileURL
    }

    /// The file a key names: a path resolved against the document's folder, or for an http(s) URL
    /// in a document that allows remote files, its downloaded copy.
    /// - Parameters:
    ///   - reader: The key.
    ///   - expected: What the key holds, for a value that is not a string.
    ///   - failure: The error for a URL that cannot be downloaded, given the URL and the reason.
    /// - Throws: `SceneError.unsupportedFeature` for a URL in a document that does not allow remote
    ///   files, or `failure`'s error.
    static func location(
        _ reader: NodeReader, expected: String, failure: (_ url: String, _ reason: String) -> SceneError
    ) throws -> URL {
        let text = try reader.string(expected: expected)
        guard RemoteFiles.isRemote(text) else { return url(text, relativeTo: reader.context.baseURL) }
        guard let remote = reader.context.remoteFiles else {
            throw SceneError.unsupportedFeature(
                at: reader.location, feature: "the remote URL \(text)",
                reason: reader.context.remoteSetting.map {
                    "remote URLs need `\($0)` in the spec, which lets MovieKit download them"
                } ?? "files are read from disk only; download it and name it by path")
        }
        if let reason = RemoteFiles.unsupportedScheme(text) { throw failure(text, reason.capitalizedFirst + ".") }
        guard let remoteURL = URL(string: text) else {
            throw failure(text, "It is not a valid URL; check its spelling and percent-encode spaces.")
        }
        do {
            return try remote.localCopy(of: remoteURL)
        } catch let error as RemoteFiles.Failure {
            throw failure(
                text, "It cannot be downloaded: \(error.description). Check the URL and the network connection.")
        }
    }

    /// Why a file cannot be used, or `nil` when it exists, is a regular file, is readable and is
    /// not empty. The sentences match FrameDraw's image-loading messages.
    static func problem(with url: URL) -> String? {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return "No file exists at this path; check the spelling and the working directory."
        }
        if isDirectory.boolValue { return "The path is a directory, not a file; name a file." }
        guard FileManager.default.isReadableFile(atPath: path) else {
            return "Permission to read the file was denied; check its permissions."
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        if size == 0 { return "The file is empty (0 bytes); it may not have finished copying or downloading." }
        return nil
    }

    /// The photo a key names: its URL once the file is known to exist and be readable. The
    /// picture itself is decoded when the slideshow is rendered.
    /// - Throws: `SceneError.missingImage` at `reader` naming the resolved path.
    static func photo(_ reader: NodeReader) throws -> URL {
        let url = try imageLocation(reader)
        if let problem = problem(with: url) {
            throw SceneError.missingImage(
                at: reader.location, imagePath: url.path, reason: problem)
        }
        return url
    }

    /// The picture a key names, decoded now (scaled down to `maxPixelSize` when given).
    /// - Throws: `SceneError.missingImage` at `reader` naming the resolved path and FrameDraw's reason.
    static func image(_ reader: NodeReader, maxPixelSize: Int? = nil) throws -> (url: URL, image: Image) {
        let url = try imageLocation(reader)
        do {
            return (url, try Image(contentsOf: url, maxPixelSize: maxPixelSize))
        } catch let error as FrameDrawError {
            let reason: String
            if case .unreadableImage(_, let detail) = error { reason = detail } else { reason = error.description }
            throw SceneError.missingImage(
                at: reader.location, imagePath: url.path, reason: reason)
        }
    }

    /// The image file a key names, downloaded when it is a URL the document allows.
    private static func imageLocation(_ reader: NodeReader) throws -> URL {
        try location(reader, expected: "the path of an image file") { url, reason in
            .missingImage(
                at: reader.location, imagePath: url, reason: reason)
        }
    }

    /// The audio file a key names and its length in seconds (`nil` when its container does not
    /// say), read now so that a file that is not audio is reported before rendering.
    /// - Throws: `SceneError.missingAudio` at `reader` naming the resolved path.
    static func audio(_ reader: NodeReader) throws -> (url: URL, duration: Double?) {
        let url = try location(reader, expected: "the path of an audio file") { url, reason in
            .missingAudio(
                at: reader.location, audioPath: url, reason: reason)
        }
        func missing(_ reason: String) -> SceneError {
            .missingAudio(
                at: reader.location, audioPath: url.path, reason: reason)
        }
        if let problem = problem(with: url) { throw missing(problem) }
        do {
            return (url, try AudioTrack.duration(of: url))
        } catch let error as MovieKitError {
            guard case .unreadableInput(_, let detail) = error else { throw missing(error.description) }
            throw missing("\(detail).")
        }
    }
}

extension String {
    /// The string with its first character upper-cased, for a fragment that starts a sentence.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
