import Foundation
import FrameDraw
import MovieKitCore

/// Reading a layer's constant properties and its `animate:` block.
extension SceneFileDecoder {
    static func readConstants(_ map: MappingReader, into layer: inout Layer) throws {
        if let value = map.optional("position") { layer.position = .constant(try value.point()) }
        if let value = map.optional("anchor") { layer.anchor = .constant(try value.point()) }
        if let value = map.optional("size") { layer.size = .constant(try value.size()) }
        if let value = map.optional("rotation") {
            layer.rotation = .constant(try value.double(expected: "an angle in degrees"))
        }
        if let value = map.optional("scale") { layer.scale = .constant(try value.scale()) }
        if let value = map.optional("opacity") {
            layer.opacity = .constant(try value.double(0...1, expected: "an opacity from 0 to 1"))
        }
        if let value = map.optional("fill") {
            layer.fill = try value.fill()
        } else if map.contains("fill") {
            layer.fill = nil
        }
        if let value = map.optional("stroke") { layer.stroke = Stroke(color: .constant(try value.color()), width: 1) }
        if let value = map.optional("strokeWidth") {
            let width = try value.double(0...10_000, expected: "a line width in pixels from 0")
            layer.stroke = layer.stroke ?? Stroke(color: .constant(.white))
            layer.stroke?.width = .constant(width)
        }
        if let value = map.optional("cornerRadius") {
            layer.cornerRadius = .constant(try value.double(0...100_000, expected: "a corner radius in pixels from 0"))
        }
        if let value = map.optional("shadow") { layer.shadow = try shadow(value) }
        if let value = map.optional("blendMode") {
            layer.blendMode = try value.choice(BlendMode.allCases.map { ($0.rawValue, $0) }, what: "a blend mode")
        }
        if let value = map.optional("trimStart") {
            layer.trimStart = .constant(try value.double(0...1, expected: "a fraction from 0 to 1"))
        }
        if let value = map.optional("trimEnd") {
            layer.trimEnd = .constant(try value.double(0...1, expected: "a fraction from 0 to 1"))
        }
        if let value = map.optional("mask") {
            layer.mask = Mask(try Self.layer(value), inverted: try map.optional("invertMask")?.bool() ?? false)
        }
    }

    /// Reads `lineCap`, `lineJoin` and `dash` into the layer's stroke, once `animate:` may have
    /// made one: they are checked even when the layer has no stroke, so a bad value is refused
    /// wherever it is written.
    static func readStrokeStyle(_ map: MappingReader, into layer: inout Layer) throws {
        if let value = map.optional("lineCap") {
            let cap: LineCap = try value.choice(
                [("butt", .butt), ("round", .round), ("square", .square)], what: "a line cap")
            layer.stroke?.lineCap = cap
        }
        if let value = map.optional("lineJoin") {
            let join: LineJoin = try value.choice(
                [("miter", .miter), ("round", .round), ("bevel", .bevel)], what: "a line join")
            layer.stroke?.lineJoin = join
        }
        if let value = map.optional("dash") {
            let dash = try value.sequence(expected: "a list of dash lengths").map {
                try $0.double(0...100_000, expected: "a dash length in pixels from 0")
            }
            layer.stroke?.dash = dash
        }
    }

    private static func shadow(_ reader: NodeReader) throws -> LayerShadow {
        let map = try reader.mapping(keys: ["color", "offset", "blur"], expected: "a shadow: {color, offset, blur}")
        var shadow = LayerShadow()
        if let color = map.optional("color") { shadow.color = .constant(try color.color()) }
        if let offset = map.optional("offset") { shadow.offset = .constant(try offset.size(allowingNegative: true)) }
        if let blur = map.optional("blur") {
            shadow.blur = .constant(try blur.double(0...1000, expected: "a blur radius in pixels from 0 to 1000"))
        }
        return shadow
    }

    static func readAnimations(_ reader: NodeReader, layerMap: MappingReader, type: String, into layer: inout Layer)
        throws
    {
        let keys = animatableKeys + (type == "text" ? ["text"] : [])
        let map = try reader.mapping(keys: keys, expected: "a mapping from property names to animations")
        for entry in map.entries {
            guard layerMap.contains(entry.key) else { continue }
            let constantPath = layerMap.reader.path.isEmpty ? entry.key : "\(layerMap.reader.path).\(entry.key)"
            throw reader.child(entry.key, entry.value).invalid(
                "also set as a constant by `\(constantPath)`", expected: "set in one place; remove one of the two")
        }
        func read<Value: Interpolatable>(_ key: String, _ value: (NodeReader) throws -> Value) throws -> Animated<
            Value
        >? {
            guard let property = map.optional(key) else { return nil }
            return try AnimationConversion.animated(try animation(property, value: value), reader: property)
        }
        let number = { (reader: NodeReader) in try reader.double() }
        let fraction = { (reader: NodeReader) in try reader.double(0...1, expected: "a fraction from 0 to 1") }
        if let value = try read("position", { try $0.point() }) { layer.position = value }
        if let value = try read("anchor", { try $0.point() }) { layer.anchor = value }
        if let value = try read("size", { try $0.size() }) { layer.size = value }
        if let value = try read("rotation", number) { layer.rotation = value }
        if let value = try read("scale", { try $0.scale() }) { layer.scale = value }
        if let value = try read("opacity", fraction) { layer.opacity = value }
        if let value = try read("fill", { try $0.color() }) { layer.fill = .color(value) }
        if let value = try read("stroke", { try $0.color() }) {
            layer.stroke = layer.stroke ?? Stroke(color: value)
            layer.stroke?.color = value
        }
        if let value = try read("strokeWidth", { try $0.double(0...10_000, expected: "a line width in pixels from 0") })
        {
            layer.stroke = layer.stroke ?? Stroke(color: .constant(.white))
            layer.stroke?.width = value
        }
        if let value = try read("cornerRadius", number) { layer.cornerRadius = value }
        if let value = try read("shadowColor", { try $0.color() }) {
            layer.shadow = layer.shadow ?? LayerShadow()
            layer.shadow?.color = value
        }
        if let value = try read("shadowOffset", { try $0.size(allowingNegative: true) }) {
            layer.shadow = layer.shadow ?? LayerShadow()
            layer.shadow?.offset = value
        }
        if let value = try read(
            "shadowBlur", { try $0.double(0...1000, expected: "a blur radius in pixels from 0 to 1000") })
        {
            layer.shadow = layer.shadow ?? LayerShadow()
            layer.shadow?.blur = value
        }
        if let value = try read("trimStart", fraction) { layer.trimStart = value }
        if let value = try read("trimEnd", fraction) { layer.trimEnd = value }
        if let textReader = map.optional("text"), case .text(var content) = layer.content {
            content.text = try AnimationConversion.steps(
                animation(textReader, value: { try $0.string() }), reader: textReader)
            layer.content = .text(content)
        }
    }
}
