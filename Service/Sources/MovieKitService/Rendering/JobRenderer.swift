import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Synchronization

/// Turns a render request into a movie: the document checked against the asset policy, read as
/// `moviemake render` reads a file, and rendered at the format's codec.
///
/// A submitted document is written to a work folder of its own, beside links to the asset folder's
/// entries, so that its relative paths name files in the asset folder as they would beside it. A
/// stored template (`templates/NAME.yaml` in the asset folder) is read where it is.
struct JobRenderer: Sendable {
    /// The server's asset folder and what documents may read.
    let policy: AssetPolicy
    /// Where work folders go (one per job, removed after it).
    let workFolder: URL
    /// Images shared by the renders of this process.
    let images: DecodedImages
    /// The kinds of content documents are read with.
    let registry: ContentRegistry

    /// The plan of a request (its document and settings): what a worker renders.
    struct Prepared {
        var plan: RenderPlan
        /// The job's work folder, removed by `cleanUp()`.
        var folder: URL?

        func cleanUp() {
            if let folder { try? FileManager.default.removeItem(at: folder) }
        }
    }

    /// What can be checked of a request without reading its document, as a submission is answered:
    /// one of `document` and `template`, a template that exists, and no string of the document or
    /// variable that names a file outside the asset folder. The document itself is read and checked
    /// completely by the worker before its first frame; a problem there fails the job with its position.
    /// - Throws: `JobFailure`.
    func check(_ request: RenderRequest) throws {
        if request.document != nil, request.template != nil {
            throw JobFailure(message: "The request has both `document` and `template`; send one of them.")
        }
        for (name, value) in request.variables.sorted(by: { $0.key < $1.key }) {
            if let refusal = policy.refusal(of: value, at: "variables.\(name)") { throw JobFailure(message: refusal) }
        }
        if request.document != nil {
            let object = request.documentObject()
            var defaults = (object["variables"] as? [String: Any])?.compactMapValues { "\($0)" } ?? [:]
            defaults.merge(request.variables) { _, given in given }
            if let refusal = policy.refusal(ofJSON: object, variables: defaults) { throw JobFailure(message: refusal) }
        } else if let name = request.template {
            _ = try templateURL(named: name)
        } else {
            throw JobFailure(message: "The request has neither `document` nor `template`; send one of them.")
        }
    }

    /// Reads and checks the request's document.
    /// - Parameter id: The job's id, naming its work folder.
    /// - Throws: `JobFailure` naming the key path, line and column of the problem.
    func prepare(_ request: RenderRequest, id: String) throws -> Prepared {
        try check(request)
        let url: URL
        var folder: URL?
        if let data = request.document {
            let work = workFolder.appendingPathComponent(id, isDirectory: true)
            do {
                // editly specs are JSON5, which JSON is; every other format reads .json.
                url = try policy.stage(data, fileExtension: request.documentIsEditly ? "json5" : "json", in: work)
            } catch {
                try? FileManager.default.removeItem(at: work)
                throw JobFailure(
                    message: "The server cannot write the job's work folder: \(error.localizedDescription).",
                    isRequestError: false)
            }
            folder = work
        } else if let name = request.template {
            url = try templateURL(named: name)
        } else {
            throw JobFailure(message: "The request has neither `document` nor `template`; send one of them.")
        }
        do {
            let document = try registry.load(contentsOf: url, variables: request.variables)
            return Prepared(plan: try plan(for: document, request: request), folder: folder)
        } catch let failure as JobFailure {
            if let folder { try? FileManager.default.removeItem(at: folder) }
            throw failure
        } catch {
            if let folder { try? FileManager.default.removeItem(at: folder) }
            throw failure(for: error, documentURL: url, workFolder: folder)
        }
    }

    /// The stored template `name`: a file in the asset folder's `templates` folder, with or without
    /// its extension.
    func templateURL(named name: String) throws -> URL {
        guard !name.contains("/"), !name.hasPrefix("."), !name.contains("\\"), !name.isEmpty else {
            throw JobFailure(
                message: "`template` (\(name)) must be a template's name, such as birthday, without folders.")
        }
        let templates = policy.folder.appendingPathComponent("templates", isDirectory: true)
        let candidates =
            [name] + ["yaml", "yml", "json", "json5"].map { "\(name).\($0)" }
        for candidate in candidates {
            let url = templates.appendingPathComponent(candidate)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                return url
            }
        }
        let known =
            (try? FileManager.default.contentsOfDirectory(atPath: templates.path))?
            .filter { !$0.hasPrefix(".") }.map { ($0 as NSString).deletingPathExtension }.sorted() ?? []
        throw JobFailure(
            message:
                "No template is named \(name); \(known.isEmpty ? "the server stores none (templates/ in its asset folder)" : "the server's templates are \(known.joined(separator: ", "))")."
        )
    }

    /// The plan of the request, as every front end makes one: the document's canvas and encoding
    /// request, under the request's preset and quality, for a movie in the request's format.
    private func plan(for document: SceneDocument, request: RenderRequest) throws -> RenderPlan {
        var overrides = RenderOverrides()
        overrides.preset = request.preset.flatMap(Preset.init(rawValue:))
        overrides.crf = request.crf
        let output = URL(fileURLWithPath: "movie").appendingPathExtension(request.format)
        return try RenderPlan(document: document, output: output, overrides: overrides)
    }

    /// A failure that names the problem's place in the document, with the server's paths taken out.
    func failure(for error: Error, documentURL: URL, workFolder: URL?) -> JobFailure {
        var message = "\(error)"
        message = message.replacingOccurrences(of: documentURL.path, with: "document")
        if let workFolder { message = message.replacingOccurrences(of: workFolder.path + "/", with: "") }
        message = message.replacingOccurrences(of: policy.folder.path + "/", with: "")
        let location = (error as? SceneError)?.location
        return JobFailure(message: message, keyPath: location?.keyPath, line: location?.line, column: location?.column)
    }

    /// Renders a prepared job to `output`.
    /// - Parameters:
    ///   - control: Holds the writer so that a cancel stops it; reports progress.
    /// - Throws: What the writer throws (`MovieKitError.cancelled` after a cancel).
    func render(_ prepared: Prepared, to output: URL, control: RenderControl) throws {
        var render = try MovieRender(plan: prepared.plan, images: images)
        render.output = output
        let frames = max(1, render.frameCount)
        try render.run(overwrite: true, cancellation: control.cancellation) { progress in
            control.report(Double(progress.encodedFrames) / Double(frames), frames: progress.encodedFrames)
        }
    }
}

/// Between a render on its own thread and the worker that watches it: the progress, and the writer
/// that a cancel stops.
final class RenderControl: Sendable {
    /// Where a cancel reaches the render's writer.
    let cancellation = WriterCancellation()
    private let reported = Mutex((progress: 0.0, frames: 0))

    var progress: Double { reported.withLock { $0.progress } }
    var frames: Int { reported.withLock { $0.frames } }
    var isCancelled: Bool { cancellation.isCancelled }

    func report(_ progress: Double, frames: Int) {
        reported.withLock { $0 = (min(max(progress, 0), 1), frames) }
    }

    func cancel() { cancellation.cancel() }
}
