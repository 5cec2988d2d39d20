import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Testing

@Suite("editly specs")
struct EditlySpecTests {
    /// Every supported layer type, editly's defaults, transitions and audio.
    static let everyLayer = """
        // An editly spec exercising the supported subset.
        {
          outPath: './out/everything.mp4',
          width: 640, height: 360, fps: 30,
          verbose: false, fast: false, keepSourceAudio: false,
          defaults: {
            duration: 3,
            transition: { name: 'fade', duration: 1, audioOutCurve: 'tri', audioInCurve: 'tri' },
            layer: { fontFamily: 'DejaVu Serif' },
            layerType: { 'fill-color': { color: '#ff6666' } },
          },
          clips: [
            // 0: a lone image: a photo slide with Ken Burns framings.
            { duration: 4, layers: [{ type: 'image', path: 'photos/a.png', resizeMode: 'cover', zoomDirection: 'out', zoomAmount: 0.2 }] },
            // 1: zoomDirection null: a still photo; the clip's transition overrides the name only.
            { layers: [{ type: 'image', path: 'photos/a.png', zoomDirection: null }], transition: { name: 'directional-left' } },
            // 2: a lone fill-color: a colour slide, its colour from defaults.layerType.
            { duration: 1, layers: [{ type: 'fill-color' }], transition: null },
            // 3: image with a title on top: layers.
            { layers: [
                { type: 'image', path: 'photos/a.png', resizeMode: 'contain-blur', zoomDirection: 'right' },
                { type: 'title', text: 'Over the photo', position: 'bottom', textColor: 'yellow' },
              ], transition: { name: 'wipeLeft', duration: 0.5 } },
            // 4: every other layer type.
            { duration: 5, layers: [
                { type: 'linear-gradient', colors: ['#000000', 'white'] },
                { type: 'radial-gradient', colors: ['rgb(255, 0, 0)', 'rgba(0, 0, 255, 0.5)'], start: 1, stop: 4 },
                { type: 'rainbow-colors', stop: 2 },
                { type: 'image-overlay', path: 'photos/logo.png', position: 'top-right', width: 0.25, zoomDirection: 'in' },
                { type: 'subtitle', text: 'A subtitle', backgroundColor: 'rgba(0,0,0,0.5)', delay: 0.1, speed: 2 },
                { type: 'news-title', text: 'NEWS', delay: 0.2 },
                { type: 'slide-in-text', text: 'Sliding', fontSize: 0.1, position: { x: 0.1, y: 0.9, originY: 'bottom' } },
                { type: 'pause', color: 'navy' },
              ], transition: { name: 'random' } },
            // 5: title-background with a given background, then one with a random one.
            { layers: [{ type: 'title-background', text: 'Chapter', background: { type: 'radial-gradient', colors: ['red', 'blue'] } }] },
            { layers: { type: 'title-background', text: 'The end' } },
          ],
          audioFilePath: 'music/song.wav',
          backgroundAudioVolume: 0.5,
          loopAudio: true,
          audioTracks: [
            { path: 'music/voice.wav', mixVolume: '-6dB', cutFrom: 0.5, cutTo: 1.5, start: 2 },
            { path: 'music/voice.wav', cutFrom: 1 },
          ],
          outputVolume: 2,
        }
        """

    @Test func everySupportedLayerTypeMapsOntoSlides() throws {
        let fixtures = try ReaderFixtures()
        let photo = try fixtures.photo("photos/a.png", width: 64, height: 48)
        try fixtures.photo("photos/logo.png", width: 40, height: 20, color: .green)
        let song = try fixtures.silence("music/song.wav", seconds: 3)
        let voice = try fixtures.silence("music/voice.wav", seconds: 2)
        let specURL = try fixtures.text(Self.everyLayer, to: "spec.json5")
        let spec = try EditlySpec(contentsOf: specURL)
        let show = spec.slideshow

        #expect(spec.outputURL == fixtures.url.appendingPathComponent("out/everything.mp4").standardizedFileURL)
        #expect(show.width == 640 && show.height == 360 && show.fps == 30 && show.slideDuration == 3)
        #expect(show.transition == Slideshow.Transition(.crossfade, duration: 1, easing: .linear))
        try #require(show.slides.count == 7)
        #expect(show.slides.map(\.duration) == [4, 3, 1, 3, 5, 3, 3])

        // Transitions: at most half of either clip; none after a `null` or at the end.
        #expect(
            show.slides.map(\.transition) == [
                Slideshow.Transition(.crossfade, duration: 1, easing: .linear),
                Slideshow.Transition(.slideLeft, duration: 0.5, easing: .easeOutExpo),
                Slideshow.Transition(.cut, duration: 0, easing: .linear),
                Slideshow.Transition(.wipeLeft, duration: 0.5, easing: .linear),
                Slideshow.Transition(.random, duration: 1, easing: .linear),
                Slideshow.Transition(.crossfade, duration: 1, easing: .linear),
                Slideshow.Transition(.cut, duration: 0, easing: .linear)
            ])

        // A lone image is a photo slide: its fit, and zoom out by 0.2 as framings.
        guard case .photo(let url) = show.slides[0].content, case .photo = show.slides[1].content else {
            Issue.record("clips 0 and 1 are not photo slides")
            return
        }
        #expect(url == photo)
        #expect(show.slides[0].fit == .cover)
        #expect(
            show.slides[0].kenBurns
                == Slideshow.KenBurns(from: Slideshow.Framing(zoom: 1.2), to: Slideshow.Framing(zoom: 1)))
        #expect(show.slides[1].fit == .contain && show.slides[1].backdrop == .blurred)
        #expect(show.slides[1].kenBurns == Slideshow.KenBurns(from: Slideshow.Framing(), to: Slideshow.Framing()))

        guard case .color(let color) = show.slides[2].content else {
            Issue.record("clip 2 is not a colour slide")
            return
        }
        #expect(color == (try Color(hex: "#FF6666")))

        // Layers: the kinds each editly layer becomes, back to front.
        #expect(kinds(show.slides[3]) == ["image", "image", "text"])
        #expect(
            kinds(show.slides[4]) == ["rect", "rect", "group", "image", "rect", "text", "rect", "text", "text", "rect"])
        #expect(kinds(show.slides[5]) == ["rect", "text"])
        #expect(kinds(show.slides[6]).last == "text")

        // Audio: amix weights (the background track's 0.5, the voice's -6 dB and 1, after the clips'
        // own audio at 1), each over their sum; cuts become trims; outputVolume scales all.
        try #require(show.audio.count == 3)
        let weights = [0.5, pow(10, -6.0 / 20), 1]
        let sum = 1 + weights.reduce(0, +)
        #expect(show.audio[0].url == song && show.audio[0].loops)
        #expect(abs(show.audio[0].volume - 2 * 0.5 / sum) < 1e-9)
        #expect(show.audio[1].url == voice && show.audio[1].start == 2 && show.audio[1].trim == 0.5..<1.5)
        #expect(abs(show.audio[1].volume - 2 * weights[1] / sum) < 1e-9)
        #expect(show.audio[2].trim == 1..<2 && show.audio[2].start == 0 && abs(show.audio[2].volume - 2 / sum) < 1e-9)

        // Every layers slide makes a scene that renders.
        for slide in show.slides {
            guard case .layers(let layers) = slide.content else { continue }
            let scene = Scene(
                canvas: Canvas(width: show.width, height: show.height, duration: slide.duration ?? 3), layers: layers)
            let frame = try SceneRenderer(scene: scene).image(at: 1)
            #expect(frame.width == 640 && frame.height == 360)
        }
    }

    @Test func layersAreAnimatedOnTheSlidesClock() throws {
        let fixtures = try ReaderFixtures()
        try fixtures.photo("photos/a.png", width: 64, height: 48)
        try fixtures.photo("photos/logo.png", width: 40, height: 20)
        try fixtures.silence("music/song.wav", seconds: 3)
        try fixtures.silence("music/voice.wav", seconds: 2)
        let show = try EditlySpec.load(from: try fixtures.text(Self.everyLayer, to: "spec.json5"))
        let withTitle = layers(show.slides[3])
        // The photo zooms `right`: a scale of 1.3 + 0.1, sliding 100 px right over the 3 s clip.
        #expect(close(withTitle[1].scale.value(at: 0), CGSize(width: 1.4, height: 1.4)))
        #expect(withTitle[1].position?.value(at: 0) == CGPoint(x: 270, y: 180))
        #expect(withTitle[1].position?.value(at: 3) == CGPoint(x: 370, y: 180))
        // The title sits 5% above the bottom, anchored at its bottom, zooming in by 20%.
        #expect(withTitle[2].anchor.value(at: 0) == CGPoint(x: 0.5, y: 1))
        #expect(withTitle[2].position?.value(at: 0) == CGPoint(x: 320, y: 342))
        #expect(close(withTitle[2].scale.value(at: 3), CGSize(width: 1.2, height: 1.2)))

        let mixed = layers(show.slides[4])
        // radial-gradient from 1 s to 4 s: grows from scale 1 to 2 over its own 3 seconds.
        #expect(mixed[1].inPoint == 1 && mixed[1].outPoint == 4)
        #expect(close(mixed[1].scale.value(at: 2.5), CGSize(width: 1.5, height: 1.5)))
        #expect(mixed[2].outPoint == 2)
        // The linear gradient turns 30° over the clip.
        #expect(mixed[0].rotation.value(at: 5) == 30)
        // The overlay's top-right corner sits 5% in from the top-right corner, a quarter of the canvas wide.
        #expect(mixed[3].anchor.value(at: 0) == CGPoint(x: 1, y: 0))
        #expect(mixed[3].size?.value(at: 0) == CGSize(width: 160, height: 80))
        // The subtitle fades in from 10% of the clip over half of it (speed 2).
        #expect(mixed[5].opacity.value(at: 0.5) == 0 && mixed[5].opacity.value(at: 3) == 1)
        // slide-in-text is revealed by a mask and fades out between 80% and 90% of the clip.
        #expect(mixed[8].mask != nil)
        #expect(mixed[8].opacity.value(at: 3.9) == 1 && mixed[8].opacity.value(at: 4.5) == 0)
    }

    @Test func transitionsDefaultToEditlysRandomHalfSecond() throws {
        let spec =
            "{ clips: [{ layers: [{ type: 'fill-color', color: 'red' }] }, { layers: [{ type: 'pause', color: 'blue' }] }] }"
        let show = try EditlySpec.decode(Data(spec.utf8), fileName: "spec.json5")
        #expect(show.width == 640 && show.height == 640 && show.fps == 25 && show.slideDuration == 4)
        #expect(
            show.slides.map(\.transition) == [
                Slideshow.Transition(.random, duration: 0.5, easing: .linear),
                Slideshow.Transition(.cut, duration: 0, easing: .linear)
            ])
    }

    /// Found by FuzzEditlySpec: editly lets a 1 s clip be half transition in and half out, which
    /// at 24 fps leaves it no frame of its own, so MovieKit's timing refused what the reader gave.
    @Test func transitionsThatWouldCoverAClipLeaveItAFrame() throws {
        let spec = """
            {fps: 24, defaults: {transition: {name: 'fade', duration: 0.5}},
             clips: [{duration: 2, layers: [{type: 'pause', color: 'red'}]}, {duration: 1, layers: [{type: 'pause', color: 'green'}]},
                     {duration: 2, layers: [{type: 'pause', color: 'blue'}]}]}
            """
        let show = try EditlySpec.decode(Data(spec.utf8), fileName: "spec.json5")
        #expect(show.slides.map { $0.transition?.duration } == [11.0 / 24, 0.5, 0])
        let timing = try show.timing()
        #expect(timing.transitions == [11, 12, 0])
        #expect(timing.frameCount == 48 + 24 + 48 - 11 - 12)
    }

    @Test func layerSlidesRenderAsEditlyDrawsThem() throws {
        let spec = """
            { width: 320, height: 160, clips: [
              { duration: 2, layers: [{ type: 'rainbow-colors' }] },
              { duration: 2, layers: [{ type: 'fill-color', color: '#336699' }, { type: 'title', text: 'Hi', textColor: '#ffffff' }] },
            ] }
            """
        let show = try EditlySpec.decode(Data(spec.utf8), fileName: "spec.json5")
        func still(_ slide: Slideshow.Slide, at time: Double) throws -> Image {
            let scene = Scene(
                canvas: Canvas(width: show.width, height: show.height, duration: 2), layers: layers(slide))
            return try SceneRenderer(scene: scene).image(at: time)
        }
        // rainbow-colors: red falls from the left edge (full for the first width − height pixels),
        // green from the top, and blue is |sin(progress)| everywhere.
        let rainbow = try still(show.slides[0], at: 1)
        let blue = Int((abs(sin(0.5)) * 255).rounded())
        let topLeft = rainbow.rgb(x: 2, y: 1)
        let bottomRight = rainbow.rgb(x: 318, y: 158)
        #expect(abs(topLeft.r - 255) <= 3 && abs(topLeft.g - 253) <= 3 && abs(topLeft.b - blue) <= 3)
        #expect(bottomRight.r <= 6 && bottomRight.g <= 6 && abs(bottomRight.b - blue) <= 3)
        // A title over a fill: the fill at the corner, white text at the centre as it zooms in.
        let titled = try still(show.slides[1], at: 1)
        #expect(titled.rgb(x: 5, y: 5) == (r: 0x33, g: 0x66, b: 0x99))
        let row = (100..<220).map { titled.rgb(x: $0, y: 80) }
        #expect(row.contains { $0.r > 200 && $0.g > 200 && $0.b > 200 })
    }

    @Test func panningPhotosMoveTheirFramingsCentre() throws {
        let fixtures = try ReaderFixtures()
        try fixtures.photo("a.png")
        let spec = """
            { width: 640, height: 360, clips: [
              { layers: [{ type: 'image', path: 'a.png', zoomDirection: 'left' }] },
              { layers: [{ type: 'image', path: 'a.png', zoomDirection: 'right', zoomAmount: 0.3, resizeMode: 'stretch' }] },
            ] }
            """
        let show = try EditlySpec.load(from: try fixtures.text(spec, to: "spec.json5"))
        // left: zoom 1.3 + 0.1, the picture sliding 100 px left, so the centre moves 50 / (640 × 1.4) each way.
        let left = try #require(show.slides[0].kenBurns)
        let shift = 50 / (640 * 1.4)
        #expect(abs(left.from.zoom - 1.4) < 1e-9 && left.from.zoom == left.to.zoom)
        #expect(abs(left.from.center.x - (0.5 - shift)) < 1e-9 && abs(left.to.center.x - (0.5 + shift)) < 1e-9)
        #expect(left.from.center.y == 0.5 && left.to.center.y == 0.5)
        // right: the other way, 150 px each side of the centre.
        let right = try #require(show.slides[1].kenBurns)
        let rightShift = 150 / (640 * 1.6)
        #expect(
            abs(right.from.center.x - (0.5 + rightShift)) < 1e-9 && abs(right.to.center.x - (0.5 - rightShift)) < 1e-9)
        #expect(show.slides[1].fit == .stretch)
    }

    @Test func dollarBracesInEditlyTextStayAsWritten() throws {
        let spec = "{ clips: [{ layers: [{ type: 'title', text: 'Costs ${price}' }] }] }"
        let show = try EditlySpec.decode(Data(spec.utf8), fileName: "spec.json5")
        guard case .text(let content) = layers(show.slides[0]).first?.content else {
            Issue.record("not a text layer")
            return
        }
        #expect(content.text.value(at: 0) == "Costs ${price}")
    }

    private func layers(_ slide: Slideshow.Slide) -> [Layer] {
        guard case .layers(let layers) = slide.content else { return [] }
        return layers
    }

    private func close(_ a: CGSize, _ b: CGSize) -> Bool {
        abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }

    private func kinds(_ slide: Slideshow.Slide) -> [String] { layers(slide).map(\.content.typeName) }
}
