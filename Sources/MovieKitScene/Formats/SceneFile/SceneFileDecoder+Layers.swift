import Foundation
import FrameDraw

/// Reading one layer: its type, content, constant properties and `animate:` block.
extension SceneFileDecoder {
    static func typeExpected(_ context: ReadContext) -> String {
        let types = layerTypes(context)
        return "`type:` with one of \(types.dropLast().joined(separator: ", ")) or \(types.last ?? "rect")"
    }

    static func layer(_ reader: NodeReader) throws -> Layer {
        guard case .mapping(let entries) = reader.node.value else {
            throw reader.wrongType("a layer: a mapping with a `type`")
        }
        guard let typeEntry = entries.first(where: { $0.key == "type" }) else {
            throw SceneError.missingKey(
                at: reader.location, key: "type", expected: typeExpected(reader.context))
        }
        let type = try reader.child("type", typeEntry.value).choice(
            layerTypes(reader.context).map { ($0, $0) }, what: "a layer type")
        let timedType = reader.context.registry.layerTypes.first { $0.name == type }
        let map = try reader.mapping(keys: ["type"] + (timedType?.keys ?? typeKeys[type] ?? []) + commonKeys)
        let content =
            try timedType.map { LayerContent.timed(try $0.read(SceneLayerKeys(map: map))) } ?? self.content(type, map)
        var layer = Layer(content, name: try map.optional("name")?.string())
        try readTiming(map, into: &layer)
        try readConstants(map, into: &layer)
        if type == "text", let fill = map.optional("fill"), case .some(.linearGradient) = layer.fill {
            throw fill.invalid("a gradient", expected: "a colour: text is filled with one colour")
        } else if type == "text", let fill = map.optional("fill"), case .some(.radialGradient) = layer.fill {
            throw fill.invalid("a gradient", expected: "a colour: text is filled with one colour")
        }
        if let animate = map.optional("animate") {
            try readAnimations(animate, layerMap: map, type: type, into: &layer)
        }
        try readStrokeStyle(map, into: &layer)
        return layer
    }

    private static func content(_ type: String, _ map: MappingReader) throws -> LayerContent {
        switch type {
        case "ellipse": return .ellipse
        case "path":
            let reader = try map.required("d", expected: "`d:` with SVG path data such as \"M 0 0 L 100 100\"")
            let data = try reader.string(expected: "SVG path data")
            do {
                return .path(try Path(svgPathData: data))
            } catch let error as FrameDrawError {
                throw reader.invalid(
                    "not valid SVG path data (\(error.description))",
                    expected: "SVG path data such as \"M 0 0 L 100 100\"")
            }
        case "polygon":
            return .polygon(
                sides: try map.required("sides", expected: "`sides:` with 3 or more").int(
                    3...1000, expected: "a number of sides from 3 to 1000"))
        case "star":
            let points = try map.required("points", expected: "`points:` with 3 or more").int(
                3...1000, expected: "a number of points from 3 to 1000")
            let inner =
                try map.optional("innerRadius")?.double(0...1, expected: "a fraction from 0 to 1 of the outer radius")
                ?? 0.5
            return .star(points: points, innerRadius: inner)
        case "text":
            return .text(try textContent(map))
        case "image":
            return .image(try imageContent(map))
        case "group":
            let children = try map.required("layers", expected: "`layers:` with the group's children")
            return .group(
                GroupContent(
                    layers: try children.sequence(expected: "a list of layers").map(layer),
                    clipsContent: try map.optional("clip")?.bool() ?? false,
                    timeOffset: try map.optional("timeOffset")?.double(expected: "a time in seconds") ?? 0))
        default:
            return .rect
        }
    }

    private static func textContent(_ map: MappingReader) throws -> TextContent {
        let textReader = try map.required("text", expected: "`text:` with the string to show")
        let text: Animated<String>
        if textReader.isSequence || textReader.isMapping {
            text = try AnimationConversion.steps(animation(textReader, value: { try $0.string() }), reader: textReader)
        } else {
            text = .constant(try textReader.string())
        }
        var style = TextStyle()
        if let font = map.optional("font") { style.font = try font.font() }
        if let alignment = map.optional("alignment") {
            style.alignment = try alignment.choice(
                [("left", .left), ("center", .center), ("right", .right), ("justified", .justified)],
                what: "an alignment")
        }
        style.lineSpacing = try map.optional("lineSpacing")?.double(expected: "a number of pixels") ?? 0
        style.letterSpacing = try map.optional("letterSpacing")?.double(expected: "a number of pixels") ?? 0
        style.wrapWidth = try map.optional("wrapWidth")?.double(1...100_000, expected: "a positive width in pixels")
        style.maximumLines = try map.optional("maxLines")?.int(
            1...10_000, expected: "a number of lines from 1 to 10000")
        if let outline = map.optional("outline") {
            let spec = try outline.mapping(keys: ["color", "width"])
            style.outline = TextOutline(
                color: try spec.optional("color")?.color() ?? .black,
                width: try spec.optional("width")?.double(0...1000, expected: "a width in pixels from 0 to 1000") ?? 2)
        }
        return TextContent(text, style: style)
    }

    /// The file a layer's `source:` names: absolute, or relative to the scene file.
    /// - Parameters:
    ///   - kind: What the file is, for the messages, such as "an image file".
    ///   - extensions: The file extensions accepted, for the message when `source:` is missing.
    static func sourceFile(of map: MappingReader, key: String = "source", kind: String, extensions: String = "") throws
        -> (NodeReader, URL)
    {
        let reader = try map.required(
            key, expected: "`\(key):` with the path of \(kind)\(extensions), relative to the scene file")
        let relative = try reader.string(expected: "the path of \(kind)")
        let url =
            relative.hasPrefix("/")
            ? URL(fileURLWithPath: relative)
            : reader.context.baseURL.appendingPathComponent(relative).standardizedFileURL
        return (reader, url)
    }

    private static func imageContent(_ map: MappingReader) throws -> ImageContent {
        let (reader, url) = try sourceFile(of: map, kind: "an image file")
        let image: Image
        do {
            image = try Image(contentsOf: url)
        } catch let error as FrameDrawError {
            let reason: String
            if case .unreadableImage(_, let detail) = error { reason = detail } else { reason = error.description }
            throw SceneError.missingImage(
                at: reader.location, imagePath: url.path, reason: reason)
        }
        let fitReader = map.optional("fit")
        let contentMode = map.optional("contentMode")
        if fitReader != nil, let contentMode {
            throw contentMode.invalid(
                "given together with `fit`", expected: "left out, as it is the older name of `fit`")
        }
        let fit = try (fitReader ?? contentMode)?.choice(fitNames, what: "a fit")
        return ImageContent(.image(image), fit: fit ?? .contain)
    }

    /// The fits an image layer's `fit` accepts: `ContentFit`'s names, and the names that
    /// `contentMode`, its older spelling, took (`aspectFit`, `aspectFill`, `scaleToFill`).
    static let fitNames: [(name: String, value: ContentFit)] =
        ContentFit.allCases.map { ($0.rawValue, $0) }
        + [("aspectFit", .contain), ("aspectFill", .cover), ("scaleToFill", .stretch)]

    private static func readTiming(_ map: MappingReader, into layer: inout Layer) throws {
        layer.inPoint = try map.optional("in")?.double(0...86_400, expected: "a time in seconds from 0") ?? 0
        if let out = map.optional("out") {
            let time = try out.double(0...86_400, expected: "a time in seconds from 0")
            guard time > layer.inPoint else {
                throw out.invalid(
                    SceneError.number(time), expected: "later than `in` (\(SceneError.number(layer.inPoint)))")
            }
            layer.outPoint = time
        }
    }
}
