import Foundation
import FrameDraw

/// Readers for the value types of scene files: points, sizes, colours, fills and styles.
extension NodeReader {
    static let pointExpected = "a point: [x, y] or {x: …, y: …}"
    static let sizeExpected = "a size: [width, height] or {width: …, height: …}"
    static let scaleExpected = "a scale: a number, or [x, y] for each axis"
    static let colorExpected = "a colour: \"#RRGGBB\", \"#RRGGBBAA\" or a name such as white"

    /// Two numbers, as `[a, b]` or `{first: a, second: b}`.
    private func pair(_ first: String, _ second: String, expected: String) throws -> (Double, Double) {
        if isSequence {
            let items = try sequence(expected: expected)
            guard items.count == 2 else { throw wrongType(expected) }
            return (try items[0].double(), try items[1].double())
        }
        guard isMapping else { throw wrongType(expected) }
        let map = try mapping(keys: [first, second], expected: expected)
        return (
            try map.required(first, expected: "`\(first):` with a number").double(),
            try map.required(second, expected: "`\(second):` with a number").double()
        )
    }

    func point() throws -> CGPoint {
        let (x, y) = try pair("x", "y", expected: Self.pointExpected)
        return CGPoint(x: x, y: y)
    }

    func size(allowingNegative: Bool = false) throws -> CGSize {
        let (width, height) = try pair("width", "height", expected: Self.sizeExpected)
        guard allowingNegative || (width >= 0 && height >= 0) else {
            throw invalid(
                "[\(SceneError.number(width)), \(SceneError.number(height))]", expected: "a size with no negative side")
        }
        return CGSize(width: width, height: height)
    }

    func scale() throws -> CGSize {
        if case .scalar = node.value {
            let factor = try double(expected: Self.scaleExpected)
            return CGSize(width: factor, height: factor)
        }
        let (x, y) = try pair("x", "y", expected: Self.scaleExpected)
        return CGSize(width: x, height: y)
    }

    func color() throws -> Color {
        let text = try string(expected: Self.colorExpected)
        if text.hasPrefix("#") {
            guard let color = try? Color(hex: text) else { throw invalid("\"\(text)\"", expected: Self.colorExpected) }
            return color
        }
        guard let named = try? Color(parsing: text) else {
            let hint =
                KeySuggestion.nearest(to: text, in: Color.names.map(\.name)).map { " (did you mean `\($0)`?)" } ?? ""
            throw invalid("\"\(text)\"\(hint)", expected: Self.colorExpected)
        }
        return named
    }

    static let fillExpected =
        "a fill: a colour, none, {linearGradient: {colors, locations, start, end}} or {radialGradient: {colors, locations, center, radius}}"

    /// A fill: a colour, `none`, or a gradient.
    func fill() throws -> Fill? {
        if case .scalar(let text, _) = node.value {
            if text == "none" { return nil }
            return .color(.constant(try color()))
        }
        let map = try mapping(keys: ["linearGradient", "radialGradient"], expected: Self.fillExpected)
        if let linear = map.optional("linearGradient") {
            let spec = try linear.mapping(keys: ["colors", "locations", "start", "end"])
            let gradient = try linear.gradient(spec)
            let start = try spec.optional("start")?.point() ?? CGPoint(x: 0, y: 0.5)
            let end = try spec.optional("end")?.point() ?? CGPoint(x: 1, y: 0.5)
            return .linearGradient(gradient, start: start, end: end)
        }
        if let radial = map.optional("radialGradient") {
            let spec = try radial.mapping(keys: ["colors", "locations", "center", "radius"])
            let gradient = try radial.gradient(spec)
            let center = try spec.optional("center")?.point() ?? CGPoint(x: 0.5, y: 0.5)
            let radius =
                try spec.optional("radius")?.double(0...100, expected: "a positive fraction of the layer's larger side")
                ?? 0.5
            return .radialGradient(gradient, center: center, radius: radius)
        }
        throw wrongType(Self.fillExpected)
    }

    private func gradient(_ spec: MappingReader) throws -> Gradient {
        let colorsReader = try spec.required("colors", expected: "`colors:` with a list of two or more colours")
        let colors = try colorsReader.sequence(expected: "a list of two or more colours").map { try $0.color() }
        let locationsReader = spec.optional("locations")
        let locations = try locationsReader?.sequence(expected: "a list of numbers from 0 to 1").map {
            try $0.double(0...1, expected: "a number from 0 to 1")
        }
        do {
            return try Gradient(colors: colors, locations: locations)
        } catch let error as FrameDrawError {
            guard case .invalidGradient(let reason) = error else { throw error }
            throw (locationsReader ?? colorsReader).invalid(
                "not a usable gradient (\(reason))", expected: "two or more colours with one ascending location each")
        }
    }

    /// A font: `{family, size, weight, italic}`; what it leaves out comes from `base`.
    func font(base: Font = .system(size: 24)) throws -> Font {
        let map = try mapping(keys: ["family", "size", "weight", "italic"])
        let weights: [(name: String, value: Font.Weight)] = [
            ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular), ("medium", .medium),
            ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black)
        ]
        return Font(
            family: try map.optional("family")?.string() ?? base.family,
            size: try map.optional("size")?.double(1...2000, expected: "a font size in pixels from 1 to 2000")
                ?? base.size,
            weight: try map.optional("weight")?.choice(weights, what: "a weight") ?? base.weight,
            italic: try map.optional("italic")?.bool() ?? base.italic)
    }
}
