import Foundation
import TestSupport
import Testing

/// Accepted jobs survive `kill -9` and SIGTERM; every job renders to completion once in its result.
@Suite("Render service: durability", .serialized)
struct ServiceDurabilityTests {
    static let colors = ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff", "#ff00ff", "#808080", "#ffffff"]

    /// Job 1 renders for a few seconds, so that the server is killed halfway through it.
    static func document(_ index: Int) -> [String: Any] {
        index == 1
            ? Documents.scene(color: colors[1], seconds: 12, width: 1280, height: 720)
            : Documents.scene(color: colors[index % colors.count], seconds: 4, width: 640, height: 352)
    }

    /// The same document rendered alone by `moviemake render`, decoded.
    static func renderedAlone(_ document: [String: Any]) throws -> MovieProbe {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.json")
        try JSONSerialization.data(withJSONObject: document).write(to: file)
        let movie = folder.appendingPathComponent("alone.mp4")
        let run = try ChildProcess.run(
            try ServerProcess.moviemake(), arguments: ["render", file.path, "-o", movie.path, "--quiet"])
        try #require(run.exitStatus == 0, "\(run)")
        return try MovieProbe(url: movie)
    }

    @Test func killNineWhileRenderingLosesNoJobAndEachOutputIsTheRenderDoneAlone() async throws {
        let server = try ServerProcess()
        try server.start()
        let api = APIClient(server)
        var ids: [String] = []
        for index in 0..<8 { ids.append(try await api.submit(Self.document(index))) }
        // Some render, some wait: kill the server halfway through a render that is not the first.
        var interrupted: String?
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, interrupted == nil {
            let jobs = try await api.send(.GET, "/v1/renders?limit=100").json["items"] as? [[String: Any]] ?? []
            if let job = jobs.first(where: {
                $0["status"] as? String == "rendering" && ($0["id"] as? String) != ids[0]
                    && (0.05...0.7).contains($0["progress"] as? Double ?? 0)
            }) {
                server.kill()
                interrupted = job["id"] as? String
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let killed = try #require(interrupted, "the server was killed while a render was under way")
        let restarted = try ServerProcess(data: server.data, assets: server.assets)
        try restarted.start()
        defer { restarted.stop() }
        let again = APIClient(restarted)
        var attempts: [Int] = []
        for (index, id) in ids.enumerated() {
            let job = try await again.waitForEnd(id)
            #expect(job["status"] as? String == "succeeded", "job \(index): \(job)")
            attempts.append(job["attempts"] as? Int ?? 0)
            let file = try await again.send(.GET, "/v1/renders/\(id)/file")
            let movie = FileManager.default.temporaryDirectory.appendingPathComponent("\(id).mp4")
            try file.body.write(to: movie)
            defer { try? FileManager.default.removeItem(at: movie) }
            let served = try MovieProbe(url: movie)
            let alone = try Self.renderedAlone(Self.document(index))
            #expect(served.frames.count == (index == 1 ? 300 : 100) && served.frames.count == alone.frames.count)
            let differing = zip(served.frames, alone.frames).enumerated().filter {
                $0.element.0.rgb != $0.element.1.rgb
            }
            .map(\.offset)
            #expect(
                differing.isEmpty,
                "job \(index) (attempts \(attempts.last ?? 0)) decodes to the frames of the same render done alone; frames \(differing.prefix(10)) differ"
            )
        }
        let killedIndex = try #require(ids.firstIndex(of: killed))
        #expect(
            attempts[killedIndex] == 2, "the job that was rendering when the server died rendered again: \(attempts)")
        #expect(attempts.filter { $0 == 1 }.count == 7, "the others rendered once: \(attempts)")
        #expect(restarted.renderedFiles == ids.map { "\($0).mp4" }.sorted(), "one file per job, no partial file")
    }

    @Test func sigtermLetsTheGracePeriodPassThenRequeuesTheRender() async throws {
        let server = try ServerProcess(extra: ["--grace-period", "0.5"])
        try server.start()
        let api = APIClient(server)
        let id = try await api.submit(Documents.scene(seconds: 120, width: 640, height: 352))
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let job = try await api.send(.GET, "/v1/renders/\(id)").json
            if job["status"] as? String == "rendering", (job["progress"] as? Double ?? 0) > 0 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let started = Date()
        let status = server.stop()
        #expect(status == 143, "SIGTERM ends the server with 128 + 15")
        #expect(Date().timeIntervalSince(started) < 15, "the server stopped soon after the grace period")
        #expect(server.renderedFiles.isEmpty, "no partial file")
        let restarted = try ServerProcess(data: server.data, assets: server.assets)
        try restarted.start()
        defer { restarted.stop() }
        let job = try await APIClient(restarted).send(.GET, "/v1/renders/\(id)").json
        #expect(["queued", "rendering"].contains(job["status"] as? String ?? ""), "\(job)")
        _ = try await APIClient(restarted).send(.DELETE, "/v1/renders/\(id)")
    }

    @Test func aRenderOverTheTimeLimitIsStoppedAndFailsSayingSo() async throws {
        let server = try ServerProcess(extra: ["--render-time-limit", "1"])
        try server.start()
        defer { server.stop() }
        let api = APIClient(server)
        let id = try await api.submit(Documents.scene(seconds: 120, width: 640, height: 352))
        let job = try await api.waitForEnd(id, timeout: 60)
        #expect(job["status"] as? String == "failed")
        #expect(((job["error"] as? [String: Any])?["message"] as? String)?.contains("--render-time-limit") == true)
        #expect(server.renderedFiles.isEmpty, "no partial file")
    }
}
