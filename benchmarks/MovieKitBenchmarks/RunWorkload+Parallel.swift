import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import Synchronization

extension RunWorkload {
    /// The settings of a W1 render at `preset` with `codec`, keyframes as the CLI floor places them.
    func w1Settings() throws -> MovieSettings {
        let chosenCodec: VideoCodec =
            switch codec {
            case "hevc": .hevc
            case "vp9": .vp9
            case "av1": .av1
            case "prores": .prores(.hq)
            default: .h264
            }
        // keyint 250 is x264's default, which the ffmpeg CLI floor uses: the same settings on both sides.
        return try MovieSettings(
            width: width, height: height, fps: 30, codec: chosenCodec, preset: Preset(named: preset),
            keyframeInterval: 250.0 / 30)
    }

    /// Renders W1 with `threads` drawing threads (0: one per core) through `MovieWriter.render(…concurrency:…)`.
    func renderW1Parallel(to url: URL) throws {
        let scene = try W1Scene(width: width, height: height, shadowed: false)
        let concurrency: RenderConcurrency = threads == 0 ? .automatic : .fixed(threads)
        try MovieWriter.render(
            to: url, settings: w1Settings(), frameCount: count, overwrite: true, concurrency: concurrency
        ) { context, frame in
            scene.draw(context: context, frame: frame.index)
        }
    }

    /// Draws W1 on `threads` threads (0: one per core), each into its own off-screen surface, without encoding.
    /// - Returns: The seconds the drawing loop took, from starting the threads to the last frame: the
    ///   process's start-up and the scene's fonts are not in it, so that it measures how drawing scales.
    func drawW1Parallel() throws -> Double {
        let scene = try W1Scene(width: width, height: height, shadowed: false)
        let workers = threads == 0 ? ProcessInfo.processInfo.activeProcessorCount : threads
        let next = Mutex(0)
        let failure = Mutex<Error?>(nil)
        let (width, height, count) = (self.width, self.height, self.count)
        let group = DispatchGroup()
        let start = ContinuousClock.now
        for _ in 0..<workers {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let surface = try CairoSurface(width: width, height: height)
                    let context = try DrawingContext(surface: surface)
                    while true {
                        let frame = next.withLock { value -> Int in
                            defer { value += 1 }
                            return value
                        }
                        guard frame < count else { return }
                        context.reset()
                        surface.fill(argb: 0xFF00_0000)
                        scene.draw(context: context, frame: frame)
                        try context.checkStatus()
                        surface.withPixelBytes { _ in }  // Flush, as the writer does before converting.
                    }
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }.start()
        }
        group.wait()
        let elapsed = ContinuousClock.now - start
        if let error = failure.withLock({ $0 }) { throw error }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// Draws every frame of a slideshow of `photos` (`contain-blur`, a caption on each, 3 s slides,
    /// 0.5 s crossfades, 1280x720 at 30 fps) in order on one thread, as `moviemake render` draws a
    /// scene or a slideshow rendered at another frame rate, without encoding.
    /// - Returns: The seconds the drawing loop took, from the first frame to the last; preparing the
    ///   scene is not in it, but waiting for photos to decode is, the same with and without the cache.
    func drawSlideshowScene(photos: [URL], cachesStillGroups: Bool) throws -> Double {
        var show = MovieKitScene.Slideshow(width: 1280, height: 720, fps: 30)
        show.slides = photos.enumerated().map { index, url in
            var slide = MovieKitScene.Slideshow.Slide(.photo(url))
            slide.caption = "Photo \(index + 1) of \(photos.count): \(url.deletingPathExtension().lastPathComponent)"
            return slide
        }
        show.fit = .contain
        show.backdrop = .blurred
        show.slideDuration = 3
        show.transition = MovieKitScene.Slideshow.Transition(.crossfade, duration: 0.5)
        let renderer = try SceneRenderer(scene: show.scene(), cachesStillGroups: cachesStillGroups)
        let surface = try CairoSurface(width: 1280, height: 720)
        let context = try DrawingContext(surface: surface)
        let frames = try show.timing().frameCount
        let start = ContinuousClock.now
        for frame in 0..<frames {
            context.reset()
            renderer.draw(in: context, frame: frame)
            try context.checkStatus()
            surface.withPixelBytes { _ in }  // Flush, as the writer does before converting.
        }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// W2 through the slideshow engine: cover fit, 3 s per photo, 0.5 s crossfades, W1's encoder settings.
    func renderW2Engine(photos: [URL], to url: URL) throws {
        try renderSlideshow(
            photos: photos, slideDuration: 3, transitionDuration: 0.5, to: url,
            settings: MovieSettings(width: 1280, height: 720, fps: 30, preset: .medium, keyframeInterval: 250.0 / 30))
    }

    /// Slides of 0.5 s with 0.2 s crossfades through the slideshow engine at `ultrafast`: the
    /// workload for peak memory against the number of photos.
    func renderW2Memory(photos: [URL], to url: URL) throws {
        try renderSlideshow(
            photos: photos, slideDuration: 0.5, transitionDuration: 0.2, to: url,
            settings: MovieSettings(width: 1280, height: 720, fps: 30, preset: .ultrafast))
    }

    /// `photos` as a 1280x720 slideshow with cover fit and crossfades, through the engine.
    private func renderSlideshow(
        photos: [URL], slideDuration: Double, transitionDuration: Double, to url: URL, settings: MovieSettings
    ) throws {
        var show = MovieKitScene.Slideshow(width: 1280, height: 720, fps: 30)
        show.slides = photos.map { MovieKitScene.Slideshow.Slide(.photo($0)) }
        show.fit = .cover
        show.slideDuration = slideDuration
        show.transition = MovieKitScene.Slideshow.Transition(.crossfade, duration: transitionDuration)
        try show.render(to: url, settings: settings, overwrite: true)
    }
}
