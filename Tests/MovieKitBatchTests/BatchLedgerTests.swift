import Foundation
import MovieKitBatch
import MovieKitCore
import TestSupport
import Testing

@Suite("MovieKitBatch: the ledger and the report")
struct BatchLedgerTests {
    @Test func anOutputIsUpToDateOnlyForItsFingerprintAndWhileTheFileIsUnchanged() throws {
        let folder = try TemporaryDirectory(prefix: "batch-ledger")
        let ledger = BatchLedger(outputFolder: folder.url)
        let output = try folder.write(Data("movie".utf8), to: "a.mp4")
        let settings = try MovieSettings(width: 64, height: 64, fps: 25)
        let fingerprint = BatchLedger.fingerprint(template: "t", variables: ["name": "Ada"], settings: settings)
        #expect(!ledger.isUpToDate(output, fingerprint: fingerprint) && !ledger.wrote(output))
        try ledger.recordWritten(output, fingerprint: fingerprint)
        #expect(ledger.isUpToDate(output, fingerprint: fingerprint) && ledger.wrote(output))
        let other = BatchLedger.fingerprint(template: "t", variables: ["name": "Grace"], settings: settings)
        #expect(other != fingerprint && !ledger.isUpToDate(output, fingerprint: other))
        let slower = try MovieSettings(width: 64, height: 64, fps: 25, preset: .slow)
        #expect(BatchLedger.fingerprint(template: "t", variables: ["name": "Ada"], settings: slower) != fingerprint)
        // A file replaced by hand is not the one recorded.
        try Data("another movie".utf8).write(to: output)
        #expect(!ledger.isUpToDate(output, fingerprint: fingerprint) && !ledger.wrote(output))
    }

    @Test func aReportRoundTripsAndCountsStatuses() throws {
        let folder = try TemporaryDirectory(prefix: "batch-report")
        let report = BatchReport(
            template: "t.yaml", data: "d.csv", output: "out/{id}.mp4", interrupted: false, seconds: 2,
            rows: [
                BatchReport.Row(row: 1, line: 2, output: "out/a.mp4", status: .succeeded, seconds: 1, bytes: 10),
                BatchReport.Row(row: 2, line: 3, output: nil, status: .failed, error: "bad", column: "id")
            ])
        let url = folder.file("sub/report.json")
        try report.write(to: url)
        #expect(try BatchReport.load(from: url) == report)
        #expect(report.count(.failed) == 1 && report.count(.succeeded) == 1 && report.count(.skipped) == 0)
        #expect(throws: BatchError.self) { _ = try BatchReport.load(from: folder.file("none.json")) }
    }
}
