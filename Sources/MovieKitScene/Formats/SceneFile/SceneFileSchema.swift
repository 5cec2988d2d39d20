import Foundation

extension ContentRegistry {
    /// The JSON Schema (draft 2020-12) of the scene files this registry reads, for editors (VS
    /// Code's YAML extension, JetBrains) to complete and check keys as they are typed.
    ///
    /// It is made from the lists the reader checks keys against: the top-level and `canvas` keys,
    /// every layer `type` (those of the kinds registered included) with the keys it takes, and the
    /// keys of sounds, keyframes, shadows and text outlines. A key the reader refuses is refused by
    /// the schema at the same key path. Values are not yet described beyond their place: the reader
    /// checks them and names what it expects.
    ///
    /// ```sh
    /// moviemake schema scene > scene.schema.json
    /// ```
    /// A scene file may name it with `$schema: scene.schema.json`, or in YAML with the comment
    /// `# yaml-language-server: $schema=scene.schema.json`.
    /// - Returns: The schema as JSON, keys sorted.
    public func sceneFileSchema() -> Data {
        let types = sceneFileLayerTypes
        let layerReference: [String: Any] = ["$ref": "#/$defs/layer"]
        var layerCases: [[String: Any]] = []
        for type in types {
            var properties = Self.open(["type"] + type.keys + type.commonKeys)
            properties["type"] = ["const": type.name]
            properties["animate"] = Self.closed(
                SceneFileDecoder.animatableKeys + (type.name == "text" ? ["text"] : []),
                description: "Keyframed properties.")
            properties["shadow"] = Self.closed(["color", "offset", "blur"], description: "A drop shadow.")
            if type.keys.contains("layers") {
                properties["layers"] = ["items": layerReference]
            }
            if type.keys.contains("outline") {
                properties["outline"] = Self.closed(["color", "width"], description: "An outline around the text.")
            }
            layerCases.append([
                "if": ["properties": ["type": ["const": type.name]], "required": ["type"]],
                "then": ["properties": properties, "additionalProperties": false]
            ])
        }
        let layer: [String: Any] = [
            "required": ["type"],
            "properties": ["type": ["enum": types.map(\.name), "description": "What the layer draws."]],
            "allOf": layerCases
        ]
        var top = Self.open(SceneFileDecoder.topKeys + ["$schema"])
        top["canvas"] = Self.closed(SceneFileDecoder.canvasKeys, description: "The frame: size, rate, length, colour.")
        top["layers"] = ["items": layerReference, "description": "Drawn first to last."]
        top["audio"] = [
            "items": Self.closed(AudioListReader.keys, description: "A sound."),
            "description": "Sounds, each after the one before it unless it has a start."
        ]
        top["variables"] = ["description": "Defaults for ${name} template variables."]
        top["$schema"] = ["type": "string", "description": "This schema's address, for editors."]
        let schema: [String: Any] = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://moviekit.dev/schemas/scene.schema.json",
            "title": "MovieKit scene file", "properties": top, "additionalProperties": false,
            "$defs": ["layer": layer]
        ]
        return (try? JSONSerialization.data(withJSONObject: schema, options: [.prettyPrinted, .sortedKeys])) ?? Data()
    }

    /// Properties named `keys`, each taking any value.
    private static func open(_ keys: [String]) -> [String: Any] {
        Dictionary(keys.map { ($0, true as Any) }) { first, _ in first }
    }

    /// An object of exactly `keys`; other forms the reader takes for the value (a number, a name) pass.
    private static func closed(_ keys: [String], description: String) -> [String: Any] {
        ["properties": open(keys), "additionalProperties": false, "description": description]
    }
}
