import Foundation
import MovieKitLottie
import MovieKitScene
import MovieKitSubtitles
import Testing

/// `ContentRegistry.sceneFileSchema()`: made from the reader's own key lists. `make test-mcp` validates
/// the examples' scene files against it with Python's jsonschema, and checks that an unknown key is
/// refused by both at one key path.
@Suite("Scene file schema")
struct SceneFileSchemaTests {
    static let registry = ContentRegistry(kinds: [Lottie.self, Subtitles.self])

    static func schema() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: registry.sceneFileSchema()) as? [String: Any])
    }

    @Test func theSchemaIsDraft2020AndListsEveryLayerTypeOfTheRegistry() throws {
        let schema = try Self.schema()
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        let layer = try #require((schema["$defs"] as? [String: Any])?["layer"] as? [String: Any])
        let types = ((layer["properties"] as? [String: Any])?["type"] as? [String: Any])?["enum"] as? [String]
        #expect(types == Self.registry.sceneFileLayerTypes.map(\.name))
        #expect(
            types?.contains("lottie") == true && types?.contains("subtitles") == true && types?.contains("rect") == true
        )
        // One case per type, each closed to the type's keys and the common ones.
        let cases = try #require(layer["allOf"] as? [[String: Any]])
        #expect(cases.count == types?.count)
        let top = try #require(schema["properties"] as? [String: Any])
        #expect(Set(top.keys) == ["$schema", "canvas", "variables", "layers", "audio"])
        #expect(schema["additionalProperties"] as? Bool == false)
    }

    @Test func aSceneFileMayNameItsSchema() throws {
        let base = URL(fileURLWithPath: "/")
        let text = "canvas: {width: 64, height: 32, duration: 1}\nlayers:\n  - {type: rect, size: [10, 10]}\n"
        let plain = try SceneFile.decode(
            text, format: .yaml, fileName: "a.yaml", baseURL: base, registry: Self.registry)
        let named = try SceneFile.decode(
            "$schema: scene.schema.json\n" + text, format: .yaml, fileName: "a.yaml", baseURL: base,
            registry: Self.registry)
        #expect(named.layers.count == plain.layers.count && named.canvas.size == plain.canvas.size)
        let json =
            #"{"$schema": "scene.schema.json", "canvas": {"width": 64, "height": 32, "duration": 1}, "layers": []}"#
        #expect(try SceneFile.decode(json, format: .json, fileName: "a.json", baseURL: base).layers.isEmpty)
    }
}
