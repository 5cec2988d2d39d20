import Foundation
import FrameDraw
import MovieKitCore

/// Layers: their type and content, their constant properties and their `animate:` block.
extension RandomSceneFile.Builder {
    static let layerTypes = ["rect", "ellipse", "path", "polygon", "star", "text", "image", "group"]

    /// The properties `animate:` takes, with whether their values are colours (which have no
    /// distance, so no `paced` keyframes).
    static let animatable: [(key: String, isColor: Bool)] = [
        ("position", false), ("anchor", false), ("size", false), ("rotation", false), ("scale", false),
        ("opacity", false), ("fill", true), ("stroke", true), ("strokeWidth", false), ("cornerRadius", false),
        ("shadowColor", true), ("shadowOffset", false), ("shadowBlur", false), ("trimStart", false),
        ("trimEnd", false)
    ]

    mutating func layer(depth: Int) -> JSONText {
        layerCount += 1
        let type = bytes.pick(Self.layerTypes)
        var entries: [(String, JSONText)] = [("type", .string(type))]
        entries += content(type, depth: depth)
        if bytes.chance(10) { entries.append(("name", .string(bytes.text()))) }
        timing(into: &entries)
        // Each property is left out, set as a constant, or animated (never both: the schema refuses that).
        var animations: [(String, JSONText)] = []
        for property in Self.animatable {
            switch bytes.below(8) {
            // The shadow's parts are constants only inside `shadow:`.
            case 1, 2:
                if !property.key.hasPrefix("shadow") {
                    entries.append((property.key, constant(property.key, type: type)))
                }
            case 3: animations.append((property.key, animation(of: property.key, isColor: property.isColor)))
            default: break
            }
        }
        strokeStyle(into: &entries)
        if bytes.chance(15) { entries.append(("shadow", shadow())) }
        if bytes.chance(30) { entries.append(("blendMode", .string(bytes.pick(BlendMode.allCases).rawValue))) }
        if depth < RandomSceneFile.maximumDepth, layerCount < RandomSceneFile.layerBudget, bytes.chance(12) {
            entries.append(("mask", layer(depth: depth + 1)))
            if bytes.chance(50) { entries.append(("invertMask", .bool(bytes.chance(50)))) }
        }
        if !animations.isEmpty { entries.append(("animate", .object(animations))) }
        return .object(entries)
    }

    private mutating func content(_ type: String, depth: Int) -> [(String, JSONText)] {
        switch type {
        case "path":
            return [("d", .string(pathData()))]
        case "polygon":
            return [("sides", .number(Double(bytes.pick([3, 4, 5, 6, 1000, bytes.int(in: 3...40)]))))]
        case "star":
            var entries: [(String, JSONText)] = [
                ("points", .number(Double(bytes.pick([3, 5, 1000, bytes.int(in: 3...40)]))))
            ]
            if bytes.chance(60) { entries.append(("innerRadius", .number(bytes.number(in: 0...1, fallback: 0.5)))) }
            return entries
        case "text":
            return textContent()
        case "image":
            var entries: [(String, JSONText)] = [("source", .string(bytes.pick(images).path))]
            if bytes.chance(60) {
                let fits = ContentFit.allCases.map(\.rawValue) + ["aspectFit", "aspectFill", "scaleToFill"]
                entries.append((bytes.chance(80) ? "fit" : "contentMode", .string(bytes.pick(fits))))
            }
            return entries
        case "group":
            var children: [JSONText] = []
            while depth < RandomSceneFile.maximumDepth, layerCount < RandomSceneFile.layerBudget, bytes.chance(55) {
                children.append(layer(depth: depth + 1))
            }
            var entries: [(String, JSONText)] = [("layers", .array(children))]
            if bytes.chance(40) { entries.append(("clip", .bool(bytes.chance(50)))) }
            if bytes.chance(30) {
                let offset = time()
                times.append(offset)
                entries.append(("timeOffset", .number(offset)))
            }
            return entries
        default:
            return []
        }
    }

    private mutating func pathData() -> String {
        let fixed = [
            "", "   ", "M 0 0", "M 0 0 Z", "M 5 5 L 5 5", "M 0 0 L 40 30", "M 0 0 L 40 0", "M 10 10 h 0 v 0 z",
            "M 0 0 A 0 0 0 0 1 10 10", "M 0 0 A 1e300 1e300 0 1 1 10 10", "M 1e300 0 L -1e300 1e300 L 0 -1e300 Z",
            "M 0 0 C 1e-300 1e-300 1e-300 1e-300 0 0", "M 2 2 Q 40 0 20 20 T 0 40 S 10 10 4 4", "M 0 0 L 1e-9 1e-9",
            "M 10 10 L 30 10 L 20 30 Z M 12 12 L 28 12 L 20 28 Z"
        ]
        if bytes.chance(50) { return bytes.pick(fixed) }
        var data = "M \(coordinate()) \(coordinate())"
        for _ in 0..<bytes.int(in: 0...6) {
            switch bytes.below(7) {
            case 0: data += " L \(coordinate()) \(coordinate())"
            case 1: data += " C \((0..<6).map { _ in coordinate() }.joined(separator: " "))"
            case 2: data += " Q \((0..<4).map { _ in coordinate() }.joined(separator: " "))"
            case 3:
                let flags = "\(bytes.below(2)) \(bytes.below(2))"
                data += " A \(coordinate()) \(coordinate()) \(coordinate()) \(flags) \(coordinate()) \(coordinate())"
            case 4: data += " Z"
            case 5: data += " M \(coordinate()) \(coordinate())"
            default: data += " l \(coordinate()) \(coordinate())"
            }
        }
        return data
    }

    /// A coordinate in SVG path data: finite, as the path parser asks.
    private mutating func coordinate() -> String {
        "\(bytes.anyNumber(typical: 48, fallback: 0))"
    }

    private mutating func textContent() -> [(String, JSONText)] {
        // The text is a string, or strings that change in steps.
        var entries: [(String, JSONText)] = [("text", bytes.chance(20) ? textSteps() : .string(bytes.text()))]
        if bytes.chance(40) {
            var font: [(String, JSONText)] = []
            if bytes.chance(30) {
                font.append(("family", .string(bytes.pick(["DejaVu Sans", "Serif", "Monospace", "No Such Font", ""]))))
            }
            if bytes.chance(70) {
                font.append(("size", .number(bytes.number(in: 1...2000, typical: 40, fallback: 12))))
            }
            if bytes.chance(30) {
                let weights = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
                font.append(("weight", .string(bytes.pick(weights))))
            }
            if bytes.chance(20) { font.append(("italic", .bool(bytes.chance(50)))) }
            entries.append(("font", .object(font)))
        }
        if bytes.chance(20) {
            entries.append(("alignment", .string(bytes.pick(["left", "center", "right", "justified"]))))
        }
        if bytes.chance(15) { entries.append(("lineSpacing", .number(bytes.anyNumber(typical: 20)))) }
        if bytes.chance(15) { entries.append(("letterSpacing", .number(bytes.anyNumber(typical: 10)))) }
        if bytes.chance(20) {
            entries.append(("wrapWidth", .number(bytes.number(in: 1...100_000, typical: 60, fallback: 40))))
        }
        if bytes.chance(15) {
            entries.append(("maxLines", .number(Double(bytes.pick([1, 2, 10_000, bytes.int(in: 1...5)])))))
        }
        if bytes.chance(15) {
            var outline: [(String, JSONText)] = []
            if bytes.chance(60) { outline.append(("color", color())) }
            if bytes.chance(60) {
                outline.append(("width", .number(bytes.number(in: 0...1000, typical: 6, fallback: 2))))
            }
            entries.append(("outline", .object(outline)))
        }
        return entries
    }

    private mutating func timing(into entries: inout [(String, JSONText)]) {
        var start = 0.0
        if bytes.chance(20) {
            start = bytes.number(in: 0...86_400, typical: 3, fallback: 0)
            times.append(start)
            entries.append(("in", .number(start)))
        }
        if bytes.chance(20) {
            let end = min(86_400, start + max(bytes.number(in: 0...86_400, typical: 3, fallback: 1), 1e-6))
            guard end > start else { return }
            times.append(end)
            entries.append(("out", .number(end)))
        }
    }

    private mutating func strokeStyle(into entries: inout [(String, JSONText)]) {
        if bytes.chance(15) { entries.append(("lineCap", .string(bytes.pick(["butt", "round", "square"])))) }
        if bytes.chance(15) { entries.append(("lineJoin", .string(bytes.pick(["miter", "round", "bevel"])))) }
        if bytes.chance(15) {
            let lengths = (0..<bytes.below(5)).map { _ in
                JSONText.number(bytes.number(in: 0...100_000, typical: 8, fallback: 0))
            }
            entries.append(("dash", .array(lengths)))
        }
    }

    private mutating func shadow() -> JSONText {
        var entries: [(String, JSONText)] = []
        if bytes.chance(60) { entries.append(("color", color())) }
        if bytes.chance(60) { entries.append(("offset", point(typical: 10))) }
        if bytes.chance(60) { entries.append(("blur", .number(bytes.number(in: 0...1000, typical: 12, fallback: 4)))) }
        return .object(entries)
    }

    // MARK: - Constants and animations

    /// A constant value for `key`, within what the schema accepts for a constant.
    private mutating func constant(_ key: String, type: String) -> JSONText {
        switch key {
        case "position", "anchor": return point(typical: key == "anchor" ? 1 : 48)
        case "size": return size(typical: 48)
        case "rotation": return .number(bytes.anyNumber(typical: 720))
        case "scale": return scale()
        case "opacity", "trimStart", "trimEnd": return .number(bytes.number(in: 0...1, fallback: 1))
        case "fill": return fill(textOnly: type == "text")
        case "stroke", "shadowColor": return color()
        case "strokeWidth": return .number(bytes.number(in: 0...10_000, typical: 8, fallback: 1))
        case "cornerRadius": return .number(bytes.number(in: 0...100_000, typical: 20, fallback: 4))
        case "shadowOffset": return point(typical: 10)
        default: return .number(bytes.number(in: 0...1000, typical: 12, fallback: 4))  // shadowBlur
        }
    }

    /// A value of `key` inside an animation, within what the schema accepts there.
    private mutating func animatedValue(_ key: String) -> JSONText {
        switch key {
        case "fill", "stroke", "shadowColor": return color()
        case "cornerRadius": return .number(bytes.anyNumber(typical: 20))  // Any number when animated.
        case "shadowOffset": return point(typical: 10)
        default: return constant(key, type: "rect")
        }
    }

    private mutating func animation(of key: String, isColor: Bool) -> JSONText {
        switch bytes.below(4) {
        case 0, 1:
            var frames: [JSONText] = []
            var time = self.time()
            for _ in 0...bytes.below(5) {
                var keyframe: [(String, JSONText)] = [("time", .number(time)), ("value", animatedValue(key))]
                if bytes.chance(30) { keyframe.append(("easing", easing())) }
                frames.append(.object(keyframe))
                times.append(time)
                // The next time is the same (a jump) or later; a sum that overflows stays put.
                let step = bytes.chance(25) ? 0 : abs(bytes.anyNumber(typical: 2, fallback: 0.5))
                if (time + step).isFinite { time += step }
            }
            guard bytes.chance(40) else { return .array(frames) }
            let modes = Keyframes<Double>.Mode.allCases.map(\.rawValue).filter { !isColor || $0 != "paced" }
            return .object([("keyframes", .array(frames)), ("mode", .string(bytes.pick(modes)))])
        case 2:
            let start = time()
            let duration = bytes.number(in: 0.000_001...86_400, typical: 3, fallback: 1)
            times += [start, start + duration]
            var tween: [(String, JSONText)] = [
                ("from", animatedValue(key)), ("to", animatedValue(key)), ("start", .number(start)),
                ("duration", .number(duration))
            ]
            if bytes.chance(50) { tween.append(("easing", easing())) }
            return .object(tween)
        default:
            let start = time()
            times.append(start)
            var spring: [(String, JSONText)] = [
                ("from", animatedValue(key)), ("to", animatedValue(key)), ("start", .number(start)),
                ("spring", springParameters())
            ]
            if bytes.chance(30) { spring.append(("initialVelocity", .number(bytes.anyNumber(typical: 20)))) }
            return .object(spring)
        }
    }

    private mutating func springParameters() -> JSONText {
        var entries: [(String, JSONText)] = []
        if bytes.chance(70) {
            entries.append(("response", .number(bytes.number(in: 0.000_001...3600, typical: 2, fallback: 0.5))))
        }
        if bytes.chance(70) {
            entries.append(("dampingRatio", .number(bytes.number(in: 0.000_001...100, typical: 2, fallback: 1))))
        }
        return .object(entries)
    }

    private mutating func easing() -> JSONText {
        switch bytes.below(6) {
        case 0:
            return .string(bytes.pick(["linear", "ease", "easeIn", "easeOut", "easeInOut"]))
        case 1, 2:
            let family = bytes.pick(Easing.Family.allCases).rawValue
            let name =
                bytes.pick(Easing.Direction.allCases).rawValue + family.prefix(1).uppercased() + family.dropFirst()
            return .string(name)
        case 3:
            let x1 = bytes.number(in: 0...1, fallback: 0.25)
            let x2 = bytes.number(in: 0...1, fallback: 0.75)
            let y1 = bytes.anyNumber(typical: 3, fallback: 0.1)
            let y2 = bytes.anyNumber(typical: 3, fallback: 1)
            return .object([("cubicBezier", .array([.number(x1), .number(y1), .number(x2), .number(y2)]))])
        case 4:
            let positions = ["jumpStart", "jumpEnd", "jumpNone", "jumpBoth", "start", "end"]
            let position = bytes.pick(positions)
            // jumpNone needs at least two steps.
            let count = bytes.pick([1, 2, 10_000, bytes.int(in: 1...12)])
            return .string("steps(\(position == "jumpNone" ? max(count, 2) : count), \(position))")
        default:
            return .object([("spring", springParameters())])
        }
    }

    private mutating func textSteps() -> JSONText {
        var frames: [JSONText] = []
        var time = self.time()
        for _ in 0...bytes.below(4) {
            frames.append(.object([("time", .number(time)), ("value", .string(bytes.text()))]))
            times.append(time)
            let step = bytes.chance(25) ? 0 : abs(bytes.anyNumber(typical: 2, fallback: 0.5))
            if (time + step).isFinite { time += step }
        }
        return .array(frames)
    }
}
