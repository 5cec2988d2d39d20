import Foundation

/// A submission's body as the worker reads it back from the queue: the generated API types check
/// it against the OpenAPI document on the way in; this is what rendering needs of it.
struct RenderRequest: Sendable {
    /// The document, as JSON bytes, when one was sent inline.
    var document: Data?
    /// Whether the inline document is an editly spec (it has `clips`), which is read as JSON5.
    var documentIsEditly = false
    /// The document's top-level object, for the checks that look inside it (parsed on each call).
    func documentObject() -> [String: Any] {
        (document.flatMap { try? JSONSerialization.jsonObject(with: $0) }) as? [String: Any] ?? [:]
    }
    var template: String?
    var variables: [String: String]
    var format: String
    var preset: String?
    var crf: Int?
    var callbackURL: String?

    /// Reads a stored body.
    /// - Throws: `JobFailure` when the body is not a request (it was checked on the way in, so only a
    ///   damaged database gives this).
    init(json: Data) throws {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw JobFailure(message: "The stored request is not a JSON object; submit the render again.")
        }
        if let document = object["document"] {
            self.document = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
            documentIsEditly = (document as? [String: Any])?["clips"] != nil
        }
        template = object["template"] as? String
        variables = (object["variables"] as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
        format = object["format"] as? String ?? "mp4"
        let settings = object["settings"] as? [String: Any]
        preset = settings?["preset"] as? String
        crf = (settings?["crf"] as? NSNumber)?.intValue
        callbackURL = object["callbackUrl"] as? String
    }
}

/// Why a job cannot render: a full sentence, and where in the document when known.
struct JobFailure: Error, Sendable, CustomStringConvertible {
    var message: String
    var keyPath: String?
    var line: Int?
    var column: Int?
    /// Whether the request itself is at fault (a `422` at submission) rather than the server.
    var isRequestError = true

    var description: String { message }

    var stored: RenderJob.Failure { RenderJob.Failure(message: message, keyPath: keyPath, line: line, column: column) }
}
