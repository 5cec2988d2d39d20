import Foundation
import FrameDraw
import TestSupport
import Testing

@testable import MovieKitScene

/// Shader layers, editly `gl` layers and shader transitions in slideshows and editly specs.
@Suite("Shader layers")
struct ShaderLayerTests {
    /// A shader whose colour says where and when it is drawn: red = x / width, green = time, blue = 1.
    static let probe = """
        precision mediump float;
        uniform float time;
        uniform vec2 resolution;
        void main() { gl_FragColor = vec4(gl_FragCoord.x / resolution.x, time, gl_FragCoord.y / resolution.y, 1.0); }
        """

    @Test func drawsAShaderLayerWithItsUniforms() throws {
        var layer = Layer.shader(Self.probe) { time in ["time": [time / 2]] }
        layer.size = .constant(CGSize(width: 64, height: 32))
        let scene = Scene(canvas: Canvas(width: 64, height: 32, fps: 10, duration: 2), layers: [layer])
        let image = try SceneRenderer(scene: scene).image(at: 1)
        let left = image.pixel(atX: 0, y: 16)
        let right = image.pixel(atX: 63, y: 16)
        #expect(abs(left.red - 0.5 / 64) < 0.02 && abs(right.red - 63.5 / 64) < 0.02)
        #expect(abs(left.green - 0.5) < 0.02)
        // gl_FragCoord.y counts from the bottom.
        #expect(image.pixel(atX: 10, y: 31).blue < 0.05 && image.pixel(atX: 10, y: 0).blue > 0.95)
    }

    @Test func refusesAShaderThatDoesNotCompileBeforeTheFirstFrame() throws {
        let scene = Scene(
            canvas: Canvas(width: 16, height: 16, fps: 10, duration: 1), layers: [Layer.shader("void main() { oops }")])
        #expect {
            _ = try SceneRenderer(scene: scene)
        } throws: { error in
            (error as? ShaderError)?.kind == .invalidShader && "\(error)".contains("did not compile")
        }
    }

    @Test func rendersAnEditlyGLLayerWithTimeAsProgressTimesSpeed() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        _ = try dir.write(Data(Self.probe.utf8), to: "probe.frag")
        let spec = """
            { width: 64, height: 32, fps: 10, clips: [
              { duration: 2, transition: null, layers: [{ type: 'gl', fragmentPath: 'probe.frag', speed: 0.5 }] },
            ] }
            """
        let url = try dir.write(Data(spec.utf8), to: "spec.json5")
        let document = try SceneDocument.load(contentsOf: url)
        let image = try SceneRenderer(scene: document.scene).image(at: 1)
        // Halfway through the clip: progress 0.5, times speed 0.5.
        #expect(abs(image.pixel(atX: 32, y: 16).green - 0.25) < 0.02)
    }

    @Test func readingAnEditlyGLLayerNeedsNoOpenGLAndABadShaderIsReportedAtItsPlaceBeforeTheFirstFrame() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        _ = try dir.write(Data("void main() { nonsense }".utf8), to: "bad.frag")
        let url = try dir.write(
            Data("{ clips: [{ layers: [{ type: 'gl', fragmentPath: 'bad.frag' }] }] }".utf8), to: "spec.json5")
        let counter = ShaderDrawing.DeviceUseCounter()
        let document = try ShaderDrawing.$deviceUses.withValue(counter) { try SceneDocument.load(contentsOf: url) }
        #expect(counter.count == 0, "reading the spec asked for the OpenGL ES device")
        #expect {
            _ = try SceneRenderer(scene: document.scene)
        } throws: { error in
            let text = "\(error)"
            return (error as? SceneError)?.location?.keyPath == "clips[0].layers[0].fragmentPath"
                && text.contains("`clips[0].layers[0].fragmentPath` is \"bad.frag\"")
                && text.contains("a shader that can be drawn") && text.contains("did not compile")
        }
    }

    @Test func drawsAShaderTransitionBetweenSlides() throws {
        var show = Slideshow(width: 64, height: 32, fps: 10)
        show.slides = [
            Slideshow.Slide(.color(Color(red: 1, green: 0, blue: 0)), duration: 2),
            Slideshow.Slide(.color(Color(red: 0, green: 0, blue: 1)), duration: 2)
        ]
        show.transition = .shader(try #require(ShaderTransition(named: "wipeRight")), duration: 1)
        let renderer = try SceneRenderer(scene: try show.scene())
        // The overlap runs from 1 s to 2 s; at 1.5 s the left half shows the next slide.
        let middle = try renderer.image(at: 1.5)
        #expect(middle.pixel(atX: 8, y: 16).blue > 0.95 && middle.pixel(atX: 56, y: 16).red > 0.95)
        #expect(try renderer.image(at: 0.5).pixel(atX: 8, y: 16).red > 0.95)
        #expect(try renderer.image(at: 2.5).pixel(atX: 56, y: 16).blue > 0.95)
    }

    @Test func readsEditlyTransitionParamsAndEasing() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let spec = """
            { width: 64, height: 32, fps: 10, clips: [
              { duration: 2, layers: [{ type: 'fill-color', color: 'red' }],
                transition: { name: 'directional', duration: 1, params: { direction: [1, 0] }, easing: 'easeInOutCubic' } },
              { duration: 2, layers: [{ type: 'fill-color', color: 'blue' }] },
            ] }
            """
        let url = try dir.write(Data(spec.utf8), to: "spec.json5")
        let document = try SceneDocument.load(contentsOf: url)
        let image = try SceneRenderer(scene: document.scene).image(at: 1.5)
        // Halfway with easeInOutCubic is progress 0.5: the right half shows the next clip.
        #expect(image.pixel(atX: 56, y: 16).blue > 0.95 && image.pixel(atX: 8, y: 16).red > 0.95)
    }

    @Test(arguments: [
        (
            "{ clips: [{ layers: [{ type: 'pause' }], transition: { name: 'cube', params: { persp: 1, unzom: 1 } } }] }",
            "spec.json5: `clips[0].transition.params.unzom` is a parameter `unzom` (did you mean `unzoom`?) but must be a parameter of `cube`: `persp`, `unzoom`, `reflection` and `floating`."
        ),
        (
            "{ clips: [{ layers: [{ type: 'pause' }], transition: { name: 'Directional', params: { direction: [1, 0, 0] } } }] }",
            "spec.json5: `clips[0].transition.params.direction` is 3 numbers but must be a list of 2 numbers."
        ),
        (
            "{ clips: [{ layers: [{ type: 'pause' }], transition: { name: 'fade', params: { x: 1 } } }] }",
            "spec.json5: `clips[0].transition.params.x` is a parameter `x` but must be no parameters: `fade` has none."
        )
    ])
    func refusesParamsATransitionDoesNotHave(_ spec: String, _ message: String) throws {
        #expect {
            _ = try EditlySpec.decode(
                Data(spec.utf8), fileName: "spec.json5", baseURL: URL(fileURLWithPath: "/nonexistent-spec-folder"))
        } throws: { error in
            "\(error)" == message
        }
    }
}
