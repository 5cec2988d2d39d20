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
        let url = url(try reader.string(expected: "the path of an image file"), relativeTo: reader.context.baseURL)
        if let problem = problem(with: url) {
            throw SceneError.missingImage(
                file: reader.context.fileName, line: reader.node.line, column: reader.node.column, path: reader.path,
                imagePath: url.path, reason: problem)
        }
        return url
    }

    /// The picture a key names, decoded now (scaled down to `maxPixelSize` when given).
    /// - Throws: `SceneError.missingImage` at `reader` naming the resolved path and FrameDraw's reason.
    static func image(_ reader: NodeReader, maxPixelSize: Int? = nil) throws -> (url: URL, image: Image) {
        let url = url(try reader.string(expected: "the path of an image file"), relativeTo: reader.context.baseURL)
        do {
            return (url, try Image(contentsOf: url, maxPixelSize: maxPixelSize))
        } catch let error as FrameDrawError {
            let reason: String
            if case .unreadableImage(_, let detail) = error { reason = detail } else { reason = error.description }
            throw SceneError.missingImage(
                file: reader.context.fileName, line: reader.node.line, column: reader.node.column, path: reader.path,
                imagePath: url.path, reason: reason)
        }
    }

    /// The audio file a key names and its length in seconds (`nil` when its container does not
    /// say), read now so that a file that is not audio is reported before rendering.
    /// - Throws: `SceneError.missingAudio` at `reader` naming the resolved path.
    static func audio(_ reader: NodeReader) throws -> (url: URL, duration: Double?) {
        let url = url(try reader.string(expected: "the path of an audio file"), relativeTo: reader.context.baseURL)
        func missing(_ reason: String) -> SceneError {
            .missingAudio(
                file: reader.context.fileName, line: reader.node.line, column: reader.node.column, path: reader.path,
                audioPath: url.path, reason: reason)
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
