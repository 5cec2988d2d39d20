import Foundation
import FrameDraw
import Testing

@testable import MovieKitScene

/// Every shader transition of MovieKit's catalog drawn from a red picture to a blue one, checked
/// against what the CPU computes: the red picture at progress 0, the blue one at 1, and
/// characteristic pixels at 0.5.
@Suite("GL transitions")
struct GLTransitionTests {
    static let width = 64
    static let height = 36
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// What a pixel at progress 0.5 must be.
    enum Expected {
        case from, to, black
        case mix(Double)
        case color(Double, Double, Double)
        /// Some pixels of the picture show each side (random or noise-driven orders).
        case both
    }

    /// Characteristic pixels at progress 0.5, as points from the bottom-left corner (0…1), by name:
    /// what the gl-transitions effect of that name draws there (see the table in
    /// `MakingSlideshows.md`), or MovieKit's own where it draws its own.
    static let midpoints: [String: [(x: Double, y: Double, expected: Expected)]] = [
        "fade": [(0.5, 0.5, .mix(0.5))], "wipeLeft": [(0.75, 0.5, .to), (0.25, 0.5, .from)],
        "wipeRight": [(0.25, 0.5, .to), (0.75, 0.5, .from)], "wipeUp": [(0.5, 0.25, .to), (0.5, 0.75, .from)],
        "wipeDown": [(0.5, 0.75, .to), (0.5, 0.25, .from)], "Directional": [(0.5, 0.75, .to), (0.5, 0.25, .from)],
        "directionalwipe": [(0.1, 0.9, .to), (0.9, 0.1, .from)],
        "directionalwarp": [(0.9, 0.1, .to), (0.1, 0.9, .from)],
        "circleopen": [(0.5, 0.5, .to), (0.02, 0.02, .from)], "Radial": [(0.5, 0.1, .to), (0.1, 0.6, .from)],
        "angular": [(0.1, 0.5, .to), (0.9, 0.5, .from)], "randomsquares": [(0, 0, .both)], "perlin": [(0, 0, .both)],
        "luma": [(0.5, 0.5, .to), (0.02, 0.02, .from)],
        "BowTieHorizontal": [(0.25, 0.5, .to), (0.75, 0.5, .to), (0.5, 0.9, .from)],
        "BowTieVertical": [(0.5, 0.25, .to), (0.5, 0.75, .to), (0.9, 0.5, .from)],
        "heart": [(0.5, 0.5, .to), (0.02, 0.02, .from)], "cannabisleaf": [(0.5, 0.5, .to), (0.02, 0.02, .from)],
        "polar_function": [(0.5, 0.5, .to), (0.95, 0.95, .from)],
        "pinwheel": [(0.7927, 0.2273, .to), (0.8747, 0.3601, .from)],
        "PolkaDotsCurtain": [(0.525, 0.525, .to), (0.99, 0.99, .from)], "ZoomInCircles": [(0.5, 0.5, .from)],
        "windowslice": [(0.07, 0.5, .to), (0.95, 0.5, .from)],
        "squareswire": [(0.05, 0.95, .to), (0.98, 0.02, .from)], "wind": [(0.05, 0.5, .to), (0.95, 0.5, .from)],
        "circle": [(0.5, 0.5, .color(0.1, 0.1, 0.1))], "CircleCrop": [(0.5, 0.5, .black)],
        "burn": [(0.5, 0.5, .color(0.95, 0.2, 0.6))], "multiply_blend": [(0.5, 0.5, .black)],
        "colorphase": [(0.5, 0.5, .color(0.0741, 0, 0.0741))],
        "ColourDistance": [(0.5, 0.5, .mix(pow(0.5, 5)))],
        "fadecolor": [(0.5, 0.5, .color(0.0370, 0, 0.0370))],
        "fadegrayscale": [(0.5, 0.5, .color(0.2133, 0.1142, 0.2133))],
        "morph": [(0.5, 0.5, .mix(0.5))], "displacement": [(0.5, 0.5, .mix(0.5))],
        "LinearBlur": [(0.5, 0.5, .mix(0.5))],
        "CrossZoom": [(0.5, 0.5, .mix(0.5))], "Dreamy": [(0.5, 0.5, .mix(0.5))],
        "DreamyZoom": [(0.5, 0.5, .color(1, 1, 1))], "SimpleZoom": [(0.5, 0.5, .from)],
        "pixelize": [(0.5, 0.5, .mix(0.5))], "hexagonalize": [(0.5, 0.5, .mix(0.5))], "Swirl": [(0.5, 0.5, .mix(0.5))],
        "WaterDrop": [(0.5, 0.5, .mix(0.5)), (0.02, 0.02, .mix(0.5))], "ripple": [(0.5, 0.5, .mix(0.3164))],
        "kaleidoscope": [(0.5, 0.5, .mix(0.5))], "flyeye": [(0.5, 0.5, .mix(0.5))],
        "ButterflyWaveScrawler": [(0.5, 0.5, .mix(0.5))], "CrazyParametricFun": [(0.5, 0.5, .mix(0.3164))],
        "crosswarp": [(0.02, 0.5, .from), (0.98, 0.5, .to)], "Bounce": [(0.5, 0.5, .to)],
        "GridFlip": [(0.25, 0.6, .black)], "InvertedPageCurl": [(0.98, 0.02, .to)],
        "cube": [(0.3, 0.5, .to), (0.7, 0.5, .from)], "doorway": [(0.5, 0.5, .to), (0.1, 0.5, .from)],
        "swap": [(0.9, 0.5, .to), (0.1, 0.5, .from)], "StereoViewer": [(0.1, 0.5, .from), (0.9, 0.5, .to)],
        "DoomScreenTransition": [(0.5, 0.9, .to)], "GlitchDisplace": [(0.5, 0.5, .color(0, 0, 0.5))],
        "GlitchMemories": [(0.5, 0.5, .mix(0.5))], "Mosaic": [(0, 0, .both)], "luminance_melt": [(0.5, 0.05, .to)],
        "rotate_scale_fade": [(0.5, 0.5, .mix(0.5)), (0.9, 0.5, .mix(0.5))],
        "squeeze": [(0.5, 0.5, .from), (0.5, 0.1, .to)], "undulatingBurnOut": [(0.5, 0.5, .to)],
        "windowblinds": [(0.5, 0.5, .mix(0.75))], "crosshatch": [(0, 0, .both)]
    ]

    /// Every shader name of MovieKit's catalog.
    static let names = TransitionCatalog.builtIn.shaderNames

    static func shader(_ name: String, parameters: [String: [Double]] = [:]) throws -> ShaderTransition {
        try #require(ShaderTransition(named: name, parameters: parameters, in: .builtIn), "no shader \(name)")
    }

    static func picture(_ color: Color) throws -> Image {
        try Image(size: CGSize(width: width, height: height)) { context in
            context.setFillColor(color)
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
    }

    static func draw(_ transition: ShaderTransition, progress: Double) throws -> Image {
        let parameters = transition.resolvedParameters
        let content = ShaderContent(fragmentShader: transition.fragmentShader, writesPremultipliedColor: true) { _ in
            var uniforms = parameters
            uniforms["progress"] = [progress]
            uniforms["ratio"] = [Double(width) / Double(height)]
            return uniforms
        }
        do {
            return try ShaderDrawing.image(
                of: content, width: width, height: height, time: 0,
                inputs: [("from", try picture(red)), ("to", try picture(blue))])
        } catch let error as ShaderError where error.kind == .unavailable {
            Issue.record("OpenGL ES through EGL is unavailable, so the GL transitions cannot be checked: \(error)")
            throw error
        }
    }

    static func close(_ color: Color, _ red: Double, _ green: Double, _ blue: Double, tolerance: Double = 0.03) -> Bool
    {
        abs(color.red - red) <= tolerance && abs(color.green - green) <= tolerance
            && abs(color.blue - blue) <= tolerance
            && abs(color.alpha - 1) <= tolerance
    }

    @Test func everyNameHasCharacteristicPixels() {
        #expect(Set(Self.midpoints.keys) == Set(Self.names))
        #expect(Self.names.count == 67, "MovieKit's shader transitions are its 67 .glsl resources")
    }

    @Test(arguments: names)
    func showsTheFromPictureAtZeroAndTheToPictureAtOne(_ transition: String) throws {
        let start = try Self.draw(Self.shader(transition), progress: 0)
        let end = try Self.draw(Self.shader(transition), progress: 1)
        for y in stride(from: 0, to: Self.height, by: 5) {
            for x in stride(from: 0, to: Self.width, by: 5) {
                #expect(Self.close(start.pixel(atX: x, y: y), 1, 0, 0), "\(transition) at 0, pixel (\(x), \(y))")
                #expect(Self.close(end.pixel(atX: x, y: y), 0, 0, 1), "\(transition) at 1, pixel (\(x), \(y))")
            }
        }
    }

    @Test(arguments: names)
    func drawsItsCharacteristicPixelsAtTheMidpoint(_ transition: String) throws {
        let image = try Self.draw(Self.shader(transition), progress: 0.5)
        for point in Self.midpoints[transition] ?? [] {
            let x = min(Self.width - 1, max(0, Int((point.x * Double(Self.width) - 0.5).rounded())))
            let y = min(Self.height - 1, max(0, Int(((1 - point.y) * Double(Self.height) - 0.5).rounded())))
            let color = image.pixel(atX: x, y: y)
            switch point.expected {
            case .from: #expect(Self.close(color, 1, 0, 0), "\(transition) at (\(point.x), \(point.y)): \(color)")
            case .to: #expect(Self.close(color, 0, 0, 1), "\(transition) at (\(point.x), \(point.y)): \(color)")
            case .black: #expect(Self.close(color, 0, 0, 0), "\(transition) at (\(point.x), \(point.y)): \(color)")
            case .mix(let amount):
                #expect(Self.close(color, 1 - amount, 0, amount), "\(transition) at (\(point.x), \(point.y)): \(color)")
            case .color(let r, let g, let b):
                #expect(Self.close(color, r, g, b), "\(transition) at (\(point.x), \(point.y)): \(color)")
            case .both:
                var sides = Set<String>()
                for y in 0..<Self.height {
                    for x in 0..<Self.width {
                        let c = image.pixel(atX: x, y: y)
                        if Self.close(c, 1, 0, 0) { sides.insert("from") }
                        if Self.close(c, 0, 0, 1) { sides.insert("to") }
                    }
                }
                #expect(sides == ["from", "to"], "\(transition) shows \(sides) at 0.5")
            }
        }
    }

    @Test func keepsThePicturesUpright() throws {
        // From: red above green. `wipeUp` at 0.25 has revealed the bottom quarter of the blue picture.
        let from = try Image(size: CGSize(width: Self.width, height: Self.height)) { context in
            context.setFillColor(Self.red)
            context.fill(CGRect(x: 0, y: 0, width: Self.width, height: Self.height / 2))
            context.setFillColor(Color(red: 0, green: 1, blue: 0))
            context.fill(CGRect(x: 0, y: Self.height / 2, width: Self.width, height: Self.height / 2))
        }
        let transition = try Self.shader("wipeUp")
        let content = ShaderContent(fragmentShader: transition.fragmentShader, writesPremultipliedColor: true) { _ in
            ["progress": [0.25], "ratio": [Double(Self.width) / Double(Self.height)]]
        }
        let image = try ShaderDrawing.image(
            of: content, width: Self.width, height: Self.height, time: 0,
            inputs: [("from", from), ("to", try Self.picture(Self.blue))])
        #expect(Self.close(image.pixel(atX: 10, y: 2), 1, 0, 0))
        #expect(Self.close(image.pixel(atX: 10, y: 20), 0, 1, 0))
        #expect(Self.close(image.pixel(atX: 10, y: 34), 0, 0, 1))
    }

    @Test func parametersChangeTheEffect() throws {
        // `Directional` towards the left: at 0.5 the right half shows the next picture.
        let left = try Self.draw(Self.shader("Directional", parameters: ["direction": [1, 0]]), progress: 0.5)
        #expect(Self.close(left.pixel(atX: 60, y: 18), 0, 0, 1))
        #expect(Self.close(left.pixel(atX: 3, y: 18), 1, 0, 0))
        // `fadecolor` through white.
        let white = try Self.draw(Self.shader("fadecolor", parameters: ["color": [1, 1, 1]]), progress: 0.5)
        #expect(white.pixel(atX: 32, y: 18).green > 0.8)
    }

    @Test func drawsATransitionWrittenInTheGLTransitionsForm() throws {
        let glsl = """
            uniform float edge; // = 0.25
            vec4 transition(vec2 uv) { return uv.x < edge ? getToColor(uv) : getFromColor(uv); }
            """
        #expect(ShaderTransition(glsl: glsl).resolvedParameters["edge"] == [0.25])
        let image = try Self.draw(ShaderTransition(glsl: glsl), progress: 0.5)
        #expect(Self.close(image.pixel(atX: 5, y: 18), 0, 0, 1))
        #expect(Self.close(image.pixel(atX: 40, y: 18), 1, 0, 0))
    }
}
