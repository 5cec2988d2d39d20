import Foundation
import Testing

/// Many clients at once: every submission is accepted or refused with 429, none lost.
@Suite("Render service: load", .serialized)
struct ServiceLoadTests {
    @Test func twoHundredSubmissionsFromTwentyClientsAreAcceptedOrRefusedAndNoneIsLost() async throws {
        let server = try ServerProcess(extra: ["--max-queued-per-token", "150"])
        try server.start()
        defer { server.stop() }
        let api = APIClient(server)
        // A render runs while the submissions arrive.
        _ = try await api.submit(Documents.scene(seconds: 8, width: 640, height: 352))
        let results = try await withThrowingTaskGroup(of: [(status: Int, id: String?, seconds: Double)].self) { group in
            for client in 0..<20 {
                group.addTask {
                    var mine: [(Int, String?, Double)] = []
                    for request in 0..<10 {
                        let started = Date()
                        let answer = try await api.send(
                            .POST, "/v1/renders", json: ["document": Documents.scene(seconds: 0.2)],
                            headers: ["Idempotency-Key": "client-\(client)-\(request)"])
                        mine.append((answer.status, answer.json["id"] as? String, Date().timeIntervalSince(started)))
                    }
                    return mine
                }
            }
            var all: [(status: Int, id: String?, seconds: Double)] = []
            for try await part in group { all += part }
            return all
        }
        #expect(results.count == 200)
        #expect(results.allSatisfy { $0.status == 202 || $0.status == 429 }, "\(Set(results.map(\.status)))")
        let accepted = Set(results.filter { $0.status == 202 }.compactMap(\.id))
        #expect(accepted.count == results.filter { $0.status == 202 }.count)
        #expect(results.filter { $0.status == 429 }.count > 0, "the per-token limit of 150 queued was reached")
        var listed: Set<String> = []
        var cursor: String?
        repeat {
            let page = try await api.send(.GET, "/v1/renders?limit=100" + (cursor.map { "&cursor=\($0)" } ?? "")).json
            listed.formUnion((page["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        #expect(accepted.isSubset(of: listed), "every accepted job is in the queue")
        let latencies = results.map(\.seconds).sorted()
        let p99 = latencies[Int(Double(latencies.count - 1) * 0.99)]
        print(
            "Load: 200 submissions, \(accepted.count) accepted, p50 \(Int(latencies[100] * 1000)) ms, p99 \(Int(p99 * 1000)) ms"
        )
        // The goal (p99 under 50 ms) is measured on the release build by `make bench-w7`; this debug
        // build, sharing two cores with the test's own client, checks only that no submission waits
        // behind a render.
        #expect(p99 < 0.5, "p99 submission latency \(Int(p99 * 1000)) ms")
    }
}
