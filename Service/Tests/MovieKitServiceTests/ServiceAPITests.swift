import Foundation
import TestSupport
import Testing

/// The API as a client sees it, against `moviemake serve` in a child process.
@Suite("Render service: the API", .serialized)
struct ServiceAPITests {
    @Test func aSubmittedDocumentRendersAndDownloadsWholeAndInRanges() async throws {
        let server = try ServerProcess()
        try server.start()
        defer { server.stop() }
        let api = APIClient(server)
        let id = try await api.submit(Documents.scene(color: "#ff0000"))
        let job = try await api.waitForEnd(id)
        #expect(job["status"] as? String == "succeeded" && job["progress"] as? Double == 1, "\(job)")
        #expect(job["fileUrl"] as? String == "/v1/renders/\(id)/file")
        let file = try await api.send(.GET, "/v1/renders/\(id)/file")
        #expect(file.status == 200 && file.headers.first(name: "Content-Type") == "video/mp4")
        #expect(file.body.count == job["bytes"] as? Int)
        let movie = FileManager.default.temporaryDirectory.appendingPathComponent("\(id).mp4")
        try file.body.write(to: movie)
        defer { try? FileManager.default.removeItem(at: movie) }
        let probe = try MovieProbe(url: movie)
        #expect(probe.frames.count == 25 && probe.width == 320 && probe.height == 176)
        let pixel = probe.frames[12].pixel(x: 300, y: 8)
        #expect(pixel.r > 240 && pixel.g < 16 && pixel.b < 16, "\(pixel)")

        let range = try await api.send(.GET, "/v1/renders/\(id)/file", headers: ["Range": "bytes=10-109"])
        #expect(range.status == 206 && range.body == file.body[10..<110])
        #expect(range.headers.first(name: "Content-Range") == "bytes 10-109/\(file.body.count)")
        let suffix = try await api.send(.GET, "/v1/renders/\(id)/file", headers: ["Range": "bytes=-5"])
        #expect(suffix.status == 206 && suffix.body == file.body.suffix(5))
        let outside = try await api.send(.GET, "/v1/renders/\(id)/file", headers: ["Range": "bytes=99999999-"])
        #expect(outside.status == 416 && outside.headers.first(name: "Content-Range") == "bytes */\(file.body.count)")
    }

    @Test func aRetriedSubmissionWithTheSameIdempotencyKeyReturnsTheSameJob() async throws {
        let server = try ServerProcess()
        try server.start()
        defer { server.stop() }
        let api = APIClient(server)
        let body: [String: Any] = ["document": Documents.scene()]
        let first = try await api.send(.POST, "/v1/renders", json: body, headers: ["Idempotency-Key": "order-17"])
        let second = try await api.send(.POST, "/v1/renders", json: body, headers: ["Idempotency-Key": "order-17"])
        #expect(first.status == 202 && second.status == 200)
        #expect(first.json["id"] as? String == second.json["id"] as? String)
        #expect(first.headers.first(name: "Location") == "/v1/renders/\(first.json["id"] as? String ?? "")")
        // Another token's key is its own.
        let other = try await APIClient(server, token: ServerProcess.otherToken)
            .send(.POST, "/v1/renders", json: body, headers: ["Idempotency-Key": "order-17"])
        #expect(other.status == 202 && other.json["id"] as? String != first.json["id"] as? String)
        let list = try await api.send(.GET, "/v1/renders").json["items"] as? [[String: Any]]
        #expect(list?.count == 1, "one job for this token")
    }

    @Test func aQueuedRenderCanBeCancelledAndPagesListNewestFirst() async throws {
        let server = try ServerProcess()
        try server.start()
        defer { server.stop() }
        let api = APIClient(server)
        var ids: [String] = []
        // The first renders for a while, so the others wait.
        ids.append(try await api.submit(Documents.scene(seconds: 6, width: 640, height: 352)))
        for _ in 0..<4 { ids.append(try await api.submit(Documents.scene())) }
        let cancelled = try await api.send(.DELETE, "/v1/renders/\(ids[4])")
        #expect(cancelled.status == 200 && cancelled.json["status"] as? String == "cancelled")
        let noFile = try await api.send(.GET, "/v1/renders/\(ids[4])/file")
        #expect(noFile.status == 409 && noFile.isProblem)
        var seen: [String] = []
        var cursor: String?
        repeat {
            let page = try await api.send(.GET, "/v1/renders?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")).json
            seen += (page["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        #expect(seen == ids.reversed())
        #expect(try await api.send(.GET, "/v1/renders?limit=0").status == 400)
        let end = try await api.waitForEnd(ids[3])
        #expect(end["status"] as? String == "succeeded")
        #expect(try await api.waitForEnd(ids[4])["status"] as? String == "cancelled")
        #expect(!server.renderedFiles.contains("\(ids[4]).mp4"))
    }

    @Test func aDocumentThatCannotRenderFailsWithItsPositionAndMalformedRequestsGet400() async throws {
        let server = try ServerProcess()
        try server.start()
        defer { server.stop() }
        let api = APIClient(server)
        var document = Documents.scene()
        document["layers"] = [["type": "rect", "size": [10, 10], "fill": "not-a-colour"]]
        // Accepted at once; the worker reads the document before its first frame and records why it failed.
        let id = try await api.submit(document)
        let job = try await api.waitForEnd(id)
        #expect(job["status"] as? String == "failed")
        let error = try #require(job["error"] as? [String: Any])
        #expect(error["keyPath"] as? String == "layers[0].fill")
        #expect((error["message"] as? String)?.contains("not-a-colour") == true)
        #expect((error["message"] as? String)?.contains(server.data.path) == false, "no server paths")
        #expect(try await api.send(.GET, "/v1/renders/\(id)/file").status == 409)
        let malformed = try await api.send(.POST, "/v1/renders", json: ["document": document, "extra": 1])
        #expect(malformed.status == 400 && malformed.isProblem)
        let neither = try await api.send(.POST, "/v1/renders", json: ["format": "mp4"])
        #expect(neither.status == 400 && neither.isProblem)
        let wrongType = try await api.send(.POST, "/v1/renders", json: ["document": document, "format": "avi"])
        #expect(wrongType.status == 400 && wrongType.isProblem)
    }

    @Test func aStoredTemplateRendersWithItsVariables() async throws {
        let server = try ServerProcess()
        let templates = server.assets.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data(
            """
            canvas: { width: 160, height: 96, fps: 10, duration: 1, background: "${color}" }
            variables: { color: "#000000" }
            layers: []
            """.utf8
        ).write(to: templates.appendingPathComponent("card.yaml"))
        try server.start()
        defer { server.stop() }
        let api = APIClient(server)
        let answer = try await api.send(
            .POST, "/v1/renders", json: ["template": "card", "variables": ["color": "#00ff00"], "format": "webm"])
        #expect(answer.status == 202, "\(String(decoding: answer.body, as: UTF8.self))")
        let id = try #require(answer.json["id"] as? String)
        #expect(try await api.waitForEnd(id)["status"] as? String == "succeeded")
        let file = try await api.send(.GET, "/v1/renders/\(id)/file")
        #expect(file.headers.first(name: "Content-Type") == "video/webm")
        let movie = FileManager.default.temporaryDirectory.appendingPathComponent("\(id).webm")
        try file.body.write(to: movie)
        defer { try? FileManager.default.removeItem(at: movie) }
        let probe = try MovieProbe(url: movie, codecName: "vp9")
        #expect(probe.frames.count == 10)
        let pixel = probe.frames[5].pixel(x: 80, y: 48)
        #expect(pixel.g > 230 && pixel.r < 30, "\(pixel)")
        let missing = try await api.send(.POST, "/v1/renders", json: ["template": "nope"])
        #expect(missing.status == 422 && (missing.json["detail"] as? String)?.contains("card") == true)
    }

    @Test func healthMetricsAndTheOpenAPIDocumentAreServed() async throws {
        let server = try ServerProcess()
        try server.start()
        defer { server.stop() }
        let api = APIClient(server, token: nil)
        let health = try await api.send(.GET, "/healthz")
        #expect(health.status == 200 && health.json["status"] as? String == "ok")
        let id = try await APIClient(server).submit(Documents.scene())
        _ = try await APIClient(server).waitForEnd(id)
        let metrics = String(decoding: try await api.send(.GET, "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"moviekit_jobs_count{status="succeeded"} 1"#), "\(metrics)")
        #expect(metrics.contains(#"moviekit_renders_finished_total{status="succeeded"} 1"#))
        #expect(metrics.contains("moviekit_queue_length 0"))
        let document = try await api.send(.GET, "/openapi.json").json
        #expect(document["openapi"] as? String == "3.1.0")
        #expect((document["paths"] as? [String: Any])?["/v1/renders"] != nil)
        let yaml = String(decoding: try await api.send(.GET, "/openapi.yaml").body, as: UTF8.self)
        #expect(yaml.hasPrefix("openapi: 3.1.0"))
    }
}
