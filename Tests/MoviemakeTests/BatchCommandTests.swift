import Foundation
import TestSupport
import Testing

/// `moviemake batch`, run as a user would: the built `moviemake` in a child process, its videos decoded.
@Suite("moviemake: batch")
struct BatchCommandTests {
    /// A template whose background is the row's colour, and a rectangle that the row's `size` sets.
    static let template = """
        canvas:
          width: 96
          height: 64
          fps: 10
          duration: "${seconds}"
          background: "${color}"
        variables:
          seconds: "1"
        layers:
          - type: rect
            size: ["${size}", 16]
            position: [48, 32]
            fill: "#ffffff"
        """

    static let colors = [
        "#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff", "#ff00ff", "#800000", "#008000", "#000080", "#808000",
        "#008080", "#800080"
    ]

    /// 12 rows; row 7 (line 8) has a size that is not a number.
    static func rows(badSize: String = "big") -> String {
        "id,color,size\n"
            + colors.enumerated().map { index, color in "v\(index + 1),\(color),\(index == 6 ? badSize : "20")" }
            .joined(separator: "\n") + "\n"
    }

    static func setUp(rows: String = rows()) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(template.utf8).write(to: folder.appendingPathComponent("card.yaml"))
        try Data(rows.utf8).write(to: folder.appendingPathComponent("rows.csv"))
        return folder
    }

    static func batch(_ arguments: [String], in folder: URL) throws -> SubtitlesCommandTests.Run {
        try SubtitlesCommandTests.moviemake(
            ["batch", "card.yaml", "--data", "rows.csv", "-o", "out/{id}.mp4"] + arguments, in: folder)
    }

    static func report(in folder: URL) throws -> [[String: Any]] {
        let data = try Data(contentsOf: folder.appendingPathComponent("batch.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["rows"] as? [[String: Any]])
    }

    static func videos(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func twelveRowsWithOneBadRowRenderElevenAndRerunsAreIncremental() throws {
        let folder = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try Self.batch(["--report", "batch.json", "--jobs", "2"], in: folder)
        #expect(first.status == 1, "a failed row makes the exit status 1: \(first.errors)")
        #expect(first.errors.contains("rows.csv:8: row 7, column `size`"), "\(first.errors)")
        #expect(try Self.videos(in: folder) == (1...12).filter { $0 != 7 }.map { "v\($0).mp4" }.sorted())
        // Each video is its row's: 10 frames of its colour.
        for (index, color) in Self.colors.enumerated() where index != 6 {
            let probe = try MovieProbe(url: folder.appendingPathComponent("out/v\(index + 1).mp4"))
            #expect(probe.frames.count == 10 && probe.width == 96 && probe.height == 64)
            let pixel = probe.frames[5].pixel(x: 4, y: 4)
            let expected = (
                Int(color.dropFirst(1).prefix(2), radix: 16) ?? 0, Int(color.dropFirst(3).prefix(2), radix: 16) ?? 0,
                Int(color.dropFirst(5).prefix(2), radix: 16) ?? 0
            )
            #expect(
                abs(pixel.r - expected.0) <= 6 && abs(pixel.g - expected.1) <= 6 && abs(pixel.b - expected.2) <= 6,
                "row \(index + 1): \(pixel) is not \(color)")
        }
        let rows = try Self.report(in: folder)
        #expect(rows.count == 12)
        let bad = try #require(rows.first { $0["row"] as? Int == 7 })
        #expect(bad["status"] as? String == "failed" && bad["line"] as? Int == 8 && bad["column"] as? String == "size")
        #expect((bad["error"] as? String)?.contains("\"big\"") == true)
        #expect(rows.filter { $0["status"] as? String == "succeeded" }.count == 11)
        #expect(rows.allSatisfy { ($0["status"] as? String == "succeeded") == (($0["bytes"] as? Int ?? 0) > 0) })

        // A rerun renders nothing: every video is up to date, and the bad row fails again.
        let modified =
            try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent("out/v1.mp4").path)[.modificationDate] as? Date
        let second = try Self.batch(["--report", "batch.json"], in: folder)
        #expect(second.status == 1)
        let again = try Self.report(in: folder)
        #expect(again.filter { $0["status"] as? String == "skipped" }.count == 11)
        #expect(
            try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent("out/v1.mp4").path)[.modificationDate] as? Date == modified)

        // Fixed, --retry-failed renders the one row.
        try Data(Self.rows(badSize: "30").utf8).write(to: folder.appendingPathComponent("rows.csv"))
        let third = try Self.batch(["--report", "batch.json", "--retry-failed"], in: folder)
        #expect(third.status == 0, "\(third.errors)")
        let last = try Self.report(in: folder)
        #expect(last.filter { $0["status"] as? String == "succeeded" }.map { $0["row"] as? Int } == [7])
        #expect(last.filter { $0["status"] as? String == "skipped" }.count == 11)
        #expect(try MovieProbe(url: folder.appendingPathComponent("out/v7.mp4")).frames.count == 10)

        // A changed setting makes other videos: a rerun at another frame rate renders all twelve.
        let fourth = try Self.batch(["--report", "batch.json", "--fps", "5"], in: folder)
        #expect(fourth.status == 0, "\(fourth.errors)")
        #expect(try Self.report(in: folder).allSatisfy { $0["status"] as? String == "succeeded" })
        #expect(try MovieProbe(url: folder.appendingPathComponent("out/v3.mp4")).frames.count == 5)
    }

    @Test func columnsTheTemplateDoesNotUseAndPlaceholdersTheDataLacksStopTheBatchBeforeAnyFrame() throws {
        let folder = try Self.setUp(rows: "id,color,size,colour\na,#ff0000,20,red\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.batch([], in: folder)
        #expect(run.status == 1)
        #expect(run.errors.contains("`colour`") && run.errors.contains("--allow-extra-columns"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
        let allowed = try Self.batch(["--allow-extra-columns"], in: folder)
        #expect(allowed.status == 0, "\(allowed.errors)")

        let process = try Self.batch(["-o", "out/{name}.mp4"], in: folder)
        #expect(process.status != 0 && process.errors.contains("{name}"), "\(process.errors)")
    }

    @Test func aFileThatWasNotWrittenByTheBatchIsKeptUnlessOverwriteIsGiven() throws {
        let folder = try Self.setUp(rows: "id,color,size\na,#ff0000,20\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("out/a.mp4"))
        let run = try Self.batch([], in: folder)
        #expect(run.status == 1 && run.errors.contains("pass -y"), "\(run.errors)")
        #expect(try Data(contentsOf: folder.appendingPathComponent("out/a.mp4")) == Data("mine".utf8))
        #expect(try Self.batch(["-y"], in: folder).status == 0)
        #expect(try MovieProbe(url: folder.appendingPathComponent("out/a.mp4")).frames.count == 10)
    }

    @Test func ctrlCMidBatchLeavesNoPartialFileAndTheReportSaysWhereItStopped() throws {
        let rows = "id,color,size,seconds\n" + (1...6).map { "v\($0),#336699,20,600" }.joined(separator: "\n") + "\n"
        let folder = try Self.setUp(rows: rows)
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out")
        let process = Process()
        process.executableURL = try SignalTests.moviemakeExecutable()
        process.arguments = [
            "batch", "card.yaml", "--data", "rows.csv", "-o", "out/{id}.mp4", "--report", "batch.json", "--jobs", "2",
            "--preset", "veryslow", "--progress", "none"
        ]
        process.currentDirectoryURL = folder
        process.standardError = Pipe()
        try process.run()
        #expect(SignalTests.waitForUnnamedMovie(of: process.processIdentifier, in: out, seconds: 20))
        Thread.sleep(forTimeInterval: 0.3)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        #expect(try Self.videos(in: folder).isEmpty, "no partial video")
        let report =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("batch.json"))) as? [String: Any]
        #expect(report?["interrupted"] as? Bool == true)
        let statuses = (report?["rows"] as? [[String: Any]])?.compactMap { $0["status"] as? String }
        #expect(statuses == Array(repeating: "cancelled", count: 6))
    }

    @Test func aCanvasTheCodecCannotTakeFailsEachRowWithAdviceAndAnotherFormatRendersIt() throws {
        let folder = try Self.setUp(rows: "id,color,size\na,#ff0000,20\nb,#00ff00,20\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let odd = Self.template.replacingOccurrences(of: "width: 96", with: "width: 100")
        try Data(odd.utf8).write(to: folder.appendingPathComponent("card.yaml"))
        let run = try Self.batch(["--report", "batch.json"], in: folder)
        #expect(run.status == 1)
        #expect(run.errors.contains("row 1") && run.errors.contains("--size"), "\(run.errors)")
        #expect(try Self.report(in: folder).allSatisfy { $0["status"] as? String == "failed" })
        // VP9 in WebM takes any size.
        let webm = try SubtitlesCommandTests.moviemake(
            ["batch", "card.yaml", "--data", "rows.csv", "-o", "webm/{id}.webm"], in: folder)
        #expect(webm.status == 0, "\(webm.errors)")
        let probe = try MovieProbe(url: folder.appendingPathComponent("webm/a.webm"), codecName: "vp9")
        #expect(probe.width == 100 && probe.frames.count == 10)
    }
}
