import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

@testable import MovieKitLottie

/// The typed model: layer types, track mattes, blend modes, mask modes, shape item types, line caps
/// and joins decode into enums; values the format does not list decode as `unknown`, are drawn as
/// the default and are reported as warnings (errors with `--strict`), never as decoding failures.
@Suite struct LottieModelTests {
    /// A 40x40 animation of 10 frames whose `layers` are `layers`.
    static func animation(_ layers: String) -> String {
        #"{"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 40, "h": 40, "layers": [\#(layers)]}"#
    }

    /// A shape layer with a 30x30 square filled red and stroked blue; `fill`, `stroke` and `layer`
    /// are extra keys of the fill, the stroke and the layer.
    static func squareLayer(fill: String = "", stroke: String = "", layer: String = "", index: Int = 1) -> String {
        """
        {"ty": 4, "ind": \(index), "ip": 0, "op": 10, "st": 0, "ks": {} \(layer),
         "shapes": [{"ty": "gr", "it": [
           {"ty": "rc", "p": {"a": 0, "k": [20, 20]}, "s": {"a": 0, "k": [30, 30]}, "r": {"a": 0, "k": 0}},
           {"ty": "st", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4} \(stroke)},
           {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100} \(fill)},
           {"ty": "tr"}]}]}
        """
    }

    /// Reads `json` as a Lottie file named `name` in a temporary folder, collecting the warnings
    /// logged about that file.
    static func read(_ json: String, name: String, options: LottieOptions = LottieOptions()) throws -> (
        content: LottieContent, warnings: [String]
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-model-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try json.write(to: url, atomically: true, encoding: .utf8)
        let warnings = Warnings()
        let token = Log.addHandler(level: .warning) { warnings.append($0.text) }
        defer { Log.removeHandler(token) }
        let content = try LottieContent(contentsOf: url, options: options)
        return (content, warnings.all.filter { $0.hasPrefix(name + ": ") })
    }

    static func png(_ content: LottieContent) throws -> Data {
        try Image(size: content.size) { content.renderer.draw(in: $0, frame: 0) }.pngData()
    }

    @Test func numbersDecodeIntoTheirCasesAndOthersIntoUnknown() throws {
        #expect((0...5).map(LottieLayerType.init(number:)) == [.precomposition, .solid, .image, .null, .shape, .text])
        #expect(LottieLayerType(number: 13) == .unknown(13))
        #expect(LottieMatteMode(number: 3) == .luma && LottieMatteMode(number: -1) == .unknown(-1))
        #expect(LottieBlendMode(number: 0) == .normal && LottieBlendMode(number: 15) == .luminosity)
        #expect(LottieBlendMode(number: 16) == .add && LottieBlendMode(number: 17) == .unknown(17))
        #expect(LottieLineCap(number: 1) == .butt && LottieLineCap(number: 0) == .unknown(0))
        #expect(LottieLineJoin(number: 3) == .bevel && LottieLineJoin(number: 4) == .unknown(4))
        #expect(LottieShapeType(code: "gf") == .gradientFill && LottieShapeType(code: "xx") == .unknown("xx"))
        #expect(LottieMaskMode(code: "f") == .difference && LottieMaskMode(code: "q") == .unknown("q"))
        // Numbers as the JSON writes them: 4.0 is 4, and a huge number cannot overflow.
        let layer = try JSONDecoder().decode(
            LottieLayer.self, from: Data(#"{"ty": 4.0, "bm": 1e300, "tt": "2", "ks": {}}"#.utf8))
        #expect(layer.type == .shape)
        #expect(layer.blendMode == .unknown(1_000_000_000))
        #expect(layer.matteMode == .off)  // Not a number: ignored, as players do.
    }

    @Test func animatedNumbersReadAsScalarsPointsSizesAndColours() throws {
        func property(_ json: String) throws -> LottieValue {
            try JSONDecoder().decode(LottieValue.self, from: Data(json.utf8))
        }
        let opacity = try property(#"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 10, "s": [100]}]}"#)
        #expect(opacity.scalar(at: 5) == 50 && opacity.scalar(at: 20) == 100)
        let missing: LottieValue? = nil
        #expect(missing.scalar(at: 5, default: 100) == 100 && missing.scalar(at: 5) == 0)
        #expect(missing.point(at: 0) == .zero && missing.color(at: 0) == Color(red: 0, green: 0, blue: 0))
        let position = try property(#"{"a": 0, "k": [12, 34, 0]}"#)
        #expect(position.point(at: 0) == CGPoint(x: 12, y: 34))
        #expect(try property(#"{"a": 0, "k": 7}"#).size(at: 0) == CGSize(width: 7, height: 0))
        // Components from 0 to 1, or from 0 to 255 when one is above 1; clamped, and opaque.
        #expect(try property(#"{"a": 0, "k": [1, 0.5, 0, 0.2]}"#).color(at: 0) == Color(red: 1, green: 0.5, blue: 0))
        #expect(try property(#"{"a": 0, "k": [255, 51, -3]}"#).color(at: 0) == Color(red: 1, green: 0.2, blue: 0))
        #expect(
            try property(#"{"a": 0, "k": [10]}"#).vector(at: 0, default: LottieVector([100, 100])) == LottieVector([10])
        )
    }

    @Test func unknownValuesAreDrawnAsTheDefaultAndReportedAsWarnings() throws {
        let known = try Self.read(
            Self.animation(Self.squareLayer(stroke: #", "lc": 2, "lj": 2"#)), name: "known.json")
        #expect(known.warnings.isEmpty)
        let layers = [
            Self.squareLayer(
                fill: #", "bm": 99"#, stroke: #", "lc": 7, "lj": 8, "bm": 17"#,
                layer:
                    #", "bm": 17, "masksProperties": [{"mode": "q", "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [40, 0], [40, 40], [0, 40]]}}}]"#
            ),
            #"{"ty": 13, "nm": "Camera", "ind": 2, "ip": 0, "op": 10, "ks": {}}"#,
            #"{"ty": 4, "ind": 3, "ip": 0, "op": 10, "ks": {}, "shapes": [{"ty": "xx"}, {"ty": "tw"}]}"#
        ]
        let unknown = try Self.read(Self.animation(layers.joined(separator: ",")), name: "unknown.json")
        let expected = [
            "layer `Camera` (layers[1]) has the layer type 13, which is not drawn.",
            "layer #1 (layers[0]) has the blend mode 17 (`bm`), which is unknown; it is drawn as normal.",
            "layer #1 (layers[0]) has a mask with the mode `q`, which is unknown; it is drawn as add (`a`).",
            "layer #1 (layers[0]) has a stroke with the blend mode 17 (`bm`), which is unknown; it is drawn as normal.",
            "layer #1 (layers[0]) has a stroke with the line cap 7 (`lc`), which is unknown; it is drawn round.",
            "layer #1 (layers[0]) has a stroke with the line join 8 (`lj`), which is unknown; it is drawn round.",
            "layer #1 (layers[0]) has a fill with the blend mode 99 (`bm`), which is unknown; it is drawn as normal.",
            "layer #3 (layers[2]) uses shape type `xx`, which is not drawn.",
            "layer #3 (layers[2]) uses twist (`tw`), which is not drawn."
        ]
        for warning in expected {
            #expect(unknown.warnings.contains("unknown.json: " + warning), "missing: \(warning)")
        }
        #expect(unknown.warnings.count == expected.count, "\(unknown.warnings)")
        // Drawn exactly as the defaults: normal blending, round caps and joins, an added mask.
        let defaults = try Self.read(
            Self.animation(
                Self.squareLayer(
                    layer:
                        #", "masksProperties": [{"mode": "a", "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [40, 0], [40, 40], [0, 40]]}}}]"#
                )), name: "defaults.json")
        #expect(try Self.png(unknown.content) == Self.png(defaults.content))
        #expect {
            _ = try Self.read(
                Self.animation(Self.squareLayer(layer: #", "bm": 17"#)), name: "strict.json",
                options: LottieOptions(strict: true))
        } throws: { error in
            "\(error)".contains(
                "has the blend mode 17 (`bm`), which is unknown; it is drawn as normal. Render without strict checking")
        }
    }

    @Test func anUnknownTrackMatteModeIsDrawnAsAnAlphaMatte() throws {
        // The matte (a square) above the layer it masks (a full-size square of another colour).
        func json(_ mode: Int) -> String {
            Self.animation(
                [
                    Self.squareLayer(layer: #", "td": 1"#, index: 1),
                    #"""
                    {"ty": 1, "ind": 2, "ip": 0, "op": 10, "ks": {}, "sc": "#00ff00", "sw": 40, "sh": 40, "tt": \#(mode)}
                    """#
                ].joined(separator: ","))
        }
        let alpha = try Self.read(json(1), name: "alpha.json")
        let unknown = try Self.read(json(9), name: "matte9.json")
        let negative = try Self.read(json(-2), name: "matte-2.json")
        let none = try Self.read(json(0), name: "matte0.json")
        #expect(alpha.warnings.isEmpty && none.warnings.isEmpty)
        #expect(try Self.png(unknown.content) == Self.png(alpha.content))
        #expect(try Self.png(negative.content) == Self.png(none.content))
        #expect(try Self.png(alpha.content) != Self.png(none.content))
        #expect(
            unknown.warnings == [
                "matte9.json: layer #2 (layers[1]) has the track matte mode 9 (`tt`), which is unknown; it is drawn as an alpha matte."
            ])
        #expect(negative.warnings.first?.hasSuffix("it is drawn without a matte.") == true)
    }
}
