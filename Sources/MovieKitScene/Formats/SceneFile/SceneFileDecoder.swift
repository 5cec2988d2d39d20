import Foundation
import FrameDraw
import MovieKitCore

/// Turns a parsed scene file into a `Scene`, checking every key and value and naming the key
/// path of the first problem. Images are loaded and audio files opened here, so a missing image
/// or sound is reported with its place in the file before anything is drawn. The `audio:` list
/// is read as slideshow manifests read theirs (`AudioListReader`).
struct SceneFileDecoder {
    static let topKeys = ["canvas", "variables", "layers", "audio"]
    static let canvasKeys = ["width", "height", "fps", "duration", "background"]
    /// The types built into the reader; the registry's layer types add the types of timed content.
    static let shapeTypes = ["rect", "ellipse", "path", "polygon", "star", "text", "image", "group"]
    /// Every layer type a file read with `context` may have, for `type:`.
    static func layerTypes(_ context: ReadContext) -> [String] {
        shapeTypes + context.registry.layerTypes.map(\.name)
    }
    static let commonKeys = [
        "name", "in", "out", "position", "anchor", "size", "rotation", "scale", "opacity", "fill", "stroke",
        "strokeWidth",
        "lineCap", "lineJoin", "dash", "cornerRadius", "shadow", "blendMode", "trimStart", "trimEnd", "mask",
        "invertMask",
        "animate"
    ]
    static let typeKeys: [String: [String]] = [
        "rect": [], "ellipse": [], "path": ["d"], "polygon": ["sides"], "star": ["points", "innerRadius"],
        "text": ["text", "font", "alignment", "lineSpacing", "letterSpacing", "wrapWidth", "maxLines", "outline"],
        "image": ["source", "fit", "contentMode"], "group": ["layers", "clip", "timeOffset"]
    ]
    static let animatableKeys = [
        "position", "anchor", "size", "rotation", "scale", "opacity", "fill", "stroke", "strokeWidth", "cornerRadius",
        "shadowColor", "shadowOffset", "shadowBlur", "trimStart", "trimEnd"
    ]

    /// The document without its top-level `$schema` (the address of its JSON Schema, which editors
    /// read and the movie does not need).
    static func withoutSchemaKey(_ root: NodeReader) -> NodeReader {
        guard case .mapping(let entries) = root.node.value, entries.contains(where: { $0.key == "$schema" }) else {
            return root
        }
        var node = root.node
        node.value = .mapping(entries.filter { $0.key != "$schema" })
        return NodeReader(node: node, path: root.path, context: root.context)
    }

    /// Decodes the document root.
    /// - Parameter root: The whole document.
    /// - Throws: `SceneError` naming the first problem.
    static func scene(_ root: NodeReader) throws -> Scene {
        let root = withoutSchemaKey(root)
        let document = try withDeclaredVariables(root, keys: topKeys, expected: "a mapping with `canvas` and `layers`")
        let top = try document.mapping(keys: topKeys)
        let canvas = try canvas(try top.required("canvas", expected: "`canvas:` with width, height and duration"))
        let layerList = try top.required("layers", expected: "`layers:` with a list of layers")
        let layers = try layerList.sequence(expected: "a list of layers").map(layer)
        let audio = try top.optional("audio").map { try AudioListReader.tracks($0, document: "the scene file") } ?? []
        return Scene(canvas: canvas, layers: layers, audio: audio)
    }

    /// The document root read again with the variables its `variables:` block declares added to
    /// the caller's (the caller's win).
    /// - Parameters:
    ///   - root: The document root.
    ///   - keys: The keys the document may have at the top, `variables` among them.
    ///   - expected: What the document must be, for the message when it is not a mapping.
    /// - Throws: `SceneError` for a bad top-level key or a bad `variables:` block.
    static func withDeclaredVariables(_ root: NodeReader, keys: [String], expected: String) throws -> NodeReader {
        let map = try root.mapping(keys: keys, expected: expected)
        var variables = root.context.variables
        if let declared = map.optional("variables") {
            let entries = try declared.mapping(keys: try declaredNames(declared))
            for entry in entries.entries {
                guard variables[entry.key] == nil else { continue }
                variables[entry.key] = try declared.child(entry.key, entry.value).string(expected: "a string or number")
            }
        }
        var context = root.context
        context.variables = variables
        return NodeReader(node: root.node, path: "", context: context)
    }

    private static func declaredNames(_ reader: NodeReader) throws -> [String] {
        guard case .mapping(let entries) = reader.node.value else {
            throw reader.wrongType("a mapping of names to values")
        }
        for entry in entries where !TemplateVariables.isValidName(entry.key) {
            throw SceneError.invalidValue(
                at: reader.location(of: entry, keyPath: "\(reader.path).\(entry.key)"),
                value: "not a variable name", expected: "named with letters, digits, _, - and .")
        }
        return entries.map(\.key)
    }

    static func canvas(_ reader: NodeReader) throws -> Canvas {
        let map = try reader.mapping(keys: canvasKeys)
        let width = try map.required("width", expected: "`width:` in pixels").int(
            1...16384, expected: "a width in pixels from 1 to 16384")
        let height = try map.required("height", expected: "`height:` in pixels").int(
            1...16384, expected: "a height in pixels from 1 to 16384")
        let duration = try map.required("duration", expected: "`duration:` in seconds")
            .double(0.001...86_400, expected: "a positive duration in seconds, at most 86400")
        let fps = try map.optional("fps").map(frameRate) ?? 30
        let background = try map.optional("background")?.color() ?? .black
        return Canvas(width: width, height: height, fps: fps, duration: duration, background: background)
    }

    /// A frame rate: a whole number such as 30, or a fraction such as "30000/1001", up to 240.
    static func frameRate(_ reader: NodeReader) throws -> FrameRate {
        let expected = "a frame rate: a number such as 30, or a fraction such as \"30000/1001\", up to 240"
        let text = try reader.string(expected: expected)
        let parts = text.split(separator: "/").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        let rate: FrameRate
        switch parts.count {
        case 1:
            guard let whole = parts[0] else { throw reader.invalid(reader.found, expected: expected) }
            rate = FrameRate(whole)
        case 2:
            guard let numerator = parts[0], let denominator = parts[1] else {
                throw reader.invalid(reader.found, expected: expected)
            }
            rate = FrameRate(numerator, denominator)
        default:
            throw reader.invalid(reader.found, expected: expected)
        }
        guard rate.numerator > 0, rate.denominator > 0, rate.framesPerSecond <= 240 else {
            throw reader.invalid(text, expected: expected)
        }
        return rate
    }
}

extension ContentRegistry {
    /// A scene file's layer `type`, as documents read with this registry may write it, and the keys it takes.
    public struct SceneFileLayerType: Sendable, Hashable {
        /// The value of `type:`, such as `rect`, `text` or `lottie`.
        public var name: String
        /// The keys of its own (`text`, `font` …).
        public var keys: [String]
        /// The keys every layer takes (`position`, `opacity`, `animate` …).
        public var commonKeys: [String]
    }

    /// Every layer type scene files read with this registry take: the shapes, text, images and groups,
    /// then those of timed content (video, and the kinds added), in the order messages list them.
    public var sceneFileLayerTypes: [SceneFileLayerType] {
        let context = ReadContext(fileName: "", baseURL: URL(fileURLWithPath: "/"), variables: [:], registry: self)
        return SceneFileDecoder.layerTypes(context).map { name in
            SceneFileLayerType(
                name: name,
                keys: layerTypes.first { $0.name == name }?.keys ?? SceneFileDecoder.typeKeys[name] ?? [],
                commonKeys: SceneFileDecoder.commonKeys)
        }
    }
}
