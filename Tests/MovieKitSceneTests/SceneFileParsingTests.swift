import Foundation
import FrameDraw
import MovieKitCore
@testable import MovieKitScene
import Testing

@Suite("Scene file parsing")
struct SceneFileParsingTests {
    @Test func jsonKeepsLinesColumnsStringsAndNumbers() throws {
        let node = try JSONNodeParser.parse("{\n  \"a\": \"x\\u00e9\\n\\ud83d\\ude00\",\n  \"b\": [1, -2.5e3, true, null]\n}", file: "t.json")
        guard case .mapping(let entries) = node.value else {
            Issue.record("not a mapping")
            return
        }
        #expect(entries.map(\.key) == ["a", "b"])
        #expect(entries.map(\.line) == [2, 3])
        #expect(entries.map(\.column) == [3, 3])
        guard case .scalar(let text, let quoted) = entries[0].value.value else {
            Issue.record("not a scalar")
            return
        }
        #expect(text == "xé\n😀" && quoted)
        guard case .sequence(let items) = entries[1].value.value else {
            Issue.record("not a list")
            return
        }
        #expect(items.map(\.column) == [9, 12, 20, 26])
        #expect(items.compactMap { if case .scalar(let text, false) = $0.value { text } else { nil } } == ["1", "-2.5e3", "true", "null"])
        #expect(items[3].isNull)
    }

    @Test(arguments: [
        ("{\"a\": 01x}", "t.json:1:7: The JSON is malformed: 01 is not a valid JSON number. Fix the syntax at that line and column."),
        ("[1, 2", "t.json:1:6: The JSON is malformed: unexpected end of file; expected ',' or ']' in an array. Fix the syntax at that line and column."),
        ("{\"a\": tru}", "t.json:1:7: The JSON is malformed: unexpected character 't'; expected a value (an object, array, string, number, true, false or null). Fix the syntax at that line and column."),
        ("{} x", "t.json:1:4: The JSON is malformed: unexpected text after the end of the document. Fix the syntax at that line and column."),
    ])
    func jsonSyntaxErrors(_ text: String, _ message: String) {
        #expect(throws: SceneError.self) { try JSONNodeParser.parse(text, file: "t.json") }
        do {
            _ = try JSONNodeParser.parse(text, file: "t.json")
        } catch {
            #expect("\(error)" == message)
        }
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
            "\(error)" == "Cannot tell the format of /tmp/scene.txt from its extension; name scene files .yaml, .yml or .json."
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
