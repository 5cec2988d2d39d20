import Foundation
import MovieKitSubtitles
import Testing

/// web-platform-tests' WebVTT file-parsing tests (`Fixtures/wpt-webvtt`, BSD-3-Clause): each test's
/// JavaScript assertions about the browser's `VTTCue` list run, in Node, against the cues this
/// parser reads, written as `moviemake subtitles inspect --json` writes them.
@Suite("WebVTT: web-platform-tests")
struct WebVTTConformanceTests {
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/wpt-webvtt")
    static let harness = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/webvtt-wpt.mjs")

    @Test func everyParsingTestPasses() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.testsFolder.path)
            .filter { $0.hasSuffix(".test") }.map { String($0.dropLast(5)) }.sorted()
        try #require(names.count == 37, "expected the 37 tests that need no DOM, found \(names.count)")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("wpt-webvtt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        for name in names {
            let file = try WebVTTFile(
                contentsOf: Self.testsFolder.appendingPathComponent("vtt").appendingPathComponent("\(name).vtt"))
            try SubtitleInspection(file).json().write(to: output.appendingPathComponent("\(name).json"))
        }
        let node = Process()
        node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        node.arguments = ["node", Self.harness.path, Self.testsFolder.path, "--json-dir", output.path]
        let pipe = Pipe()
        node.standardOutput = pipe
        node.standardError = pipe
        try node.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        node.waitUntilExit()
        #expect(node.terminationStatus == 0, "\(text)")
        #expect(text.contains("37 of 37 WebVTT parsing tests pass"), "\(text)")
    }

    /// The same files in Swift, without Node: a few of the tests' facts checked directly.
    @Test func aFewOfTheTestsFactsHoldInProcess() throws {
        func file(_ name: String) throws -> WebVTTFile {
            try WebVTTFile(contentsOf: Self.testsFolder.appendingPathComponent("vtt/\(name).vtt"))
        }
        #expect(try file("ids").cues.map(\.id) == [" leading space", "trailing space ", "-- >", "->", " "])
        #expect(try file("timings-garbage").cues.isEmpty)
        let negative = try file("timings-negative").cues
        #expect(
            negative.map(\.startTime) == [0, 1, 60, 3600] && negative.map(\.endTime) == [0, 0.999, 59.999, 3599.999])
        let lines = try file("settings-line").cues
        #expect(lines.count == 47 && lines[2].line == .value(0) && lines[2].line.sign == .plus)
        #expect(lines[33].line == .auto)
    }
}

extension WebVTTCue.Line {
    /// The sign of the number, for the test that `-0` reads as zero.
    fileprivate var sign: FloatingPointSign? {
        if case .value(let number) = self { return number.sign }
        return nil
    }
}
