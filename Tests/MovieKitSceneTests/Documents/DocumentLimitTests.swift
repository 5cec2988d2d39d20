import Foundation
import MovieKitScene
import Testing

/// Documents that nest too deep, or whose YAML aliases expand too far, are refused with a syntax
/// error instead of overflowing the stack or running for hours. Found by FuzzSceneFile; the
/// inputs are also in Fuzz/Corpus/FuzzSceneFile as `regression-…`.
@Suite("Document nesting and expansion limits")
struct DocumentLimitTests {
    static let base = URL(fileURLWithPath: "/nonexistent")

    /// Reads `text` as a scene and returns the error's message.
    static func sceneMessage(_ text: String, format: SceneFile.Format) -> String? {
        do {
            _ = try SceneFile.decode(text, format: format, fileName: "deep.\(format.rawValue)", baseURL: base)
            return nil
        } catch {
            return (error as? SceneError)?.description
        }
    }

    @Test(arguments: [
        String(repeating: "[", count: 60_000),
        String(repeating: "- ", count: 30_000) + "x",
        "canvas: " + String(repeating: "{a: ", count: 20_000),
        "layers:\n" + (0..<400).map { String(repeating: " ", count: $0) + "- a:\n" }.joined()
    ])
    func deepYAMLIsRefused(_ text: String) {
        let message = Self.sceneMessage(text, format: .yaml)
        #expect(message?.hasPrefix("deep.yaml:") == true)
        #expect(message?.contains("nested more than 256 levels deep") == true, "\(message ?? "no error")")
    }

    @Test func theMessageSaysWhereTheLimitIsPassed() {
        #expect(
            Self.sceneMessage(String(repeating: "[", count: 300), format: .yaml)
                == "deep.yaml:1:256: The YAML is malformed: values are nested more than 256 levels deep there, deeper than any document needs. Fix the syntax at that line and column."
        )
    }

    @Test func deepJSONIsRefused() {
        let text = String(repeating: "{\"a\": [", count: 30_000)
        let message = Self.sceneMessage(text, format: .json)
        #expect(message?.hasPrefix("deep.json:1:") == true)
        #expect(
            message?.contains("The JSON is malformed: values are nested more than 256 levels deep") == true,
            "\(message ?? "no error")")
    }

    @Test func deepJSON5IsRefused() {
        let text = "// a comment with { and [\n" + String(repeating: "{a: ['[', ", count: 20_000)
        #expect(throws: SceneError.self) { try EditlySpec.decode(Data(text.utf8), fileName: "deep.json5") }
        do {
            _ = try EditlySpec.decode(Data(text.utf8), fileName: "deep.json5")
        } catch {
            #expect("\(error)".hasPrefix("deep.json5:2:"))
            #expect("\(error)".contains("The JSON5 is malformed: values are nested more than 256 levels deep"))
        }
    }

    @Test func bracketsInStringsAndCommentsDoNotCount() throws {
        let brackets = String(repeating: "[{", count: 300)
        let yaml = """
            # \(brackets)
            canvas: {width: 64, height: 36, duration: 1}
            layers:
              - {type: text, text: "\(brackets)"}
              - {type: text, text: '\(brackets)'}
            """
        #expect(try SceneFile.decode(yaml, format: .yaml, fileName: "ok.yaml", baseURL: Self.base).layers.count == 2)
        let json = """
            {"canvas": {"width": 64, "height": 36, "duration": 1},
             "layers": [{"type": "text", "text": "\(brackets)\\"\(brackets)"}]}
            """
        #expect(try SceneFile.decode(json, format: .json, fileName: "ok.json", baseURL: Self.base).layers.count == 1)
    }

    @Test func groupsNestedFiftyDeepRead() throws {
        var layer = "{type: rect}"
        for _ in 0..<50 { layer = "{type: group, layers: [\(layer)]}" }
        let scene = try SceneFile.decode(
            "canvas: {width: 64, height: 36, duration: 1}\nlayers: [\(layer)]\n", format: .yaml, fileName: "ok.yaml",
            baseURL: Self.base)
        #expect(scene.layers.count == 1)
    }

    /// "Billion laughs": nine lines of aliases of aliases stand for 10⁹ values.
    @Test func aliasExpansionIsRefused() {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...8 {
            lines.append(
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        let message = Self.sceneMessage(lines.joined(separator: "\n"), format: .yaml)
        #expect(message?.hasPrefix("deep.yaml:") == true)
        #expect(
            message?.contains("its aliases (`*name`) expand the document to too many values") == true,
            "\(message ?? "no error")")
    }

    /// Aliases that reuse a node a few times still read.
    @Test func aliasesStillWork() throws {
        let yaml = """
            canvas: {width: 64, height: 36, duration: 1}
            layers:
              - &box {type: rect, size: [10, 10], fill: red}
              - *box
              - *box
            """
        #expect(try SceneFile.decode(yaml, format: .yaml, fileName: "ok.yaml", baseURL: Self.base).layers.count == 3)
    }
}
