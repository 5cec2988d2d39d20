import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

/// Every value the scene schema accepts renders: a layer whose scale, size or opacity is 0 on a
/// frame draws nothing on it, and so do empty paths and text, zero line widths, values an animation
/// takes to infinity, and masks with nothing in them. Each class is tried from a scene file and from
/// the Swift builder; values the schema refuses are refused when the file is read.
@Suite("Edge values render")
struct EdgeValueRenderingTests {
    static let red = (r: 255, g: 0, b: 0)
    static let black = (r: 0, g: 0, b: 0)

    /// A 64×64 black scene lasting 1 s at 10 fps, with `layers` (YAML list items, indented by 2).
    static func scene(_ layers: String) throws -> Scene {
        let yaml = """
            canvas: {width: 64, height: 64, fps: 10, duration: 1, background: black}
            layers:
            \(layers)
            """
        return try SceneFile.decode(yaml, format: .yaml, fileName: "edge.yaml", baseURL: URL(fileURLWithPath: "/"))
    }

    /// The centre pixel of `scene` at each of `times`.
    static func centre(of scene: Scene, at times: [Double]) throws -> [(r: Int, g: Int, b: Int)] {
        let renderer = try SceneRenderer(scene: scene)
        return try times.map { try renderer.image(at: $0).rgb(x: 32, y: 32) }
    }

    // MARK: - Scale 0

    @Test func thePopInOfTheIssueRendersToAMovieThatGrowsFromNothing() throws {
        let folder = try TemporaryFolder()
        let scene = try SceneFile.decode(
            """
            canvas: {width: 320, height: 176, duration: 1}
            layers:
              - type: rect
                size: [100, 100]
                fill: red
                animate:
                  scale: {from: 0, to: 1, duration: 1}
            """, format: .yaml, fileName: "pop-in.yaml", baseURL: folder.url)
        let movie = folder.file("pop-in.mp4")
        try SceneRenderer(scene: scene).render(to: movie)
        let frames = try DecodedMovie.frames(of: movie, at: [0, 29 / 30])
        try #require(frames.count == 2)
        #expect(isClose(frames[0].rgb(x: 160, y: 88), Self.black))
        #expect(isClose(frames[1].rgb(x: 160, y: 88), Self.red))
    }

    static let scalesThroughZero = [
        "scale: {from: 0, to: 1, duration: 1}",
        "scale: {from: 0, to: 1, spring: {response: 0.4, dampingRatio: 0.3}}",
        "scale: {from: 1, to: 0, duration: 0.5}",
        "scale: [{time: 0, value: 0}, {time: 0.5, value: [0, 1]}, {time: 0.8, value: [1, 0]}]",
        "scale: {keyframes: [{time: 0, value: 0}, {time: 1, value: 2}], mode: catmullRom}"
    ]

    @Test(arguments: scalesThroughZero)
    func aScaleThatIsZeroOnAFrameDrawsNothingOnIt(_ animation: String) throws {
        let scene = try Self.scene(
            """
              - type: rect
                size: [40, 40]
                fill: red
                animate:
                  \(animation)
            """)
        let colours = try Self.centre(of: scene, at: [0, 0.5, 0.8])
        // At 0 every animation but the shrinking one is at 0; each shows nothing wherever it is 0.
        #expect(colours.contains { isClose($0, Self.black) })
    }

    @Test func constantScalesOfZeroDrawNothingFromAFileAndFromSwift() throws {
        let file = try Self.scene(
            """
              - {type: rect, size: [40, 40], fill: red, scale: 0}
              - {type: ellipse, size: [40, 40], fill: red, scale: [0, 1], stroke: white, strokeWidth: 4}
              - {type: text, text: Hello, scale: [1, 0]}
            """)
        #expect(isClose(try Self.centre(of: file, at: [0])[0], Self.black, tolerance: 0))
        let picture = try Image(width: 2, height: 2, pixels: [0xFFFF_0000, 0xFFFF_0000, 0xFFFF_0000, 0xFFFF_0000])
        let swift = Scene(width: 64, height: 64, duration: 1, background: .black) {
            Layer.rect().size(width: 40, height: 40).fill(.red).scale(Double(0))
            Layer.image(picture)
                .size(width: 40, height: 40).scale(.tween(from: 0, to: 1, duration: 1))
            Layer.group { Layer.rect().fill(.red) }.scale(.spring(from: 0, to: 1))
        }
        #expect(isClose(try Self.centre(of: swift, at: [0])[0], Self.black, tolerance: 0))
    }

    // MARK: - Size and opacity 0

    @Test func sizesAndOpacitiesOfZeroDrawNothing() throws {
        let file = try Self.scene(
            """
              - {type: rect, size: [0, 0], fill: red, stroke: white, strokeWidth: 8, lineCap: round}
              - {type: rect, size: [60, 0], fill: red, stroke: white, strokeWidth: 8}
              - {type: polygon, sides: 5, size: [0, 60], fill: red}
              - {type: text, text: Hello, size: [0, 0]}
              - {type: group, size: [0, 0], layers: [{type: rect, size: [40, 40], fill: red}]}
              - {type: rect, fill: red, opacity: 0}
              - {type: rect, fill: red, animate: {size: {from: [0, 0], to: [0, 40], duration: 1}}}
            """)
        #expect(try Self.centre(of: file, at: [0, 0.5]).allSatisfy { isClose($0, Self.black, tolerance: 0) })
        // A spring that overshoots below 0 gives a negative size on some frames: nothing is drawn then.
        let swift = Scene(width: 64, height: 64, duration: 1, background: .black) {
            Layer.rect().fill(.red).size(
                .spring(
                    from: CGSize(width: 40, height: 40), to: .zero, spring: Spring(response: 0.3, dampingRatio: 0.2)))
            Layer.ellipse().fill(.red).opacity(.tween(from: 0, to: 0, duration: 0))
        }
        let colours = try Self.centre(of: swift, at: stride(from: 0.1, to: 1, by: 0.1).map { $0 })
        #expect(colours.contains { isClose($0, Self.black, tolerance: 0) })
    }

    // MARK: - Empty content and zero widths

    @Test func emptyPathsEmptyTextAndZeroLineWidthsDrawNothing() throws {
        let file = try Self.scene(
            """
              - {type: path, d: "", fill: red, stroke: white, strokeWidth: 4}
              - {type: path, d: "M 32 32 L 32 32", stroke: white, strokeWidth: 0, fill: none}
              - {type: path, d: "M 10 10 L 50 50", stroke: white, strokeWidth: 0, fill: none, dash: [0, 0]}
              - {type: text, text: ""}
              - {type: text, text: "", size: [64, 64], outline: {width: 0}}
              - type: rect
                size: [40, 40]
                fill: none
                stroke: white
                animate: {strokeWidth: {from: 0, to: 0, duration: 0.000001}}
            """)
        #expect(try Self.centre(of: file, at: [0, 0.5]).allSatisfy { isClose($0, Self.black, tolerance: 0) })
        let swift = Scene(width: 64, height: 64, duration: 1, background: .black) {
            Layer.path(Path())
            Layer.text("")
            Layer.rect().size(width: 40, height: 40).fill(nil)
                .stroke(Stroke(color: .constant(.white), width: .constant(.infinity)))
            Layer.rect().size(width: 40, height: 40).fill(nil)
                .stroke(Stroke(color: .constant(.white), width: 4, dash: [-1, .infinity]))
        }
        #expect(isClose(try Self.centre(of: swift, at: [0])[0], Self.black, tolerance: 0))
    }

    // MARK: - Timing at the edges

    @Test func coincidentKeyframesAndTheShortestTweenJumpAtTheirTime() throws {
        let file = try Self.scene(
            """
              - type: rect
                size: [40, 40]
                fill: red
                animate:
                  opacity: [{time: 0.5, value: 0}, {time: 0.5, value: 1}, {time: 0.5, value: 1}]
                  scale: {from: 0, to: 1, start: 0.5, duration: 0.000001}
            """)
        let colours = try Self.centre(of: file, at: [0, 0.4, 0.6, 0.9])
        #expect(colours.map { isClose($0, Self.red) } == [false, false, true, true])
        // A tween of length 0 in Swift jumps to its end value at its start.
        let swift = Scene(width: 64, height: 64, duration: 1, background: .black) {
            Layer.rect().size(width: 40, height: 40).fill(.red).scale(.tween(from: 0, to: 1, start: 0.5, duration: 0))
        }
        #expect(try Self.centre(of: swift, at: [0.4, 0.5]).map { isClose($0, Self.red) } == [false, true])
    }

    // MARK: - Huge values

    @Test func hugeRotationsScalesAndPositionsRender() throws {
        let file = try Self.scene(
            """
              - {type: rect, size: [40, 40], fill: red, rotation: 1e300}
              - {type: rect, size: [40, 40], fill: red, rotation: -1.7976931348623157e308, scale: 1e300}
              - {type: rect, size: [40, 40], fill: red, position: [1e308, -1e308]}
              - {type: rect, size: [1e308, 1e308], fill: red, anchor: [1e308, 1e308]}
              - {type: text, text: Zoom, font: {size: 2000}, scale: 1000}
              - {type: star, points: 1000, innerRadius: 0, size: [1e300, 1e-300], fill: red}
              - {type: ellipse, size: [10, 10], scale: 1e15, fill: none, stroke: red, strokeWidth: 2.6}
              - type: ellipse
                size: [40, 40]
                fill: red
                animate:
                  rotation: {from: 0, to: 1e308, duration: 1}
                  scale: {from: 1, to: 1, spring: {response: 0.01, dampingRatio: 0.000001}, initialVelocity: 1e308}
            """)
        _ = try Self.centre(of: file, at: [0, 0.3, 0.9])
        // The outline scaled by 1e15 above is 2.6e15 pixels wide: found by FuzzSceneRender, when
        // Cairo's pen for the curves ran out of memory (Fuzz/Corpus/FuzzSceneRender/regression-…).
        // A scale that keeps the layer within the frame's reach still fills it.
        let zoomed = try Self.scene("  - {type: rect, size: [40, 40], fill: red, scale: 1e6}")
        #expect(isClose(try Self.centre(of: zoomed, at: [0])[0], Self.red))
        // Turned 45° and stretched a million times, a rectangle is a band along the diagonal, which
        // Cairo alone filled nothing of: its outline is cut to the frame first (FarPathTests). An
        // image layer stretched 10¹¹⁴ times and turned crashed Cairo (FuzzSceneRender's input
        // regression-image-clips-far-past-cairo).
        let band = try Self.scene("  - {type: rect, size: [40, 20], fill: red, rotation: 45, scale: [1e6, 1]}")
        #expect(isClose(try Self.centre(of: band, at: [0])[0], Self.red))
        #expect(isClose(try SceneRenderer(scene: band).image(at: 0).rgb(x: 60, y: 4), Self.black, tolerance: 0))
        // Nested scales whose product leaves double precision draw nothing rather than fail.
        var layer = Layer.rect().size(width: 40, height: 40).fill(.red)
        for _ in 0..<8 { layer = Layer.group { layer }.scale(1e-100) }
        let tiny = Scene(width: 64, height: 64, duration: 1, background: .black) { layer }
        #expect(isClose(try Self.centre(of: tiny, at: [0])[0], Self.black, tolerance: 0))
    }

    // MARK: - Masks and nesting

    @Test func masksWithNothingInThemHideOrShowTheWholeLayer() throws {
        let file = try Self.scene(
            """
              - {type: rect, fill: red, mask: {type: group, layers: []}}
              - {type: rect, fill: red, mask: {type: rect, fill: white, scale: 0}, invertMask: true}
            """)
        // The first layer's empty mask keeps nothing; the second's inverted empty mask removes nothing.
        #expect(isClose(try Self.centre(of: file, at: [0])[0], Self.red, tolerance: 0))
        let hidden = Scene(width: 64, height: 64, duration: 1, background: .black) {
            Layer.rect().fill(.red).mask(Layer.rect().fill(.white).opacity(0))
            Layer.rect().fill(.red).mask(Layer.text(""))
            Layer.rect().fill(.red).mask(Layer.rect().visible(from: 5))
        }
        #expect(isClose(try Self.centre(of: hidden, at: [0])[0], Self.black, tolerance: 0))
    }

    @Test func groupsInGroupsOfEveryEdgeValueRender() throws {
        let file = try Self.scene(
            """
              - type: group
                clip: true
                cornerRadius: 100000
                layers:
                  - type: group
                    scale: 0
                    layers: [{type: rect, fill: red}]
                  - type: group
                    size: [0, 0]
                    clip: true
                    layers: [{type: text, text: "", mask: {type: group, layers: []}}]
                  - type: group
                    timeOffset: -1e300
                    animate: {scale: {from: 0, to: 1, spring: {response: 0.5, dampingRatio: 1}}}
                    layers:
                      - {type: path, d: "", stroke: white}
                      - {type: rect, size: [20, 20], fill: red, opacity: 0}
            """)
        #expect(try Self.centre(of: file, at: [0, 0.5]).allSatisfy { isClose($0, Self.black, tolerance: 0) })
    }

    // MARK: - Read as written

    @Test func aStrokeThatOnlyAnimateGivesKeepsItsDashAndCaps() throws {
        let scene = try Self.scene(
            "  - {type: rect, dash: [4, 2], lineCap: round, animate: {stroke: {from: red, to: blue, duration: 1}}}")
        #expect(scene.layers[0].stroke?.dash == [4, 2])
        #expect(scene.layers[0].stroke?.lineCap == .round)
    }

    // MARK: - Refused when read

    struct Refused: Sendable, CustomTestStringConvertible {
        var yaml: String
        var path: String
        var testDescription: String { yaml }
    }

    static let refusedValues = [
        Refused(yaml: "{type: rect, scale: .inf}", path: "layers[0].scale"),
        Refused(yaml: "{type: rect, rotation: .nan}", path: "layers[0].rotation"),
        Refused(yaml: "{type: rect, size: [-1, 5]}", path: "layers[0].size"),
        Refused(yaml: "{type: rect, opacity: 2}", path: "layers[0].opacity"),
        Refused(yaml: "{type: rect, dash: [-4]}", path: "layers[0].dash[0]"),
        Refused(yaml: "{type: rect, lineCap: wide, stroke: red}", path: "layers[0].lineCap"),
        Refused(
            yaml: "{type: rect, animate: {scale: {from: 0, to: 1, duration: 0}}}",
            path: "layers[0].animate.scale.duration"
        ),
        Refused(
            yaml: "{type: rect, animate: {opacity: [{time: 1, value: 0}, {time: 0.5, value: 1}]}}",
            path: "layers[0].animate.opacity")
    ]

    @Test(arguments: refusedValues)
    func valuesTheSchemaRefusesAreRefusedWhenTheFileIsRead(_ value: Refused) {
        #expect {
            _ = try Self.scene("  - \(value.yaml)")
        } throws: { error in
            error is SceneError && "\(error)".contains(value.path)
        }
    }
}
