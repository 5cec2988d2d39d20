import Foundation
import FrameDraw
import MovieKitCore
import TestSupport
import Testing

@testable import MovieKitScene

@Suite("Slideshows")
struct SlideshowTests {
    /// Writes flat-colour photos (PNG), each with a white dot at its centre.
    static func photos(
        _ colors: [Color], size: CGSize = CGSize(width: 320, height: 240), in dir: borrowing TemporaryDirectory
    ) throws -> [URL] {
        try colors.enumerated().map { index, color in
            let image = try Image(size: size) { context in
                context.setFillColor(color)
                context.fill(context.bounds)
                context.setFillColor(.white)
                context.fillEllipse(in: CGRect(x: size.width / 2 - 4, y: size.height / 2 - 4, width: 8, height: 8))
            }
            let url = dir.file("photo-\(index).png")
            try image.write(to: url)
            return url
        }
    }

    static func show(_ urls: [URL], transition: TransitionKind = .crossfade) -> Slideshow {
        var show = Slideshow(width: 160, height: 96, fps: 10)
        show.slides = urls.map { Slideshow.Slide(.photo($0)) }
        show.slideDuration = 3
        show.transition = Slideshow.Transition(transition, duration: 1, easing: .linear)
        show.fit = .cover
        return show
    }

    @Test func theTotalIsTheSlidesMinusTheTransitionsInWholeFrames() throws {
        let dir = try TemporaryDirectory()
        var show = Self.show(try Self.photos([.red, .green, .blue], in: dir))
        let timing = try show.timing()
        #expect(timing.slides == [0..<30, 20..<50, 40..<70])
        #expect(timing.frameCount == 3 * 30 - 2 * 10)
        #expect(timing.stills == [0..<20, 30..<40, 50..<70])
        // A slide no longer than the transitions into and out of it is refused.
        show.slideDuration = 2
        #expect(throws: SceneError.self) { _ = try show.timing() }
    }

    @Test(arguments: TransitionKind.allCases.filter { $0 != .random && $0 != .cut })
    func midTransitionFramesBlendTheirNeighbours(_ kind: TransitionKind) throws {
        let dir = try TemporaryDirectory()
        let show = Self.show(try Self.photos([.red, .blue], in: dir), transition: kind)
        let renderer = try SceneRenderer(scene: show.scene())
        // Slide 2 starts at frame 20; the transition runs frames 20..<30.
        let before = try renderer.image(at: 1.5)
        let middle = try renderer.image(at: 2.5)
        let after = try renderer.image(at: 3.5)
        let red = before.pixel(atX: 20, y: 20)
        let blue = after.pixel(atX: 20, y: 20)
        #expect(red.red > 0.9 && red.blue < 0.1, "\(kind): before \(red)")
        #expect(blue.blue > 0.9 && blue.red < 0.1, "\(kind): after \(blue)")
        // Halfway, the frame is a blend of its neighbours: it differs from each of them.
        func largestDifference(_ a: Image, _ b: Image) -> Double {
            var largest = 0.0
            for y in stride(from: 0, to: 96, by: 2) {
                for x in stride(from: 0, to: 160, by: 2) {
                    let p = a.pixel(atX: x, y: y)
                    let q = b.pixel(atX: x, y: y)
                    largest = max(largest, abs(p.red - q.red), abs(p.green - q.green), abs(p.blue - q.blue))
                }
            }
            return largest
        }
        #expect(largestDifference(middle, before) > 0.1, "\(kind): the midpoint is not the first slide")
        #expect(largestDifference(middle, after) > 0.1, "\(kind): the midpoint is not the second slide")
    }

    @Test func aRenderedSlideshowHasTheExactFramesAndAudio() throws {
        let dir = try TemporaryDirectory()
        var show = Self.show(try Self.photos([.red, .green, .blue], in: dir))
        show.kenBurns = false
        let url = dir.file("show.mp4")
        try show.render(to: url)
        let probe = try MovieProbe(url: url)
        #expect(probe.frames.count == 70)
        #expect(abs(probe.containerDuration - 7) < 0.01)
        let first = probe.frames[5].pixel(x: 20, y: 20)
        let last = probe.frames[65].pixel(x: 20, y: 20)
        #expect(first.r > 200 && first.g < 60 && last.b > 200 && last.r < 60)
    }

    @Test func kenBurnsMovesADotSmoothlyAndMonotonically() throws {
        let dir = try TemporaryDirectory()
        var show = Self.show(try Self.photos([.black], size: CGSize(width: 640, height: 384), in: dir))
        show.kenBurns = true
        show.slides[0].kenBurns = Slideshow.KenBurns(
            from: Slideshow.Framing(zoom: 1, center: CGPoint(x: 0.3, y: 0.5)),
            to: Slideshow.Framing(zoom: 1.15, center: CGPoint(x: 0.3, y: 0.5)))
        show.slideDuration = 3
        show.width = 320
        show.height = 192
        let renderer = try SceneRenderer(scene: show.scene())
        // The dot at the photo's centre moves right as the picture grows about a point left of it.
        let xs = try (0..<30).map { frame -> Double in
            let image = try renderer.image(at: Double(frame) / 10)
            var sum = 0.0
            var weight = 0.0
            for y in 80..<112 {
                for x in 100..<260 {
                    let v = image.pixel(atX: x, y: y).red
                    sum += v * Double(x)
                    weight += v
                }
            }
            return sum / max(weight, 1e-9)
        }
        let steps = zip(xs.dropFirst(), xs).map { $0 - $1 }
        #expect(steps.allSatisfy { $0 >= -1e-6 }, "no reversals: \(steps)")
        let second = zip(steps.dropFirst(), steps).map { abs($0 - $1) }
        #expect((second.max() ?? 1) < 0.1, "second difference below 0.1 px: \(second.max() ?? 0)")
        #expect((xs.last ?? 0) - (xs.first ?? 0) > 3)
    }

    @Test func containBlurEdgesAreNotBlack() throws {
        let dir = try TemporaryDirectory()
        var show = Self.show(try Self.photos([.orange], size: CGSize(width: 120, height: 240), in: dir))
        show.fit = .contain
        show.backdrop = .blurred
        let renderer = try SceneRenderer(scene: show.scene())
        let frame = try renderer.image(at: 0.5)
        let edge = frame.pixel(atX: 3, y: 48)
        #expect(edge.red > 0.3 && edge.red < 0.8, "the blurred, darkened copy shows at the edge: \(edge)")
        let centre = frame.pixel(atX: 80, y: 20)
        #expect(centre.red > 0.95, "the photo itself in the middle: \(centre)")
    }

    @Test func waitingUntilIdleWaitsForTheNextSlidesPrefetch() throws {
        let dir = try TemporaryDirectory()
        let urls = try Self.photos([.red, .green], size: CGSize(width: 2400, height: 1600), in: dir)
        let cache = Self.show(urls).photoCache()
        // Asking for slide 0 starts decoding slide 1 in the background.
        _ = cache.pictures(forSlide: 0)
        cache.waitUntilIdle()
        #expect(cache.heldSlides == 2, "slide 1's prefetched photo is decoded once the wait returns")
    }

    @Test func aRendererThatStopsDrawingLeavesNoPrefetchRunningOnceReleased() throws {
        let dir = try TemporaryDirectory()
        let urls = try Self.photos([.red, .green, .blue], size: CGSize(width: 2400, height: 1600), in: dir)
        let scene = try Self.show(urls).scene()
        var cache: PhotoCache?
        func findCache(_ layers: [Layer]) {
            for layer in layers {
                if case .image(let content) = layer.content, case .provider(let provider) = content.source,
                    let photo = provider as? SlidePhoto
                {
                    cache = photo.cache
                }
                if case .group(let group) = layer.content { findCache(group.layers) }
            }
        }
        findCache(scene.layers)
        let photoCache = try #require(cache)
        do {
            let renderer = try SceneRenderer(scene: scene)
            // Drawing the first frame asks for slide 0, which starts slide 1's decode in the background.
            _ = try renderer.image(at: 0, size: CGSize(width: 64, height: 36))
        }
        // The renderer is released: its deinit waited for the prefetch, which has finished.
        #expect(
            photoCache.heldSlides == 2, "slide 1's prefetched photo finished decoding before the renderer was released")
    }

    @Test func atMostThreeSlidesArePhotosHeldAtOnce() throws {
        let dir = try TemporaryDirectory()
        let urls = try Self.photos([.red, .green, .blue, .yellow, .purple, .orange], in: dir)
        let show = Self.show(urls)
        let cache = show.photoCache()
        for index in urls.indices { _ = cache.pictures(forSlide: index) }
        #expect(cache.heldSlides <= 3)
        #expect(cache.capacity == 3)
    }
}
