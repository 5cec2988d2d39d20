import Foundation
import Testing

/// Two servers on one PostgreSQL queue (MOVIEKIT_TEST_POSTGRES_URL, set by `make test-service`,
/// which starts Debian's PostgreSQL on a private port).
@Suite(
    "Render service: a queue on PostgreSQL", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["MOVIEKIT_TEST_POSTGRES_URL"] != nil))
struct ServicePostgresTests {
    @Test func twoWorkersRenderTwentyJobsExactlyOnceWhenOneIsKilledMidRender() async throws {
        let url = try #require(ProcessInfo.processInfo.environment["MOVIEKIT_TEST_POSTGRES_URL"])
        let first = try ServerProcess(extra: ["--queue", url, "--lease", "3"])
        try first.start()
        let second = try ServerProcess(data: first.data, assets: first.assets, extra: ["--queue", url, "--lease", "3"])
        try second.start()
        defer { second.stop() }
        let api = APIClient(second)
        var ids: [String] = []
        for index in 0..<20 {
            ids.append(
                try await api.submit(
                    Documents.scene(
                        color: index % 2 == 0 ? "#ff0000" : "#0000ff", seconds: 6, width: 1280, height: 720)))
        }
        // Kill the first server while it renders one of them.
        let deadline = Date().addingTimeInterval(120)
        var killed = false
        while Date() < deadline, !killed {
            let jobs = try await api.send(.GET, "/v1/renders?limit=100").json["items"] as? [[String: Any]] ?? []
            let rendering = jobs.filter { $0["status"] as? String == "rendering" }
            if rendering.count == 2, rendering.allSatisfy({ ($0["progress"] as? Double ?? 0) < 0.6 }) {
                first.kill()
                killed = true
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(killed, "both servers were rendering at once")
        var attempts: [Int] = []
        for id in ids {
            let job = try await api.waitForEnd(id, timeout: 240)
            #expect(job["status"] as? String == "succeeded", "\(job)")
            attempts.append(job["attempts"] as? Int ?? 0)
        }
        #expect(attempts.contains(2), "the killed server's job went to the other: \(attempts)")
        #expect(attempts.allSatisfy { $0 <= 2 })
        #expect(second.renderedFiles == ids.map { "\($0).mp4" }.sorted(), "one file per job")
        let metrics = String(
            decoding: try await APIClient(second, token: nil).send(.GET, "/metrics").body, as: UTF8.self)
        #expect(metrics.contains(#"moviekit_jobs_count{status="succeeded"} 20"#))
    }
}
