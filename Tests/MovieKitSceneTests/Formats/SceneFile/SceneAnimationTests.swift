import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

@Suite("Scene animation")
struct SceneAnimationTests {
    /// A white square moving right on linear keyframes, a grey square fading on a tween, and a
    /// horizontal line drawn on by a trim path.
    static let yaml = """
        canvas: {width: 320, height: 176, fps: 10, duration: 2, background: black}
        layers:
          - type: rect
            size: [20, 20]
            animate:
              position: [{time: 0, value: [20, 30]}, {time: 2, value: [300, 30]}]
          - type: rect
            size: [40, 40]
            position: [160, 90]
            animate:
              opacity: {from: 0, to: 1, start: 0.5, duration: 1, easing: linear}
          - type: path
            d: "M 20 150 L 300 150"
            fill: none
            stroke: white
            strokeWidth: 10
            animate:
              trimEnd: [{time: 0, value: 0}, {time: 2, value: 1}]
        """

    @Test func keyframesTweensAndTrimPathsShowInTheDecodedMovie() throws {
        let folder = try TemporaryFolder()
        let scene = try SceneFile.decode(Self.yaml, format: .yaml, fileName: "a.yaml", baseURL: folder.url)
        let movie = folder.file("a.mp4")
        try SceneRenderer(scene: scene).render(to: movie)
        let frames = try DecodedMovie.frames(of: movie, at: [0.0, 1.0])
        try #require(frames.count == 2)
        // Keyframes: at t = 1 the square is halfway, at x = 160.
        #expect(isClose(frames[0].rgb(x: 20, y: 30), (255, 255, 255)))
        #expect(isClose(frames[1].rgb(x: 20, y: 30), (0, 0, 0)))
        #expect(isClose(frames[1].rgb(x: 160, y: 30), (255, 255, 255)))
        // Tween: invisible before its start, half-way through a linear fade at t = 1.
        #expect(isClose(frames[0].rgb(x: 160, y: 90), (0, 0, 0)))
        #expect(isClose(frames[1].rgb(x: 160, y: 90), (128, 128, 128), tolerance: 16))
        // Trim: at t = 1 the line is drawn up to x = 160.
        #expect(isClose(frames[1].rgb(x: 100, y: 150), (255, 255, 255)))
        #expect(isClose(frames[1].rgb(x: 220, y: 150), (0, 0, 0)))
    }

    @Test func aSpringOvershootsAndSettles() throws {
        let scene = try SceneFile.decode(
            """
            canvas: {width: 200, height: 40, duration: 3}
            layers:
              - type: rect
                size: [10, 10]
                animate:
                  position: {from: [10, 20], to: [100, 20], spring: {response: 0.5, dampingRatio: 0.3}}
            """, format: .yaml, fileName: "s.yaml", baseURL: URL(fileURLWithPath: "/"))
        let position = try #require(scene.layers[0].position)
        #expect(position.kind == .spring)
        #expect(position.value(at: 0).x == 10)
        let peak = stride(from: 0.0, through: 1, by: 0.01).map { position.value(at: $0).x }.max() ?? 0
        #expect(peak > 110)  // an under-damped spring passes its target
        #expect(abs(position.value(at: 3).x - 100) < 0.1)
    }

    @Test func easingsShapeKeyframeSegments() throws {
        let scene = try SceneFile.decode(
            """
            canvas: {width: 10, height: 10, duration: 2}
            layers:
              - type: rect
                animate:
                  rotation:
                    - {time: 0, value: 0, easing: "steps(4, jumpEnd)"}
                    - {time: 1, value: 100, easing: easeIn}
                    - {time: 2, value: 200}
            """, format: .yaml, fileName: "e.yaml", baseURL: URL(fileURLWithPath: "/"))
        let rotation = scene.layers[0].rotation
        #expect(rotation.value(at: 0.3) == 25)
        #expect(rotation.value(at: 0.6) == 50)
        #expect(rotation.value(at: 1.5) < 150)  // ease-in starts slowly
        #expect(rotation.value(at: 2) == 200)
    }

    @Test func pacedKeyframesOfAColourAreRefusedWithThePath() {
        let error = SceneErrorCase(
            name: "paced colours", format: .yaml,
            text: canvasYAML
                + "  - {type: rect, animate: {fill: {keyframes: [{time: 0, value: red}, {time: 1, value: blue}], mode: paced}}}\n",
            message: ""
        ).decodeError()
        #expect(
            error?.hasPrefix(
                "scene.yaml:3:34: `layers[0].animate.fill` is keyframes that cannot be used (Keyframes of Color cannot use the paced mode"
            ) == true, "\(error ?? "")")
    }

    @Test func jumpNoneNeedsTwoSteps() {
        let error = SceneErrorCase(
            name: "steps", format: .yaml,
            text: canvasYAML
                + "  - {type: rect, animate: {opacity: {from: 0, to: 1, duration: 1, easing: \"steps(1, jumpNone)\"}}}\n",
            message: ""
        ).decodeError()
        #expect(
            error?.hasPrefix(
                "scene.yaml:3:75: `layers[0].animate.opacity.easing` is steps(1, jump-none) but must be a usable easing"
            ) == true, "\(error ?? "")")
    }
}
