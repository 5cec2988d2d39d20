import Foundation
import FrameDraw
import MovieKitCore
import TestSupport
import Testing

@testable import MovieKitScene

/// The catalog of transition names: what each name resolves to, in MovieKit's dialect and editly's,
/// that every name renders, and a folder of gl-transitions that replaces MovieKit's shaders.
@Suite("Transition catalog")
struct TransitionCatalogTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// Two solid slides of 2 s joined by `transition` lasting 1 s, linearly: the overlap runs from
    /// 1 s to 2 s, so 1.5 s is its midpoint.
    static func slideshow(_ transition: Slideshow.Transition) -> Slideshow {
        var show = Slideshow(width: 64, height: 36, fps: 10)
        show.slides = [Slideshow.Slide(.color(red), duration: 2), Slideshow.Slide(.color(blue), duration: 2)]
        var transition = transition
        transition.duration = 1
        transition.easing = .linear
        show.transition = transition
        return show
    }

    /// The mean difference of two pictures' colour channels, 0…1.
    static func difference(_ a: Image, _ b: Image) -> Double {
        var total = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.pixel(atX: x, y: y)
                let q = b.pixel(atX: x, y: y)
                total += abs(p.red - q.red) + abs(p.green - q.green) + abs(p.blue - q.blue)
            }
        }
        return total / Double(a.width * a.height * 3)
    }

    /// Every name of both dialects, with the dialect that reads it.
    static let everyName: [(name: String, dialect: TransitionCatalog.Dialect)] = TransitionCatalog.Dialect.allCases
        .flatMap { dialect in TransitionCatalog.builtIn.names(in: dialect).map { ($0, dialect) } }

    /// Names that draw no overlap: the cuts.
    static let cuts: Set = ["cut", "none", "dummy"]

    /// Effects that show one picture unchanged at the midpoint between solid colours, and a time
    /// when they show neither: a zoom into a plain picture looks like the picture (until 0.8 for
    /// ZoomInCircles), and the Doom melt has finished by 0.5 with its default speeds.
    static let checkedAt: [String: Double] = ["SimpleZoom": 1.9, "ZoomInCircles": 1.85, "DoomScreenTransition": 1.25]

    @Test(arguments: everyName)
    func everyCatalogNameRenders(_ name: String, _ dialect: TransitionCatalog.Dialect) throws {
        let transition = try #require(TransitionCatalog.builtIn.transition(named: name, in: dialect))
        let renderer = try SceneRenderer(scene: try Self.slideshow(transition).scene())
        let start = try renderer.image(at: 0.5)
        let end = try renderer.image(at: 2.5)
        let middle = try renderer.image(at: 1.5)
        #expect(Self.difference(start, end) > 0.5, "\(name): the slides are red and blue")
        if Self.cuts.contains(name) {
            #expect(Self.difference(middle, start) < 0.01 || Self.difference(middle, end) < 0.01, "\(name) is a cut")
            return
        }
        if case .cpu(.pixelize, _, _) = transition {
            // MovieKit's pixelize swaps the pictures at the midpoint and pixelates them, which
            // leaves solid colours as they are.
            #expect(Self.difference(try renderer.image(at: 1.4), start) < 0.01 && Self.difference(middle, end) < 0.01)
            return
        }
        let checked = try Self.checkedAt[name].map { try renderer.image(at: $0) } ?? middle
        let fromStart = Self.difference(checked, start)
        let fromEnd = Self.difference(checked, end)
        #expect(
            fromStart > 0.002 && fromEnd > 0.002,
            "\(name) (\(dialect)) differs from both ends: \(fromStart), \(fromEnd)")
    }

    @Test func namesResolveByDialect() throws {
        let catalog = TransitionCatalog.builtIn
        // MovieKit's names: ffmpeg xfade's CPU effects win where gl-transitions has the name too.
        #expect(catalog.transition(named: "circleopen") == .cpu(.circleOpen))
        #expect(catalog.transition(named: "FADE") == .cpu(.crossfade))
        #expect(catalog.transition(named: "none") == .cpu(.cut))
        #expect(catalog.transition(named: "crosswarp")?.name == "crosswarp")
        #expect(catalog.transition(named: "dreamy")?.name == "Dreamy", "names are compared ignoring case")
        #expect(catalog.transition(named: "whirlpool") == nil)
        // editly's: the gl-transitions effect, but editly's own names and the exact CPU equivalents.
        let circle = try #require(ShaderTransition(named: "circleopen"))
        #expect(catalog.transition(named: "circleopen", in: .editly) == .shader(circle))
        #expect(catalog.transition(named: "fade", in: .editly) == .cpu(.crossfade, easing: .linear))
        #expect(catalog.transition(named: "directional-up", in: .editly) == .cpu(.slideUp, easing: .easeOutExpo))
        #expect(catalog.transition(named: "wipeleft", in: .movieKit) == .cpu(.wipeLeft))
        #expect(catalog.names().prefix(3) == ["cut", "crossfade", "fadeblack"])
        #expect(catalog.names(in: .editly).prefix(2) == ["fade", "wipeLeft"])
        #expect(!catalog.names(in: .editly).contains("none"))
    }

    @Test func readingAnEditlySpecWithAShaderTransitionNeedsNoOpenGL() throws {
        let spec = """
            { width: 64, height: 32, fps: 10, clips: [
              { duration: 2, layers: [{ type: 'fill-color', color: 'red' }],
                transition: { name: 'directionalwarp', duration: 1, params: { direction: [1, 0], smoothness: 0.2 } } },
              { duration: 2, layers: [{ type: 'fill-color', color: 'blue' }] },
            ] }
            """
        let counter = ShaderDrawing.DeviceUseCounter()
        let show = try ShaderDrawing.$deviceUses.withValue(counter) {
            try EditlySpec.decode(Data(spec.utf8), fileName: "spec.json5", baseURL: URL(fileURLWithPath: "/"))
        }
        #expect(counter.count == 0, "reading the spec asked for the OpenGL ES device \(counter.count) times")
        guard case .shader(let shader, let duration, _) = try #require(show.slides.first?.transition) else {
            Issue.record("the transition is not a shader")
            return
        }
        #expect(duration == 1 && shader.name == "directionalwarp")
        #expect(shader.resolvedParameters["direction"] == [1, 0] && shader.resolvedParameters["smoothness"] == [0.2])
        // The counter does count: drawing a shader asks for the device.
        ShaderDrawing.$deviceUses.withValue(counter) {
            _ = try? ShaderDrawing.uniforms(
                of: ShaderDrawing.program(of: ShaderContent(fragmentShader: "void main() {}")))
        }
        #expect(counter.count == 1)
    }

    /// A transition in the gl-transitions form, written here, that paints everything green from the
    /// first frame of the overlap: recognisable wherever it replaces a name.
    static let greenGLSL = """
        // Author: MovieKit tests
        // License: Apache-2.0
        uniform vec3 paint; // = vec3(0.0, 1.0, 0.0)
        vec4 transition(vec2 uv) {
          return progress <= 0.0 ? getFromColor(uv) : progress >= 1.0 ? getToColor(uv) : vec4(paint, 1.0);
        }
        """

    static func collection(_ files: [String: String]) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        for (name, text) in files { _ = try dir.write(Data(text.utf8), to: name) }
        return dir
    }

    @Test func aCollectionReplacesABuiltInNameWithItsOwnGLSL() throws {
        let dir = try Self.collection(["Dreamy.glsl": Self.greenGLSL, "mkGreen.glsl": Self.greenGLSL])
        defer { dir.remove() }
        let catalog = try TransitionCatalog.builtIn.loadingCollection(at: dir.url)
        #expect(catalog.collectionNames == ["Dreamy", "mkGreen"] && catalog.skippedFiles.isEmpty)
        #expect(catalog.isFromCollection("dreamy") && !catalog.isFromCollection("crosswarp"))
        let dreamy = try #require(catalog.shader(named: "dreamy"))
        #expect(
            dreamy.glsl == Self.greenGLSL
                && dreamy.declaredParameters == [TransitionParameter("paint", .vec3, [0, 1, 0])])
        #expect(TransitionCatalog.builtIn.shader(named: "Dreamy")?.glsl != Self.greenGLSL, "the built-in one stays")
        #expect(catalog.names(in: .editly).contains("mkGreen"))
        // Swift, a manifest and an editly spec all draw the collection's GLSL: green mid-transition.
        let show = Self.slideshow(try #require(catalog.transition(named: "Dreamy")))
        let middle = try SceneRenderer(scene: try show.scene()).image(at: 1.5).pixel(atX: 32, y: 18)
        #expect(middle.green > 0.95 && middle.red < 0.05 && middle.blue < 0.05, "\(middle)")
        let manifest =
            "width: 64\nheight: 36\nfps: 10\ntransition: {name: dreamy, duration: 1, easing: linear}\n"
            + "slides:\n  - {color: '#ff0000', duration: 2}\n  - {color: '#0000ff', duration: 2}\n"
        let spec = """
            { width: 64, height: 36, fps: 10, clips: [
              { duration: 2, layers: [{ type: 'fill-color', color: 'red' }],
                transition: { name: 'Dreamy', duration: 1, params: { paint: [0, 1, 0] } } },
              { duration: 2, layers: [{ type: 'fill-color', color: 'blue' }] },
            ] }
            """
        let registry = ContentRegistry().setting(catalog)
        var shows = [
            try SlideshowManifest.decode(
                Data(manifest.utf8), format: .yaml, fileName: "show.yaml", baseURL: URL(fileURLWithPath: "/"),
                registry: registry),
            try EditlySpec.decode(
                Data(spec.utf8), fileName: "spec.json5", baseURL: URL(fileURLWithPath: "/"), registry: registry)
        ]
        // Code written before registries carried the catalog set it for its task; that still works.
        shows += try TransitionCatalog.$current.withValue(catalog) {
            [
                try SlideshowManifest.decode(
                    Data(manifest.utf8), format: .yaml, fileName: "show.yaml", baseURL: URL(fileURLWithPath: "/")),
                try EditlySpec.decode(Data(spec.utf8), fileName: "spec.json5", baseURL: URL(fileURLWithPath: "/"))
            ]
        }
        for show in shows {
            let pixel = try SceneRenderer(scene: try show.scene()).image(at: 1.5).pixel(atX: 32, y: 18)
            #expect(pixel.green > 0.95 && pixel.red < 0.05 && pixel.blue < 0.05, "\(pixel)")
        }
        // Without the collection, the same manifest draws MovieKit's Dreamy: a crossfade of red and blue.
        let own = try SlideshowManifest.decode(
            Data(manifest.utf8), format: .yaml, fileName: "show.yaml", baseURL: URL(fileURLWithPath: "/"))
        #expect(try SceneRenderer(scene: try own.scene()).image(at: 1.5).pixel(atX: 32, y: 18).green < 0.05)
    }

    @Test func aCollectionWinsOverEditlysCPUNamesButNotItsOwnAliases() throws {
        let dir = try Self.collection(["fade.glsl": Self.greenGLSL, "random.glsl": Self.greenGLSL])
        defer { dir.remove() }
        let catalog = try TransitionCatalog.builtIn.loadingCollection(at: dir.url)
        #expect(catalog.transition(named: "fade", in: .editly)?.name == "fade")
        guard case .shader = try #require(catalog.transition(named: "fade", in: .editly)) else {
            Issue.record("editly's fade is not the collection's shader")
            return
        }
        #expect(catalog.transition(named: "random", in: .editly) == .cpu(.random, easing: .linear))
        #expect(catalog.transition(named: "fade") == .cpu(.crossfade), "MovieKit's fade stays its CPU crossfade")
    }

    @Test func aCollectionLeavesOutFilesThatNeedTextures() throws {
        let luma = "uniform sampler2D luma;\nvec4 transition(vec2 uv) { return getFromColor(uv); }\n"
        let dir = try Self.collection(["luma.glsl": luma, "other.glsl": luma, "notes.txt": "not a shader"])
        defer { dir.remove() }
        let catalog = try TransitionCatalog.builtIn.loadingCollection(at: dir.url)
        #expect(catalog.collectionNames.isEmpty)
        #expect(
            catalog.skippedFiles == [
                "\(dir.url.appendingPathComponent("luma.glsl").path) samples `luma`, a picture MovieKit cannot provide; MovieKit's own `luma` is used instead.",
                "\(dir.url.appendingPathComponent("other.glsl").path) samples `luma`, a picture MovieKit cannot provide; it is left out."
            ])
        #expect(catalog.shader(named: "luma") == TransitionCatalog.builtIn.shader(named: "luma"))
    }

    @Test func aFolderThatIsNotACollectionIsRefusedWithAReason() throws {
        let missing = URL(fileURLWithPath: "/nonexistent-gl-transitions")
        #expect {
            _ = try TransitionCatalog.builtIn.loadingCollection(at: missing)
        } throws: { error in
            let text = "\(error)"
            return (error as? TransitionCatalogError)?.kind == .unreadableFolder
                && text.hasPrefix("The gl-transitions folder /nonexistent-gl-transitions cannot be read (")
                && text.hasSuffix(
                    "); pass the folder of .glsl files, such as node_modules/gl-transitions/transitions.")
        }
        let empty = try Self.collection(["README.md": "# nothing"])
        defer { empty.remove() }
        #expect {
            _ = try TransitionCatalog.builtIn.loadingCollection(at: empty.url)
        } throws: { error in
            "\(error)"
                == "The gl-transitions folder \(empty.url.path) holds no .glsl file; pass the folder of the collection's transitions, such as node_modules/gl-transitions/transitions."
        }
    }
}
