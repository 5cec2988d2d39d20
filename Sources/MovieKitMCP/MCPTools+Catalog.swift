import MCP

/// The tools' names, descriptions and input schemas, as `tools/list` answers them.
extension MCPTools {
    /// A document argument: its text, or a file in the asset folder.
    private static let documentProperties: [String: Value] = [
        "document": .object([
            "type": "string",
            "description":
                "The document's text: a scene file, slideshow manifest or editly spec in YAML or JSON, a Lottie animation, or a subtitle file (SRT, WebVTT, ASS). Files it names are relative paths in the asset folder."
        ]),
        "format": .object([
            "type": "string", "enum": .array(DocumentText.formats.map { .string($0) }),
            "description":
                "How to read `document`: yaml, json, json5 (editly specs with comments or unquoted keys), srt, vtt or ass. Default: json when the text starts with {, else yaml."
        ]),
        "path": .object([
            "type": "string",
            "description": "Instead of `document`: a document file in the asset folder, by its relative path."
        ]),
        "variables": .object([
            "type": "object", "additionalProperties": .object(["type": "string"]),
            "description": "Values for the document's ${name} template variables."
        ])
    ]

    private static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        var schema: [String: Value] = [
            "type": "object", "properties": .object(properties), "additionalProperties": false
        ]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        return .object(schema)
    }

    private static let size: [String: Value] = [
        "width": .object(["type": "integer", "minimum": 1, "description": "The width in pixels; default the canvas's."]
        ),
        "height": .object([
            "type": "integer", "minimum": 1, "description": "The height in pixels; default the canvas's."
        ])
    ]

    /// Every tool this server offers.
    static let catalog: [Tool] = [
        Tool(
            name: "lint",
            description:
                "Checks a document without rendering it and returns its problems, each with severity, message, file, line, column, keyPath and fix (null when there is no one fix). An empty list means the document renders.",
            inputSchema: schema(documentProperties),
            annotations: Tool.Annotations(readOnlyHint: true)),
        Tool(
            name: "still",
            description:
                "Draws one frame of a document and returns it as a PNG image, to look at before rendering.",
            inputSchema: schema(
                documentProperties.merging(size) { first, _ in first }.merging([
                    "time": .object([
                        "type": "number", "minimum": 0, "description": "The time in seconds. Default 0."
                    ])
                ]) { first, _ in first }),
            annotations: Tool.Annotations(readOnlyHint: true)),
        Tool(
            name: "render",
            description:
                "Renders a document to a movie in the output folder and returns its path and what the file holds (duration, size, codec, sound). Reports progress when the call carries a progress token, and stops when cancelled, leaving no file.",
            inputSchema: schema(
                documentProperties.merging(size) { first, _ in first }.merging([
                    "output": .object([
                        "type": "string",
                        "description":
                            "The movie's file name in the output folder, such as intro.mp4; its extension chooses the container and codec (.mp4, .mov, .webm, .mkv, .gif, .webp). Default movie.mp4."
                    ]),
                    "crf": .object([
                        "type": "integer", "minimum": 0, "maximum": 63,
                        "description": "Quality on the codec's scale; lower is better. Default the codec's."
                    ]),
                    "preset": .object([
                        "type": "string",
                        "enum": .array(MCPArguments.presetNames.map { .string($0) }),
                        "description": "Encoder speed. Default medium."
                    ]),
                    "draft": .object([
                        "type": "boolean", "description": "A quick, smaller render to check timing. Default false."
                    ]),
                    "overwrite": .object([
                        "type": "boolean", "description": "Replace a movie of the same name. Default false."
                    ])
                ]) { first, _ in first }),
            annotations: Tool.Annotations(destructiveHint: false, openWorldHint: false)),
        Tool(
            name: "probe",
            description:
                "Reads what a movie file holds (duration, size, frame rate, codec, rotation, sound), from the asset folder or the output folder.",
            inputSchema: schema(
                [
                    "path": .object(["type": "string", "description": "The file's relative path."]),
                    "folder": .object([
                        "type": "string", "enum": ["assets", "output"],
                        "description": "Where `path` is. Default assets."
                    ])
                ], required: ["path"]),
            annotations: Tool.Annotations(readOnlyHint: true)),
        Tool(
            name: "schema",
            description:
                "Returns the JSON Schema (draft 2020-12) of a kind of document, to write documents against: the keys each object takes, every layer type.",
            inputSchema: schema(
                ["kind": .object(["type": "string", "enum": ["scene"], "description": "The kind of document."])],
                required: ["kind"]),
            annotations: Tool.Annotations(readOnlyHint: true)),
        Tool(
            name: "list_layer_types",
            description:
                "Lists the layer types scene files take (`type:`), each with its own keys and the keys every layer takes.",
            inputSchema: schema([:]), annotations: Tool.Annotations(readOnlyHint: true)),
        Tool(
            name: "list_transitions",
            description:
                "Lists the transition names slideshow manifests take, and those editly specs take.",
            inputSchema: schema([:]), annotations: Tool.Annotations(readOnlyHint: true))
    ]
}
