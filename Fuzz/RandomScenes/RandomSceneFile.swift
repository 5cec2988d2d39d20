import Foundation
import FrameDraw
import MovieKitCore

/// A random scene file that the scene-file schema accepts, built from `SceneBytes`: every layer
/// type, every animatable property, constants and animations (keyframes in every mode, with
/// coincident times; tweens as short as the schema allows; springs), extreme values the schema
/// still accepts (0, empty, the largest and smallest doubles, huge rotations and scales), groups
/// in groups, masks (empty, inverted, nested) and every blend mode.
///
/// The file is JSON, so that the property tests and `FuzzSceneRender` read it as a user's file is
/// read: a scene the reader refuses is a mistake of this generator, and one it accepts must render.
public struct RandomSceneFile {
    /// The scene file.
    public var json: String
    /// Times (on the scene's clock) where the file's animations start, end or turn, and where
    /// layers appear and go: the edges that are worth drawing.
    public var times: [Double]

    /// The most layers a file has, masks and groups included, so each one draws quickly.
    static let layerBudget = 12
    /// How deep groups and masks nest.
    static let maximumDepth = 4

    /// Builds a scene file from `bytes`.
    /// - Parameters:
    ///   - bytes: The choices.
    ///   - images: Image files the image layers may show.
    public init(_ bytes: inout SceneBytes, images: [URL]) {
        var builder = Builder(bytes: bytes, images: images)
        let root = builder.document()
        bytes = builder.bytes
        json = root.text
        times = builder.times
    }

    /// Makes the choices, keeping count of layers and times.
    struct Builder {
        var bytes: SceneBytes
        let images: [URL]
        var times: [Double] = []
        var layerCount = 0

        mutating func document() -> JSONText {
            var canvas: [(String, JSONText)] = [
                ("width", .number(Double(canvasSide()))), ("height", .number(Double(canvasSide()))),
                ("duration", .number(bytes.number(in: 0.001...86_400, typical: 4, fallback: 1)))
            ]
            if bytes.chance(40) {
                canvas.append(
                    (
                        "fps",
                        bytes.chance(50)
                            ? .string(bytes.pick(["30000/1001", "240", "1/1", "24"]))
                            : .number(Double(bytes.int(in: 1...240)))
                    ))
            }
            if bytes.chance(50) { canvas.append(("background", color())) }
            var layers: [JSONText] = []
            while layerCount < RandomSceneFile.layerBudget, layers.isEmpty || bytes.chance(60) {
                layers.append(layer(depth: 0))
            }
            return .object([("canvas", .object(canvas)), ("layers", .array(layers))])
        }

        /// A canvas side: mostly small; sometimes 1 or the largest the schema accepts (drawn scaled down).
        private mutating func canvasSide() -> Int {
            switch bytes.byte() % 10 {
            case 0: 32
            case 1: 1
            case 2: 16384
            case 3: bytes.int(in: 1...16384)
            default: bytes.int(in: 2...48)
            }
        }

        // MARK: - Values

        mutating func color() -> JSONText {
            let names = [
                "white", "black", "clear", "transparent", "red", "green", "blue", "yellow", "cyan", "magenta",
                "orange", "purple", "brown", "gray", "lightGray", "darkGray"
            ]
            if bytes.chance(50) { return .string(bytes.pick(names)) }
            let digits = (0..<(bytes.chance(50) ? 4 : 3)).map { _ in String(format: "%02X", bytes.byte()) }
            return .string("#" + digits.joined())
        }

        mutating func point(typical: Double) -> JSONText {
            .pair(bytes.anyNumber(typical: typical, fallback: 0), bytes.anyNumber(typical: typical, fallback: 0))
        }

        /// A size with no negative side, as the schema asks.
        mutating func size(typical: Double) -> JSONText {
            .pair(nonNegative(typical: typical), nonNegative(typical: typical))
        }

        private mutating func nonNegative(typical: Double) -> Double {
            abs(bytes.anyNumber(typical: typical, fallback: typical / 2))
        }

        /// A scale: one number or one for each axis; any finite number, 0 and negative ones included.
        mutating func scale() -> JSONText {
            if bytes.chance(50) { return .number(bytes.anyNumber(typical: 3, fallback: 1)) }
            return .pair(bytes.anyNumber(typical: 3, fallback: 1), bytes.anyNumber(typical: 3, fallback: 1))
        }

        mutating func time(typical: Double = 3) -> Double {
            bytes.anyNumber(typical: typical, fallback: 0)
        }

        mutating func fill(textOnly: Bool) -> JSONText {
            switch textOnly ? bytes.below(2) : bytes.below(4) {
            case 0: return color()
            case 1: return .string("none")
            default:
                let count = bytes.int(in: 2...5)
                var gradient: [(String, JSONText)] = [("colors", .array((0..<count).map { _ in color() }))]
                if bytes.chance(50) {
                    var locations = (0..<count).map { _ in bytes.number(in: 0...1, fallback: 0) }
                    locations.sort()
                    gradient.append(("locations", .array(locations.map(JSONText.number))))
                }
                if bytes.chance(50) {
                    gradient.append(("start", point(typical: 2)))
                    gradient.append(("end", point(typical: 2)))
                    return .object([("linearGradient", .object(gradient))])
                }
                gradient.append(("center", point(typical: 2)))
                gradient.append(("radius", .number(bytes.number(in: 0...100, typical: 2, fallback: 0.5))))
                return .object([("radialGradient", .object(gradient))])
            }
        }
    }
}
