import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

@Suite("Slideshow manifests")
struct SlideshowManifestTests {
    static let everyKey = """
        variables: {who: "Ada"}
        width: 640
        height: 368
        fps: "30000/1001"
        background: "#102030"
        duration: 4
        transition: {name: fadeblack, duration: 0.8, easing: easeInOutCubic}
        fit: cover
        kenBurns: true
        seed: 42
        captionStyle: {font: {family: DejaVu Serif, size: 30}, color: yellow, outline: {color: black, width: 3}}
        titleStyle: {font: {weight: black}, color: "#FFEEDD"}
        slides:
          - image: photos/beach.png
            caption: "Hello, ${who}"
          - image: photos/hills.png
            duration: 5
            fit: contain
            transition: wipeleft
            kenBurns: {from: {zoom: 1.2, center: [0.25, 0.5]}, to: {zoom: 1, center: {x: 0.75, y: 0.4}}}
          - title: The end
            transition: {duration: 1.5}
            kenBurns: false
          - color: orange
            duration: 2
        audio:
          - {path: music/one.wav, trim: [0.5, 1.5], volume: 0.8, fadeIn: 0.25, fadeOut: 0.5}
          - {path: music/two.wav}
          - {path: music/two.wav, start: 12, loop: true}
        """

    @Test func aManifestWithEveryKeyReadsIntoTheSlideshow() throws {
        let fixtures = try ReaderFixtures()
        let beach = try fixtures.photo("photos/beach.png")
        let hills = try fixtures.photo("photos/hills.png", width: 24, height: 32, color: .blue)
        let one = try fixtures.silence("music/one.wav", seconds: 3)
        let two = try fixtures.silence("music/two.wav", seconds: 2)
        let manifest = try fixtures.text(Self.everyKey, to: "show.yaml")
        let show = try SlideshowManifest.load(from: manifest)

        #expect(show.width == 640 && show.height == 368)
        #expect(show.fps == FrameRate(30000, 1001))
        #expect(show.background == (try Color(hex: "#102030")))
        #expect(show.slideDuration == 4)
        #expect(show.transition == Slideshow.Transition(.fadeBlack, duration: 0.8, easing: .easeInOutCubic))
        #expect(show.fit == .cover)
        #expect(show.kenBurns)
        #expect(show.seed == 42)
        #expect(show.captionStyle.font.family == "DejaVu Serif" && show.captionStyle.font.size == 30)
        #expect(show.captionStyle.font.weight == Slideshow(width: 640, height: 368).captionStyle.font.weight)
        #expect(show.captionStyle.color == .yellow)
        #expect(show.captionStyle.outline == TextOutline(color: .black, width: 3))
        #expect(show.titleStyle.font.weight == .black)
        #expect(show.titleStyle.color == (try Color(hex: "#FFEEDD")))

        try #require(show.slides.count == 4)
        let (first, second, third, fourth) = (show.slides[0], show.slides[1], show.slides[2], show.slides[3])
        guard case .photo(let firstURL) = first.content, case .photo(let secondURL) = second.content,
            case .title(let title) = third.content, case .color(let color) = fourth.content
        else {
            Issue.record("unexpected slide contents: \(show.slides.map(\.content))")
            return
        }
        #expect(firstURL == beach && secondURL == hills)
        #expect(
            first.caption == "Hello, Ada" && first.duration == nil && first.fit == nil && first.backdrop == nil
                && first.transition == nil && first.kenBurns == nil)
        #expect(second.duration == 5 && second.fit == .contain && second.backdrop == .background)
        #expect(second.transition == Slideshow.Transition(.wipeLeft, duration: 0.8, easing: .easeInOutCubic))
        #expect(
            second.kenBurns
                == Slideshow.KenBurns(
                    from: Slideshow.Framing(zoom: 1.2, center: CGPoint(x: 0.25, y: 0.5)),
                    to: Slideshow.Framing(zoom: 1, center: CGPoint(x: 0.75, y: 0.4))))
        #expect(title == "The end")
        #expect(third.transition == Slideshow.Transition(.fadeBlack, duration: 1.5, easing: .easeInOutCubic))
        #expect(third.kenBurns == Slideshow.KenBurns(from: Slideshow.Framing(), to: Slideshow.Framing()))
        #expect(color == .orange && fourth.duration == 2)

        // Tracks without `start` play one after another: one (trimmed to 1 s) from 0, two from 1.
        #expect(
            show.audio == [
                AudioTrack(url: one, start: 0, trim: 0.5..<1.5, volume: 0.8, fadeIn: 0.25, fadeOut: 0.5),
                AudioTrack(url: two, start: 1),
                AudioTrack(url: two, start: 12, loops: true)
            ])
    }

    @Test func defaultsAreTheSlideshowDefaults() throws {
        let show = try SlideshowManifest.decode(
            Data("slides:\n  - title: Only\n".utf8), format: .yaml, fileName: "show.yaml",
            baseURL: URL(fileURLWithPath: "/"))
        let plain = Slideshow()
        #expect(show.width == plain.width && show.height == plain.height && show.fps == plain.fps)
        #expect(show.background == plain.background && show.slideDuration == plain.slideDuration)
        #expect(
            show.transition == plain.transition && show.fit == plain.fit && show.backdrop == plain.backdrop
                && show.kenBurns == plain.kenBurns && show.seed == plain.seed)
        #expect(show.captionStyle == plain.captionStyle && show.titleStyle == plain.titleStyle && show.audio.isEmpty)
    }

    @Test func jsonManifestsReadTheSameAsYAML() throws {
        let yaml =
            "width: 320\nheight: 176\ntransition: {name: fade, duration: 1}\nslides:\n  - {title: A, duration: 2}\n  - {color: \"#FF000080\"}\n"
        let json = """
            {"width": 320, "height": 176, "transition": {"name": "fade", "duration": 1},
             "slides": [{"title": "A", "duration": 2}, {"color": "#FF000080"}]}
            """
        let base = URL(fileURLWithPath: "/")
        let fromYAML = try SlideshowManifest.decode(Data(yaml.utf8), format: .yaml, fileName: "s.yaml", baseURL: base)
        let fromJSON = try SlideshowManifest.decode(Data(json.utf8), format: .json, fileName: "s.json", baseURL: base)
        #expect(fromYAML.transition == Slideshow.Transition(.crossfade, duration: 1))
        #expect(fromJSON.transition == fromYAML.transition && fromJSON.width == 320 && fromJSON.height == 176)
        #expect(fromJSON.slides.map(\.duration) == fromYAML.slides.map(\.duration))
        guard case .color(let color) = fromJSON.slides[1].content else {
            Issue.record("not a colour slide")
            return
        }
        #expect(color == Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
    }

    @Test func variablesFromTheCallerWinOverTheFile() throws {
        let text = "variables: {who: file}\nslides:\n  - title: \"Hi ${who}\"\n    duration: ${seconds}\n"
        let show = try SlideshowManifest.decode(
            Data(text.utf8), format: .yaml, fileName: "s.yaml", baseURL: URL(fileURLWithPath: "/"),
            variables: ["who": "caller", "seconds": "2.5"])
        guard case .title(let title) = show.slides[0].content else {
            Issue.record("not a title")
            return
        }
        #expect(title == "Hi caller" && show.slides[0].duration == 2.5)
    }

    @Test func glTransitionNamesAreDrawnByTheirShader() throws {
        let fixtures = try ReaderFixtures()
        let manifest = try fixtures.text(
            "transition: {name: crosszoom, duration: 0.5}\nslides:\n  - {title: A, duration: 2}\n  - {title: B, transition: Swirl}\n  - {title: C, transition: wipeleft}\n",
            to: "gl.yaml")
        let show = try SlideshowManifest.load(from: manifest)
        let crossZoom = try #require(ShaderTransition(named: "CrossZoom"))
        let swirl = try #require(ShaderTransition(named: "Swirl"))
        #expect(show.transition == .shader(crossZoom, duration: 0.5, easing: .easeInOut))
        #expect(show.slides[1].transition == .shader(swirl, duration: 0.5, easing: .easeInOut))
        #expect(show.slides[1].transition?.duration == 0.5, "the slideshow's duration is kept")
        // MovieKit's own names win where both exist, and drop the shader of the default.
        #expect(show.slides[2].transition == .cpu(.wipeLeft, duration: 0.5, easing: .easeInOut))
    }
}
