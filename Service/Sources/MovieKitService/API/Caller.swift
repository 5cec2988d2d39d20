import Crypto
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Who is calling: the fingerprint of the bearer token the middleware accepted, for the handlers
/// of that request. Jobs are kept by this fingerprint, never by the token itself.
enum Caller {
    @TaskLocal static var owner: String?

    /// The SHA-256 of a token, in hex.
    static func fingerprint(of token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// What every request goes through before its handler: the bearer token for `/v1`, the body's
/// type and size for a submission, and errors turned into problem documents.
struct ServiceMiddleware: ServerMiddleware {
    /// Fingerprints of the tokens the server accepts.
    let tokens: Set<String>
    /// The largest request body accepted, in bytes.
    let maximumBodySize: Int

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let path = request.path ?? ""
        var owner: String?
        if path.hasPrefix("/v1") {
            guard let header = request.headerFields[.authorization], header.lowercased().hasPrefix("bearer "),
                tokens.contains(
                    Caller.fingerprint(of: String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)))
            else {
                var response = Problem.response(
                    status: 401, title: "Unauthorized",
                    detail:
                        "This request needs a bearer token (Authorization: Bearer TOKEN) that the server knows; the tokens are the lines of its --token-file."
                )
                response.0.headerFields[.wwwAuthenticate] = "Bearer"
                return response
            }
            owner = Caller.fingerprint(of: String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        }
        var body = body
        if let given = body, request.method == .post {
            let type = request.headerFields[.contentType]?.lowercased() ?? ""
            guard type.hasPrefix("application/json") || type.contains("+json") else {
                return Problem.response(
                    status: 415, title: "Unsupported Media Type",
                    detail: "A render request is JSON; send it with Content-Type: application/json.")
            }
            if let length = request.headerFields[.contentLength].flatMap(Int.init), length > maximumBodySize {
                return Problem.tooLarge(limit: maximumBodySize)
            }
            do {
                let bytes = try await [UInt8](collecting: given, upTo: maximumBodySize)
                body = HTTPBody(bytes)
            } catch {
                return Problem.tooLarge(limit: maximumBodySize)
            }
        }
        do {
            var (response, responseBody) = try await Caller.$owner.withValue(owner) {
                try await next(request, body, metadata)
            }
            // The generated code writes header values URI-encoded (style `simple`); these two are
            // paths and ranges that clients read as written.
            for name in [HTTPField.Name.location, .contentRange] {
                if let value = response.headerFields[name], let decoded = value.removingPercentEncoding {
                    response.headerFields[name] = decoded
                }
            }
            return (response, responseBody)
        } catch {
            // A request the generated code cannot decode (a query that is not a number, a body that
            // is not a render request) is the client's to fix.
            let reason = Problem.reason(of: error)
            return Problem.response(status: 400, title: "Bad Request", detail: "The request is malformed: \(reason)")
        }
    }
}

/// RFC 9457 problem documents, for the middleware (which builds raw responses) and the handlers.
enum Problem {
    static func document(
        status: Int, title: String, detail: String, keyPath: String? = nil, line: Int? = nil, column: Int? = nil
    ) -> Components.Schemas.Problem {
        Components.Schemas.Problem(
            _type: "about:blank", title: title, status: status, detail: detail, keyPath: keyPath, line: line,
            column: column)
    }

    static func response(status: Int, title: String, detail: String) -> (HTTPResponse, HTTPBody?) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(document(status: status, title: title, detail: detail))) ?? Data()
        var response = HTTPResponse(status: .init(code: status))
        response.headerFields[.contentType] = "application/problem+json"
        return (response, HTTPBody(data))
    }

    static func tooLarge(limit: Int) -> (HTTPResponse, HTTPBody?) {
        response(
            status: 413, title: "Content Too Large",
            detail:
                "The request body is over the server's limit of \(limit) bytes; put large files in the server's asset folder and name them in the document."
        )
    }

    /// The innermost reason of a decoding error, without the generated code's wrapping.
    static func reason(of error: Error) -> String {
        var current: Error = error
        while true {
            if let server = current as? ServerError {
                current = server.underlyingError
                continue
            }
            if let decoding = current as? DecodingError {
                switch decoding {
                case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                    .valueNotFound(_, let context):
                    let path = context.codingPath.map(\.stringValue).filter { !$0.isEmpty }.joined(separator: ".")
                    return (path.isEmpty ? "" : "`\(path)`: ") + context.debugDescription
                @unknown default:
                    return "\(decoding)"
                }
            }
            return "\(current)"
        }
    }
}
