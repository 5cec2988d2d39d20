import Foundation

/// The W5 "lottie" workload (benchmarks/README.md): a 1920x1080 title card, 3 s at 30 fps,
/// generated here so that every run draws the same file.
///
/// Back to front: a background rectangle with an animated linear gradient; 36 shapes (rounded
/// rectangles, ellipses and stars, a third of them filled with radial gradients) drifting,
/// turning and pulsing; 8 strokes drawn on by trim paths; a precomposition of 12 rays (strokes
/// trimmed, turning) used twice, at different places and start times; and a title of 8 block
/// letters, each popping in from scale 0 with an overshoot, one after another.
enum W5Lottie {
    static let width = 1920
    static let height = 1080
    static let fps = 30
    static let frames = 90

    /// The animation as JSON text: the same bytes on every run. Keys are sorted, except that `ty`
    /// comes first in every object, as rlottie's parser needs (it draws nothing otherwise).
    static func json() throws -> Data {
        var text = ""
        try write(document(), to: &text)
        return Data(text.utf8)
    }

    private static func write(_ value: Any, to text: inout String) throws {
        switch value {
        case let object as [String: Any]:
            let keys = object.keys.sorted { $0 == "ty" || ($1 != "ty" && $0 < $1) }
            text += "{"
            for (index, key) in keys.enumerated() {
                if index > 0 { text += "," }
                text += "\"\(key)\":"
                try write(object[key] ?? 0, to: &text)
            }
            text += "}"
        case let array as [Any]:
            text += "["
            for (index, element) in array.enumerated() {
                if index > 0 { text += "," }
                try write(element, to: &text)
            }
            text += "]"
        case let string as String:
            text += "\"\(string)\""
        case let flag as Bool:
            text += flag ? "true" : "false"
        case let integer as Int:
            text += "\(integer)"
        case let number as Double:
            guard number.isFinite else { throw W5Error(description: "W5's Lottie has a non-finite number.") }
            text += number == number.rounded() && abs(number) < 1e15 ? "\(Int(number))" : "\(number)"
        default:
            throw W5Error(description: "W5's Lottie has a value JSON cannot hold: \(value).")
        }
    }

    struct W5Error: Error, CustomStringConvertible {
        var description: String
    }

    static func document() -> [String: Any] {
        var layers: [[String: Any]] = []
        layers += letters()
        layers.append(precompLayer(index: 1, position: [360, 300], start: 0, scale: 120))
        layers.append(precompLayer(index: 2, position: [1560, 780], start: 20, scale: 90))
        layers += strokes()
        layers += shapes()
        layers.append(background())
        for (index, _) in layers.enumerated() { layers[index]["ind"] = index + 1 }
        return [
            "v": "5.7.4", "fr": fps, "ip": 0, "op": frames, "w": width, "h": height, "nm": "W5 title card",
            "ddd": 0, "assets": [["id": "rays", "nm": "rays", "layers": rays()]], "layers": layers
        ]
    }

    // MARK: - Parts

    private static func background() -> [String: Any] {
        let gradient: [String: Any] = [
            "ty": "gf", "nm": "sky", "o": value(100), "r": 1, "t": 1,
            "s": animated([[960, 0], [700, 0]]), "e": animated([[960, 1080], [1220, 1080]]),
            "g": ["p": 3, "k": value([0, 0.06, 0.1, 0.25, 0.5, 0.1, 0.05, 0.2, 1, 0.02, 0.02, 0.05])]
        ]
        return shapeLayer(
            "background", position: [960, 540],
            shapes: [group([rect(size: [1920, 1080], radius: 0), gradient])])
    }

    /// 36 shapes on a 9x4 grid, each drifting, turning and pulsing on a phase of its own.
    private static func shapes() -> [[String: Any]] {
        (0..<36).map { k in
            let x = 120 + Double(k % 9) * 210
            let y = 150 + Double(k / 9) * 260
            let phase = Double(k) * 0.7
            let hue = Double(k) / 36
            let size = 70 + 30 * sin(phase)
            let geometry: [String: Any]
            switch k % 3 {
            case 0: geometry = rect(size: [size * 1.4, size], radius: 14)
            case 1: geometry = ["ty": "el", "p": value([0, 0]), "s": value([size, size]), "d": 1]
            default:
                geometry = [
                    "ty": "sr", "sy": 1, "d": 1, "pt": value(5), "p": value([0, 0]), "r": value(0),
                    "ir": value(size * 0.25), "is": value(0), "or": value(size * 0.6), "os": value(0)
                ]
            }
            let paint: [String: Any]
            if k % 3 == 1 {
                let (r1, g1, b1) = rgb(hue: hue)
                let (r2, g2, b2) = rgb(hue: hue + 0.3)
                paint = [
                    "ty": "gf", "o": value(100), "r": 1, "t": 2, "s": value([0, 0]), "e": value([size / 2, 0]),
                    "h": value(0), "a": value(0), "g": ["p": 2, "k": value([0, r1, g1, b1, 1, r2, g2, b2])]
                ]
            } else {
                let (r, g, b) = rgb(hue: hue)
                paint = ["ty": "fl", "o": value(85), "r": 1, "c": value([r, g, b, 1])]
            }
            var layer = shapeLayer(
                "shape \(k)", position: [x, y], shapes: [group([geometry, paint])],
                positionTo: [x + 60 * cos(phase), y + 40 * sin(phase)])
            var transform = layer["ks"] as? [String: Any] ?? [:]
            transform["r"] = animated([[0], [k % 2 == 0 ? 90 : -120]])
            transform["s"] = animated([[100, 100, 100], [130, 130, 100], [100, 100, 100]])
            layer["ks"] = transform
            return layer
        }
    }

    /// 8 wavy strokes across the frame, drawn on by trim paths at staggered times.
    private static func strokes() -> [[String: Any]] {
        (0..<8).map { k in
            let y = 120 + Double(k) * 120
            let vertices: [[Double]] = (0..<5).map { i -> [Double] in
                let side: Double = i % 2 == 0 ? -1 : 1
                return [Double(i) * 450 - 900, side * 60]
            }
            let inTangents: [[Double]] = Array(repeating: [-150, 0], count: vertices.count)
            let outTangents: [[Double]] = Array(repeating: [150, 0], count: vertices.count)
            let bezier: [String: Any] = ["c": false, "v": vertices, "i": inTangents, "o": outTangents]
            let path: [String: Any] = ["ty": "sh", "ks": value(bezier)]
            let (r, g, b) = rgb(hue: 0.55 + Double(k) * 0.05)
            let stroke: [String: Any] = [
                "ty": "st", "c": value([r, g, b, 1]), "o": value(90), "w": value(6 + Double(k)), "lc": 2, "lj": 2
            ]
            let start = Double(k) * 5
            let trim: [String: Any] = [
                "ty": "tm", "s": animated([[0], [0], [60]], times: [0, start + 30, 90]),
                "e": animated([[0], [100], [100]], times: [start, start + 30, 90]), "o": value(0), "m": 1
            ]
            return shapeLayer("stroke \(k)", position: [960, y], shapes: [group([path, trim, stroke])])
        }
    }

    /// The precomposition: 12 rays turning around its centre, each stroke trimmed in and out.
    private static func rays() -> [[String: Any]] {
        var layers: [[String: Any]] = (0..<12).map { k in
            let angle = Double(k) * .pi / 6
            let inner = [40 * cos(angle), 40 * sin(angle)]
            let outer = [180 * cos(angle), 180 * sin(angle)]
            let path: [String: Any] = [
                "ty": "sh", "ks": value(["c": false, "v": [inner, outer], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]])
            ]
            let (r, g, b) = rgb(hue: Double(k) / 12)
            let stroke: [String: Any] = [
                "ty": "st", "c": value([r, g, b, 1]), "o": value(100), "w": value(10), "lc": 2, "lj": 2
            ]
            let trim: [String: Any] = [
                "ty": "tm", "s": animated([[0], [0], [100]], times: [0, 25, 50]),
                "e": animated([[0], [100], [100]], times: [0, 25, 50]), "o": value(0), "m": 1
            ]
            var layer = shapeLayer("ray \(k)", position: [200, 200], shapes: [group([path, trim, stroke])])
            var transform = layer["ks"] as? [String: Any] ?? [:]
            transform["r"] = animated([[0], [180]], times: [0, 90])
            layer["ks"] = transform
            return layer
        }
        for (index, _) in layers.enumerated() { layers[index]["ind"] = index + 1 }
        return layers
    }

    private static func precompLayer(index: Int, position: [Double], start: Double, scale: Double) -> [String: Any] {
        [
            "ddd": 0, "ty": 0, "nm": "rays \(index)", "refId": "rays", "sr": 1, "w": 400, "h": 400,
            "ks": transform(position: value(position + [0]), anchor: [200, 200], scale: value([scale, scale, 100])),
            "ao": 0, "ip": 0, "op": frames, "st": start, "bm": 0
        ]
    }

    /// The title: 8 block letters, each popping in from scale 0 with an overshoot, 4 frames apart.
    private static func letters() -> [[String: Any]] {
        // Each letter as rectangles on a 3x5 grid of 24-pixel cells (x, y, width, height in cells).
        let glyphs: [[[Double]]] = [
            [[0, 0, 1, 5], [2, 0, 1, 5], [1, 2, 1, 1]],  // H
            [[0, 0, 1, 5], [1, 0, 2, 1], [1, 2, 1, 1], [1, 4, 2, 1]],  // E
            [[0, 0, 1, 5], [1, 4, 2, 1]],  // L
            [[0, 0, 1, 5], [1, 4, 2, 1]],  // L
            [[0, 0, 1, 5], [2, 0, 1, 5], [1, 0, 1, 1], [1, 4, 1, 1]],  // O
            [[0, 0, 1, 5], [2, 0, 1, 5], [1, 3, 1, 1]],  // W
            [[0, 0, 1, 5], [2, 0, 1, 5], [1, 0, 1, 1], [1, 2, 1, 1]],  // A
            [[1, 0, 1, 5], [0, 0, 3, 1]]  // T
        ]
        let cell = 24.0
        return glyphs.enumerated().map { k, parts in
            let rectangles: [[String: Any]] = parts.map { part in
                rect(
                    size: [part[2] * cell, part[3] * cell], radius: 4,
                    position: [(part[0] + part[2] / 2) * cell - 36, (part[1] + part[3] / 2) * cell - 60])
            }
            let paint: [String: Any] = ["ty": "fl", "o": value(100), "r": 1, "c": value([1, 0.95, 0.85, 1])]
            let outline: [String: Any] = [
                "ty": "st", "c": value([0.1, 0.1, 0.2, 1]), "o": value(100), "w": value(3), "lc": 2, "lj": 2
            ]
            let start = 10 + Double(k) * 4
            var layer = shapeLayer(
                "letter \(k)", position: [960 - 3.5 * 110 + Double(k) * 110, 540],
                shapes: [group(rectangles + [paint, outline])])
            var transform = layer["ks"] as? [String: Any] ?? [:]
            transform["s"] = animated(
                [[0, 0, 100], [120, 120, 100], [100, 100, 100]], times: [start, start + 8, start + 14])
            layer["ks"] = transform
            return layer
        }
    }

    // MARK: - Lottie building blocks

    private static func shapeLayer(
        _ name: String, position: [Double], shapes: [[String: Any]], positionTo: [Double]? = nil
    ) -> [String: Any] {
        let place: [String: Any] =
            positionTo.map { animated([position + [0], $0 + [0], position + [0]]) } ?? value(position + [0])
        return [
            "ddd": 0, "ty": 4, "nm": name, "sr": 1, "ks": transform(position: place, anchor: [0, 0]), "ao": 0,
            "shapes": shapes, "ip": 0, "op": frames, "st": 0, "bm": 0
        ]
    }

    private static func transform(
        position: [String: Any], anchor: [Double], scale: [String: Any] = value([100, 100, 100])
    ) -> [String: Any] {
        ["o": value(100), "r": value(0), "p": position, "a": value(anchor + [0]), "s": scale]
    }

    private static func group(_ items: [[String: Any]]) -> [String: Any] {
        let transform: [String: Any] = [
            "ty": "tr", "p": value([0, 0]), "a": value([0, 0]), "s": value([100, 100]), "r": value(0),
            "o": value(100), "sk": value(0), "sa": value(0)
        ]
        return ["ty": "gr", "it": items + [transform]]
    }

    private static func rect(size: [Double], radius: Double, position: [Double] = [0, 0]) -> [String: Any] {
        ["ty": "rc", "d": 1, "p": value(position), "s": value(size), "r": value(radius)]
    }

    private static func value(_ value: Any) -> [String: Any] { ["a": 0, "k": value] }

    /// Keyframes of `values` at `times` (spread evenly over the animation when `nil`), eased in and out.
    private static func animated(_ values: [[Double]], times: [Double]? = nil) -> [String: Any] {
        let at = times ?? values.indices.map { Double($0) * Double(frames) / Double(max(values.count - 1, 1)) }
        let keyframes: [[String: Any]] = values.indices.map { index in
            var keyframe: [String: Any] = ["t": at[index], "s": values[index]]
            if index < values.count - 1 {
                keyframe["o"] = ["x": [0.33], "y": [0]]
                keyframe["i"] = ["x": [0.67], "y": [1]]
            }
            return keyframe
        }
        return ["a": 1, "k": keyframes]
    }

    /// A saturated colour of `hue` (turns), as Lottie's 0…1 channels.
    private static func rgb(hue: Double) -> (Double, Double, Double) {
        let h = (hue - hue.rounded(.down)) * 6
        let x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
            case 0: (1, x, 0.2)
            case 1: (x, 1, 0.2)
            case 2: (0.2, 1, x)
            case 3: (0.2, x, 1)
            case 4: (x, 0.2, 1)
            default: (1, 0.2, x)
            }
        return ((r * 1000).rounded() / 1000, (g * 1000).rounded() / 1000, (b * 1000).rounded() / 1000)
    }
}
