import Foundation
import HTTPTypes
import MovieKitScene
import OpenAPIRuntime

/// The handlers of the OpenAPI document's operations (`openapi.yaml`); the routing, parsing and
/// encoding around them are generated from the document by swift-openapi-generator.
struct RenderAPI: APIProtocol {
    let queue: any JobQueue
    let renderer: JobRenderer
    let outputs: URL
    let metrics: ServiceMetrics
    let maximumQueuedPerOwner: Int
    /// Whether the server has a webhook secret, without which a `callbackUrl` cannot be signed.
    let signsWebhooks: Bool
    /// Set once a graceful shutdown began: submissions get `503`.
    let stopping: ShutdownFlag
    /// The OpenAPI document as served.
    let documentYAML: String
    let documentJSON: Data

    private var owner: String { Caller.owner ?? "" }

    // MARK: - Renders

    func createRender(_ input: Operations.CreateRender.Input) async throws -> Operations.CreateRender.Output {
        guard case .json(let body) = input.body else { return .badRequest(problem(400, "The body is not JSON.")) }
        if stopping.isSet {
            return .serviceUnavailable(
                problem(
                    503,
                    "The server is shutting down and takes no new renders; submit again to another server or in a moment."
                ))
        }
        if let key = input.headers.idempotencyKey, key.isEmpty || key.count > 255 {
            return .badRequest(problem(400, "The Idempotency-Key header must be 1 to 255 characters."))
        }
        if let refusal = Self.check(body) { return .badRequest(problem(400, refusal)) }
        if body.callbackUrl != nil, !signsWebhooks {
            return .unprocessableContent(
                problem(
                    422,
                    "The request names a callbackUrl, and this server has no --webhook-secret-file to sign webhooks with; leave callbackUrl out and poll the render, or ask the operator to set one."
                ))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(body)
        let request = try RenderRequest(json: data)
        let id = Self.makeID()
        // What can be checked without reading the document is checked now; the worker reads it.
        do {
            try renderer.check(request)
        } catch let failure as JobFailure {
            return .unprocessableContent(
                .init(
                    body: .applicationProblemJson(
                        Problem.document(
                            status: 422, title: "Unprocessable Content", detail: failure.message,
                            keyPath: failure.keyPath, line: failure.line, column: failure.column))))
        }
        let job = RenderJob(
            id: id, owner: owner, idempotencyKey: input.headers.idempotencyKey, status: .queued, progress: 0,
            format: request.format, request: data, createdAt: Date(), attempts: 0, callbackURL: request.callbackURL)
        do {
            let (stored, created) = try await queue.submit(job, queuedLimit: maximumQueuedPerOwner)
            if created {
                return .accepted(
                    .init(headers: .init(location: "/v1/renders/\(stored.id)"), body: .json(present(stored))))
            }
            return .ok(.init(body: .json(present(stored))))
        } catch QueueRefusal.tooManyQueued(let limit) {
            return .tooManyRequests(
                .init(
                    headers: .init(retryAfter: 5),
                    body: .applicationProblemJson(
                        Problem.document(
                            status: 429, title: "Too Many Requests",
                            detail:
                                "This token has \(limit) renders queued, the server's limit; wait for some to finish, then submit again."
                        ))))
        }
    }

    func listRenders(_ input: Operations.ListRenders.Input) async throws -> Operations.ListRenders.Output {
        let limit = input.query.limit ?? 20
        guard (1...100).contains(limit) else {
            return .badRequest(problem(400, "`limit` is \(limit); give 1 to 100."))
        }
        if let cursor = input.query.cursor, cursor.count > 64 {
            return .badRequest(problem(400, "`cursor` is not a cursor this server gave; use a page's nextCursor."))
        }
        let jobs = try await queue.jobs(owner: owner, limit: limit, after: input.query.cursor)
        return .ok(
            .init(body: .json(.init(items: jobs.map(present), nextCursor: jobs.count == limit ? jobs.last?.id : nil))))
    }

    func getRender(_ input: Operations.GetRender.Input) async throws -> Operations.GetRender.Output {
        guard Self.isValidID(input.path.id) else { return .badRequest(problem(400, "The id is 1 to 64 characters.")) }
        guard let job = try await queue.job(id: input.path.id, owner: owner) else {
            return .notFound(problem(404, "No render of this token has the id \(input.path.id)."))
        }
        return .ok(.init(body: .json(present(job))))
    }

    func cancelRender(_ input: Operations.CancelRender.Input) async throws -> Operations.CancelRender.Output {
        guard Self.isValidID(input.path.id) else { return .badRequest(problem(400, "The id is 1 to 64 characters.")) }
        guard let job = try await queue.cancel(id: input.path.id, owner: owner) else {
            return .notFound(problem(404, "No render of this token has the id \(input.path.id)."))
        }
        return .ok(.init(body: .json(present(job))))
    }

    func getRenderFile(_ input: Operations.GetRenderFile.Input) async throws -> Operations.GetRenderFile.Output {
        guard Self.isValidID(input.path.id) else { return .badRequest(problem(400, "The id is 1 to 64 characters.")) }
        guard let job = try await queue.job(id: input.path.id, owner: owner) else {
            return .notFound(problem(404, "No render of this token has the id \(input.path.id)."))
        }
        guard job.status == .succeeded else {
            return .conflict(
                problem(409, "The render is \(job.status.rawValue); its file exists once it has succeeded."))
        }
        let url = outputs.appendingPathComponent(job.fileName)
        guard let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
        else {
            return .conflict(problem(409, "The render's file is no longer on the server; submit the render again."))
        }
        switch ByteRange.parse(input.headers.range, size: size) {
        case .whole:
            let body = FileChunks.body(of: url, range: 0..<size)
            let headers = Operations.GetRenderFile.Output.Ok.Headers(acceptRanges: "bytes", contentLength: size)
            switch job.format {
            case "webm": return .ok(.init(headers: headers, body: .videoWebm(body)))
            case "mov": return .ok(.init(headers: headers, body: .videoQuicktime(body)))
            case "gif": return .ok(.init(headers: headers, body: .imageGif(body)))
            default: return .ok(.init(headers: headers, body: .videoMp4(body)))
            }
        case .partial(let range):
            return .partialContent(
                .init(
                    headers: .init(
                        contentRange: "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)",
                        contentLength: range.count),
                    body: .binary(FileChunks.body(of: url, range: range))))
        case .unsatisfiable:
            return .rangeNotSatisfiable(
                .init(
                    headers: .init(contentRange: "bytes */\(size)"),
                    body: .applicationProblemJson(
                        Problem.document(
                            status: 416, title: "Range Not Satisfiable",
                            detail: "The file has \(size) bytes; ask for a range inside them, such as bytes=0-1023."))))
        }
    }

    // MARK: - Service

    func getHealth(_ input: Operations.GetHealth.Input) async throws -> Operations.GetHealth.Output {
        do {
            let counts = try await queue.counts()
            return .ok(
                .init(body: .json(.init(status: .ok, queued: counts[.queued] ?? 0, rendering: counts[.rendering] ?? 0)))
            )
        } catch {
            return .serviceUnavailable(problem(503, "The queue cannot be reached: \(error)."))
        }
    }

    func getMetrics(_ input: Operations.GetMetrics.Input) async throws -> Operations.GetMetrics.Output {
        let counts = (try? await queue.counts()) ?? [:]
        return .ok(.init(body: .plainText(HTTPBody(metrics.text(counts: counts)))))
    }

    func getOpenAPIDocument(_ input: Operations.GetOpenAPIDocument.Input) async throws
        -> Operations.GetOpenAPIDocument.Output
    {
        let object =
            (try? JSONDecoder().decode(OpenAPIObjectContainer.self, from: documentJSON)) ?? OpenAPIObjectContainer()
        return .ok(.init(body: .json(object)))
    }

    func getOpenAPIDocumentYAML(_ input: Operations.GetOpenAPIDocumentYAML.Input) async throws
        -> Operations.GetOpenAPIDocumentYAML.Output
    {
        .ok(.init(body: .yaml(HTTPBody(documentYAML))))
    }

    // MARK: - Helpers

    /// A job as the API shows it.
    func present(_ job: RenderJob) -> Components.Schemas.Render {
        Components.Schemas.Render(
            id: job.id, status: Components.Schemas.Status(rawValue: job.status.rawValue) ?? .failed,
            progress: job.progress, format: Components.Schemas.Format(rawValue: job.format) ?? .mp4,
            createdAt: job.createdAt, startedAt: job.startedAt, finishedAt: job.finishedAt, attempts: job.attempts,
            bytes: job.bytes, fileUrl: job.status == .succeeded ? "/v1/renders/\(job.id)/file" : nil,
            error: job.failure.map {
                Components.Schemas.RenderError(
                    message: $0.message, keyPath: $0.keyPath, line: $0.line, column: $0.column)
            })
    }

    private func problem<Response: ProblemResponse>(_ status: Int, _ detail: String) -> Response {
        Response(problem: Problem.document(status: status, title: Self.title(status), detail: detail))
    }

    static func title(_ status: Int) -> String {
        switch status {
        case 400: "Bad Request"
        case 404: "Not Found"
        case 409: "Conflict"
        case 422: "Unprocessable Content"
        case 503: "Service Unavailable"
        default: "Error"
        }
    }

    /// Checks what the OpenAPI document constrains and the generated code does not: lengths and URLs.
    static func check(_ body: Components.Schemas.RenderRequest) -> String? {
        if (body.document == nil) == (body.template == nil) {
            return
                "Send exactly one of `document` (a scene document as JSON) and `template` (the name of a stored template)."
        }
        if let template = body.template, template.isEmpty || template.count > 200 {
            return "`template` is 1 to 200 characters."
        }
        if let variables = body.variables?.additionalProperties {
            for (name, value) in variables where value.count > 10_000 {
                return "`variables.\(name)` is longer than 10000 characters."
            }
        }
        if let crf = body.settings?.crf, !(0...51).contains(crf) { return "`settings.crf` is \(crf); give 0 to 51." }
        if let callback = body.callbackUrl {
            guard callback.count <= 2000, let url = URL(string: callback), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host != nil
            else { return "`callbackUrl` must be an http or https URL of at most 2000 characters." }
        }
        return nil
    }

    static func isValidID(_ id: String) -> Bool { (1...64).contains(id.count) }

    /// A new id: the time in milliseconds and random bits, in hex, so that ids sort by submission.
    static func makeID() -> String {
        let milliseconds = UInt64(Date().timeIntervalSince1970 * 1000)
        let time = String(milliseconds, radix: 16)
        let random = String(UInt64.random(in: 0..<(1 << 40)), radix: 16)
        return "r" + String(repeating: "0", count: max(0, 12 - time.count)) + time
            + String(repeating: "0", count: max(0, 10 - random.count)) + random
    }
}

/// The generated responses that carry a problem document.
protocol ProblemResponse {
    init(problem: Components.Schemas.Problem)
}

extension Components.Responses.BadRequest: ProblemResponse {
    init(problem: Components.Schemas.Problem) { self.init(body: .applicationProblemJson(problem)) }
}

extension Components.Responses.NotFound: ProblemResponse {
    init(problem: Components.Schemas.Problem) { self.init(body: .applicationProblemJson(problem)) }
}

extension Components.Responses.Conflict: ProblemResponse {
    init(problem: Components.Schemas.Problem) { self.init(body: .applicationProblemJson(problem)) }
}

extension Components.Responses.Unavailable: ProblemResponse {
    init(problem: Components.Schemas.Problem) { self.init(body: .applicationProblemJson(problem)) }
}

extension Components.Responses.Unprocessable: ProblemResponse {
    init(problem: Components.Schemas.Problem) { self.init(body: .applicationProblemJson(problem)) }
}
