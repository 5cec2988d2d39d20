import Foundation
import Testing

/// What the service refuses: callers without a token, documents that read outside the asset
/// folder, bodies over the limit; always as a problem document, never a crash.
@Suite("Render service: security", .serialized)
struct ServiceSecurityTests {
    @Test func requestsWithoutAKnownTokenGet401AndTokensSeeOnlyTheirJobs() async throws {
        let server = try ServerProcess()
        try server.start()
        defer { server.stop() }
        for token in [nil, "wrong"] as [String?] {
            let answer = try await APIClient(server, token: token).send(.GET, "/v1/renders")
            #expect(answer.status == 401 && answer.headers.first(name: "WWW-Authenticate") == "Bearer")
            #expect(answer.isProblem)
            #expect(answer.json["status"] as? Int == 401)
        }
        let id = try await APIClient(server).submit(Documents.scene())
        let other = APIClient(server, token: ServerProcess.otherToken)
        #expect(try await other.send(.GET, "/v1/renders/\(id)").status == 404)
        #expect(try await other.send(.DELETE, "/v1/renders/\(id)").status == 404)
        #expect(try await other.send(.GET, "/v1/renders/\(id)/file").status == 404)
    }

    @Test func documentsThatReadOutsideTheAssetFolderAreRefusedBeforeAnyFileIsOpened() async throws {
        let server = try ServerProcess()
        let outside = server.data.deletingLastPathComponent().appendingPathComponent("secret.png")
        try Data("not for documents".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            at: server.assets.appendingPathComponent("link.png"), withDestinationURL: outside)
        try FileManager.default.createDirectory(
            at: server.assets.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: server.assets.appendingPathComponent("photos/etc"), withDestinationURL: URL(fileURLWithPath: "/etc"))
        try server.start()
        defer { server.stop() }
        let api = APIClient(server)
        let sources = [
            "../../etc/passwd", "/etc/passwd", "link.png", "photos/etc/passwd", "file:///etc/passwd",
            "https://example.com/a.png", "photos/../../secret.png", "~/secret.png"
        ]
        for source in sources {
            var document = Documents.scene()
            document["layers"] = [["type": "image", "source": source, "size": [10, 10]]]
            let answer = try await api.send(.POST, "/v1/renders", json: ["document": document])
            #expect(answer.status == 422, "\(source): \(answer.status)")
            #expect(answer.isProblem)
            #expect((answer.json["detail"] as? String)?.contains("layers[0].source") == true, "\(answer.json)")
        }
        // Through a variable, too.
        var templated = Documents.scene()
        templated["layers"] = [["type": "image", "source": "photos/${name}", "size": [10, 10]]]
        let viaVariable = try await api.send(
            .POST, "/v1/renders", json: ["document": templated, "variables": ["name": "../../../etc/passwd"]])
        #expect(viaVariable.status == 422)
        let template = try await api.send(.POST, "/v1/renders", json: ["template": "../secret"])
        #expect(template.status == 422)
        #expect(try await api.send(.GET, "/v1/renders").json["items"] as? [Any] != nil)
        #expect(server.renderedFiles.isEmpty)
    }

    @Test func anOversizedBodyGets413AndAnotherContentTypeGets415() async throws {
        let server = try ServerProcess(extra: ["--max-body-size", "4096"])
        try server.start()
        defer { server.stop() }
        let api = APIClient(server)
        var document = Documents.scene()
        document["layers"] = [["type": "text", "text": String(repeating: "x", count: 8000)]]
        let big = try await api.send(.POST, "/v1/renders", json: ["document": document])
        #expect(big.status == 413 && big.isProblem)
        let text = try await api.send(
            .POST, "/v1/renders", body: Data("{}".utf8), headers: ["Content-Type": "text/plain"])
        #expect(text.status == 415)
        // The server is still up.
        #expect(try await APIClient(server, token: nil).send(.GET, "/healthz").status == 200)
    }
}
