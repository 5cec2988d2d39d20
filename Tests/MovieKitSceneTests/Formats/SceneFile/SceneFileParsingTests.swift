import Foundation
import FrameDraw
import MovieKitCore
import Testing

@testable import MovieKitScene

@Suite("Scene file parsing")
struct SceneFileParsingTests {
    @Test func jsonKeepsStringsAndNumbersButNoPositions() throws {
        let node = try JSONNodeDecoder.parse(
            Data("{\n  \"a\": \"x\\u00e9\\n\\ud83d\\ude00\",\n  \"b\": [1, -2.5e3, true, null]\n}".utf8), file: "t.json"
        )
        guard case .mapping(let entries) = node.value else {
            Issue.record("not a mapping")
            return
        }
        #expect(entries.map(\.key) == ["a", "b"])
        #expect(entries.allSatisfy { $0.line == nil && $0.column == nil })
        guard case .scalar(let text, let quoted) = entries[0].value.value else {
            Issue.record("not a scalar")
            return
        }
        #expect(text == "xé\n😀" && quoted)
        guard case .sequence(let items) = entries[1].value.value else {
            Issue.record("not a list")
            return
        }
        #expect(items.allSatisfy { $0.line == nil && $0.column == nil })
        #expect(
            items.compactMap { if case .scalar(let text, false) = $0.value { text } else { nil } } == [
                "1", "-2500", "true", "null"
            ])
        #expect(items[3].isNull)
    }

    @Test(arguments: [
        (
            "{\"a\": [1e400]}",
            "t.json: `a[0]` is a number Foundation cannot convert (written like 01 or 1., or out of range like 1e400) but must be a number written like 12, -0.5 or 1e3."
        ),
        (
            "{\"a\": 01}",
            "t.json: `a` is a number Foundation cannot convert (written like 01 or 1., or out of range like 1e400) but must be a number written like 12, -0.5 or 1e3."
        ),
        (
            "[1, 2",
            "t.json: The JSON is malformed: Foundation reports \"Unexpected end of file during JSON parse\". It gives no position, so check the brackets, commas, quotes and escapes."
        ),
        // Foundation reads `tru}` to the end before it gives up, so this one has no position.
        (
            "{\n  \"a\": tru}",
            "t.json: The JSON is malformed: Foundation reports \"Unexpected end of file during JSON parse\". It gives no position, so check the brackets, commas, quotes and escapes."
        ),
        (
            "{\n  \"a\": 1,\n  \"b\": ]\n}",
            "t.json:3:8: The JSON is malformed: Foundation reports \"Invalid value around character 19\". Check the brackets, commas, quotes and escapes at or just before that line and column."
        ),
        (
            "{} x",
            "t.json:1:4: The JSON is malformed: Foundation reports \"Invalid value around character 3\". Check the brackets, commas, quotes and escapes at or just before that line and column."
        ),
        (
            "{\"é\": x}",
            "t.json:1:7: The JSON is malformed: Foundation reports \"Invalid value around character 7\". Check the brackets, commas, quotes and escapes at or just before that line and column."
        )
    ])
    func jsonSyntaxErrors(_ text: String, _ message: String) {
        #expect(throws: SceneError.self) { try JSONNodeDecoder.parse(Data(text.utf8), file: "t.json") }
        do {
            _ = try JSONNodeDecoder.parse(Data(text.utf8), file: "t.json")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func characterOffsetsBecomeLinesAndColumns() {
        let data = Data("ab\ncé\nx".utf8)
        #expect(JSONNodeDecoder.lineAndColumn(ofByte: 0, in: data) == (1, 1))
        #expect(JSONNodeDecoder.lineAndColumn(ofByte: 3, in: data) == (2, 1))
        // é is two bytes but one column.
        #expect(JSONNodeDecoder.lineAndColumn(ofByte: 7, in: data) == (3, 1))
        #expect(JSONNodeDecoder.lineAndColumn(ofByte: 6, in: data) == (2, 3))
    }

    @Test func yamlAndJsonDescribeTheSameScene() throws {
        let yaml = """
            canvas: {width: 64, height: 32, duration: 1, fps: "30000/1001", background: "#112233"}
            layers:
              - {type: star, points: 6, innerRadius: 0.3, fill: orange, stroke: "#FFFFFF80", strokeWidth: 2, rotation: 15}
            """
        let json = """
            {"canvas": {"width": 64, "height": 32, "duration": 1, "fps": "30000/1001", "background": "#112233"},
             "layers": [{"type": "star", "points": 6, "innerRadius": 0.3, "fill": "orange", "stroke": "#FFFFFF80", "strokeWidth": 2, "rotation": 15}]}
            """
        let base = URL(fileURLWithPath: "/")
        let fromYAML = try SceneFile.decode(yaml, format: .yaml, fileName: "s.yaml", baseURL: base)
        let fromJSON = try SceneFile.decode(json, format: .json, fileName: "s.json", baseURL: base)
        #expect(fromYAML.canvas == fromJSON.canvas)
        #expect(fromYAML.canvas.fps == FrameRate(30000, 1001))
        #expect(fromYAML.canvas.frameCount == 30)
        let a = try SceneRenderer(scene: fromYAML).image(at: 0).pngData()
        let b = try SceneRenderer(scene: fromJSON).image(at: 0).pngData()
        #expect(a == b)
    }

    @Test func theFormatFollowsTheExtension() {
        #expect(SceneFile.Format(pathExtension: "YML") == .yaml)
        #expect(SceneFile.Format(pathExtension: "json") == .json)
        #expect(SceneFile.Format(pathExtension: "txt") == nil)
        #expect {
            _ = try SceneFile.load(from: URL(fileURLWithPath: "/tmp/scene.txt"))
        } throws: { error in
            "\(error)"
                == "Cannot tell the format of /tmp/scene.txt from its extension; name scene files .yaml, .yml or .json."
        }
        #expect {
            _ = try SceneFile.load(from: URL(fileURLWithPath: "/nonexistent/scene.yaml"))
        } throws: { error in
            "\(error)" == "Could not read /nonexistent/scene.yaml: no file exists at this path."
        }
    }

    @Test func nearestKeySuggestionsAreCloseOnly() {
        #expect(KeySuggestion.nearest(to: "opactiy", in: ["opacity", "position"]) == "opacity")
        #expect(KeySuggestion.nearest(to: "Fill", in: ["fill", "stroke"]) == "fill")
        #expect(KeySuggestion.nearest(to: "banana", in: ["fill", "stroke"]) == nil)
    }
}
