import Foundation
import Testing

/// `moviemake lint`: every key problem of a scene file in one run, with its line and column.
@Suite("moviemake lint")
struct LintCommandTests {
    /// Six keys the reader does not know: in the canvas, at the top, on two layers, in an `animate`
    /// block and on a sound.
    static let sixMistakes = """
        canvas: {width: 64, height: 32, duration: 1, colour: red}
        speed: 2
        layers:
          - type: rect
            sise: [10, 10]
            animate:
              opactiy: {from: 0, to: 1}
          - {type: text, text: hi, fnt: {size: 10}}
        audio:
          - {path: a.wav, volum: 1}
        """

    static func lint(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = try SignalTests.moviemakeExecutable()
        process.arguments = ["lint"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, printed, said)
    }

    @Test func everyUnknownKeyIsReportedInOneRunWithItsLineAndColumn() throws {
        let folder = try ChunkCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.yaml")
        try Data(Self.sixMistakes.utf8).write(to: file)
        let run = try Self.lint([file.path])
        #expect(run.status == 1)
        let lines = run.output.split(separator: "\n").map(String.init)
        let expected = [
            ("1:46", "`canvas.colour`"), ("2:1", "`speed`"),
            ("5:5", "`layers[0].sise` is not a known key. Did you mean `size`?"),
            ("7:7", "`layers[0].animate.opactiy` is not a known key. Did you mean `opacity`?"),
            ("8:28", "`layers[1].fnt` is not a known key. Did you mean `font`?"),
            ("10:19", "`audio[0].volum` is not a known key. Did you mean `volume`?")
        ]
        #expect(lines.count == expected.count, "\(lines)")
        for (line, (position, text)) in zip(lines, expected) {
            #expect(line.hasPrefix("\(file.path):\(position): \(text)"), "\(line)")
        }
        #expect(run.errors.contains("6 errors, 0 warnings."))
    }

    @Test func theJSONFormHasEveryKeyOfEveryProblem() throws {
        let folder = try ChunkCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scene.json")
        try Data(
            #"{"canvas": {"width": 64, "height": 32, "duration": 1}, "layers": [{"type": "rect", "sise": [1, 1]}]}"#
                .utf8
        )
        .write(to: file)
        let run = try Self.lint([file.path, "--json"])
        #expect(run.status == 1)
        let problems = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]])
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(Set(problem.keys) == ["severity", "message", "file", "line", "column", "keyPath", "fix"])
        #expect(problem["severity"] as? String == "error" && problem["keyPath"] as? String == "layers[0].sise")
        #expect(problem["fix"] as? String == "Use `size`." && problem["file"] as? String == file.path)
        #expect(problem["line"] is NSNull, "JSON values have no positions")
    }

    @Test func aGoodDocumentHasNoProblemsAndAValueProblemIsTheReadersFirst() throws {
        let folder = try ChunkCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.yaml")
        try Data("canvas: {width: 64, height: 32, duration: 1}\nlayers:\n  - {type: rect, size: [8, 8]}\n".utf8)
            .write(to: good)
        let clean = try Self.lint([good.path])
        #expect(clean.status == 0 && clean.output.isEmpty && clean.errors.contains("no problems"))
        let bad = folder.appendingPathComponent("bad.yaml")
        try Data("canvas: {width: 64, height: 32, duration: 1}\nlayers:\n  - {type: rect, opacity: lots}\n".utf8)
            .write(to: bad)
        let run = try Self.lint([good.path, bad.path])
        #expect(run.status == 1)
        #expect(run.output.hasPrefix("\(bad.path):3:"), "\(run.output)")
        #expect(run.output.contains("`layers[0].opacity`"), "\(run.output)")
    }
}
