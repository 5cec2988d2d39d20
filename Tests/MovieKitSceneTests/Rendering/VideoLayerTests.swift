import Foundation
import FrameDraw
import LibAV
import MovieKitCore
import MovieKitLog
import MovieKitScene
import Synchronization
import Testing

@Suite("Video layers", .enabled(if: VideoFixtures.isAvailable, "needs the ffmpeg tool to make clips"))
struct VideoLayerTests {
    /// The grey level at the centre of the scene's picture at `time`.
    private func grey(_ renderer: SceneRenderer, at time: Double) throws -> Int {
        try renderer.image(at: time).rgb(x: 32, y: 32).g
    }

    private func rampScene(_ clip: URL, duration: Double = 3, _ layer: (Layer) -> Layer = { $0 }) -> Scene {
        Scene(width: 64, height: 64, fps: 10, duration: duration, background: .black) {
            layer(Layer.video(contentsOf: clip, fit: .stretch).size(width: 64, height: 64))
        }
    }

    @Test func eachFrameShowsTheClipPictureAtItsTimeInAnyOrder() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("ramp.mp4")
        try VideoFixtures.ramp(clip)
        let times = (0..<30).map { Double($0) / 10 }
        let sequential = try SceneRenderer(scene: rampScene(clip))
        let inOrder = try times.map { try grey(sequential, at: $0) }
        for (index, value) in inOrder.enumerated() {
            #expect(abs(Double(value) - VideoFixtures.rampGrey(frame: index)) <= 2, "frame \(index): \(value)")
        }
        // Jumps backwards and forwards, on a fresh renderer, give the same pictures.
        let shuffled = try SceneRenderer(scene: rampScene(clip))
        var generator = SystemRandomNumberGenerator()
        for index in (0..<30).shuffled(using: &generator) {
            #expect(try grey(shuffled, at: times[index]) == inOrder[index], "frame \(index) out of order")
        }
    }

    @Test func cutSpeedAndLoopMapLayerTimeToClipTime() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("ramp.mp4")
        try VideoFixtures.ramp(clip)
        let fast = try SceneRenderer(
            scene: rampScene(clip) { _ in
                Layer.video(contentsOf: clip, cutFrom: 1, cutTo: 2, speed: 2, loops: true, fit: .stretch)
                    .size(width: 64, height: 64).visible(from: 0.5)
            })
        // Layer time 0.25 s at double speed is 0.5 s into the cut: frame 15. At 0.75 s it loops to frame 15 + 15 - 10.
        #expect(abs(Double(try grey(fast, at: 0.75)) - VideoFixtures.rampGrey(frame: 15)) <= 2)
        #expect(abs(Double(try grey(fast, at: 1.25)) - VideoFixtures.rampGrey(frame: 15)) <= 2)
        #expect(abs(Double(try grey(fast, at: 1.0)) - VideoFixtures.rampGrey(frame: 10)) <= 2)
        // Without looping, the last picture before cutTo stays.
        let held = try SceneRenderer(
            scene: rampScene(clip) { _ in
                Layer.video(contentsOf: clip, cutTo: 1, fit: .stretch).size(width: 64, height: 64)
            })
        #expect(abs(Double(try grey(held, at: 2.5)) - VideoFixtures.rampGrey(frame: 9)) <= 2)
    }

    @Test func aRotatedClipShowsUpright() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("portrait.mp4")
        try VideoFixtures.rotated(clip)
        let scene = Scene(width: 32, height: 64, fps: 10, duration: 1, background: .black) {
            Layer.video(contentsOf: clip)
        }
        let image = try SceneRenderer(scene: scene).image(at: 0.5)
        // The matrix turns the picture a quarter counterclockwise, as ffmpeg's autorotate shows it:
        // the stored right (blue) half on top.
        #expect(isClose(image.rgb(x: 16, y: 12), (0, 0, 255), tolerance: 30), "\(image.rgb(x: 16, y: 12))")
        #expect(isClose(image.rgb(x: 16, y: 52), (255, 0, 0), tolerance: 30), "\(image.rgb(x: 16, y: 52))")

    }

    @Test func aRotatedClipDrawnSmallerIsConvertedUprightAtThatSize() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("portrait.mp4")
        try VideoFixtures.rotated(clip)
        // Half the clip's upright size: swscale scales the picture, which is then turned by hand.
        let scene = Scene(width: 16, height: 32, fps: 10, duration: 1, background: .black) {
            Layer.video(contentsOf: clip).size(width: 16, height: 32)
        }
        let image = try SceneRenderer(scene: scene).image(at: 0.5)
        #expect(isClose(image.rgb(x: 8, y: 6), (0, 0, 255), tolerance: 30), "\(image.rgb(x: 8, y: 6))")
        #expect(isClose(image.rgb(x: 8, y: 26), (255, 0, 0), tolerance: 30), "\(image.rgb(x: 8, y: 26))")
        #expect(isClose(image.rgb(x: 1, y: 1), (0, 0, 255), tolerance: 30), "\(image.rgb(x: 1, y: 1))")
    }

    @Test func aVariableFrameRateClipIsShownByTimestamp() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("vfr.mp4")
        try VideoFixtures.variableRate(clip)
        let renderer = try SceneRenderer(scene: rampScene(clip, duration: 1))
        for (time, frame) in [(0.05, 0), (0.12, 1), (0.3, 2), (0.52, 3), (0.7, 5), (0.95, 6)] {
            let value = Double(try grey(renderer, at: time))
            #expect(abs(value - VideoFixtures.rampGrey(frame: frame)) <= 2, "at \(time) s: \(value)")
        }
    }

    @Test func aMovieWithAClipMatchesTheStillsAndSurvivesChunks() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("ramp.mp4")
        try VideoFixtures.ramp(clip, seconds: 2)
        let scene = rampScene(clip, duration: 2)
        let movie = folder.file("out.mp4")
        try SceneRenderer(scene: scene).render(to: movie)
        let times = [0.0, 0.7, 1.3, 1.9]
        let frames = try DecodedMovie.frames(of: movie, at: times)
        try #require(frames.count == times.count)
        for (frame, time) in zip(frames, times) {
            let expected = VideoFixtures.rampGrey(frame: Int((time * 10).rounded()))
            #expect(abs(Double(frame.rgb(x: 32, y: 32).g) - expected) <= 4, "at \(time) s")
        }
    }

    struct Covering: Sendable, CustomTestStringConvertible {
        var frame: (width: Int, height: Int)
        var clip: (width: Int, height: Int)
        var testDescription: String { "a \(clip.width)x\(clip.height) clip in a \(frame.width)x\(frame.height) frame" }
    }

    /// A clip that covers the frame at its own size or smaller is converted straight into the frame's pixels
    /// (through the decoder's padded frame where rows are not a multiple of 16 pixels); one drawn larger is
    /// converted into an image that Cairo scales up. Either way the frame must hold what compositing the clip's
    /// picture gives.
    @Test(arguments: [
        Covering(frame: (64, 48), clip: (64, 48)), Covering(frame: (64, 48), clip: (128, 96)),
        Covering(frame: (64, 48), clip: (32, 24)), Covering(frame: (100, 50), clip: (100, 50)),
        Covering(frame: (100, 50), clip: (200, 100))
    ])
    func aClipCoveringTheFrameShowsTheSamePixelsAsItsPictureComposited(_ covering: Covering) throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("testsrc.mp4")
        let (frameWidth, frameHeight) = covering.frame
        try VideoFixtures.make(
            clip,
            [
                "-f", "lavfi", "-i", "testsrc2=s=\(covering.clip.width)x\(covering.clip.height):r=10:d=1", "-c:v",
                "libx264", "-qp", "0", "-pix_fmt", "yuv420p"
            ])
        let scene = Scene(width: frameWidth, height: frameHeight, fps: 10, duration: 1, background: .black) {
            Layer.video(contentsOf: clip, fit: .stretch).size(width: Double(frameWidth), height: Double(frameHeight))
        }
        let frame = try SceneRenderer(scene: scene).image(at: 0.5)

        // The picture converted at the size it is shown (at most the clip's), drawn over the background.
        let decoder = try VideoFrameDecoder(path: clip.path)
        let picture = try #require(try decoder.picture(at: 0.5))
        let (width, height) = (min(frameWidth, covering.clip.width), min(frameHeight, covering.clip.height))
        let converted = try Image.filling(width: width, height: height) { bytes, stride in
            try decoder.convertUpright(picture.frame, intoBGRA: bytes, stride: stride, width: width, height: height)
        }
        let surface = try CairoSurface(width: frameWidth, height: frameHeight)
        surface.fill(argb: 0xFF00_0000)
        let context = try DrawingContext(surface: surface)
        context.draw(converted, in: context.bounds, fit: .stretch)

        let shown = try frame.surface.withPixelBytes { Array($0) }
        let expected = surface.withPixelBytes { Array($0) }
        #expect(shown == expected)
        // testsrc2 is colourful: the comparison is not of two empty frames.
        let colours = Set(stride(from: 0, to: shown.count, by: 4).map { shown[$0..<$0 + 3] })
        #expect(colours.count > 20)
    }

    /// A clip with transparency (PNG frames in QuickTime, as editors export overlays) is composited, not
    /// written over the frame: the background shows where the clip is transparent.
    @Test func aTransparentClipCoveringTheFrameLetsTheBackgroundThrough() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("overlay.mov")
        try VideoFixtures.make(
            clip,
            [
                "-f", "lavfi", "-i",
                "color=c=red:s=64x48:r=10:d=1,format=rgba,geq=r=255:g=0:b=0:a='if(lt(X,32),0,255)'",
                "-c:v", "png"
            ])
        let scene = Scene(width: 64, height: 48, fps: 10, duration: 1, background: .blue) {
            Layer.video(contentsOf: clip, fit: .stretch).size(width: 64, height: 48)
        }
        // The second frame takes the composite at once: the clip is known to have transparency.
        let renderer = try SceneRenderer(scene: scene)
        for time in [0.5, 0.8] {
            let image = try renderer.image(at: time)
            #expect(
                isClose(image.rgb(x: 10, y: 24), (0, 0, 255), tolerance: 2), "\(time) s: \(image.rgb(x: 10, y: 24))")
            #expect(
                isClose(image.rgb(x: 50, y: 24), (255, 0, 0), tolerance: 2), "\(time) s: \(image.rgb(x: 50, y: 24))")
        }
    }

    /// A clip that stops decoding after it was checked (here: deleted) leaves its frames empty and says so once,
    /// not once a frame.
    @Test func aClipThatCannotBeDecodedIsReportedOnce() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("gone.mp4")
        try VideoFixtures.ramp(clip)
        let renderer = try SceneRenderer(scene: rampScene(clip))
        try FileManager.default.removeItem(at: clip)
        let warnings = Mutex(0)
        let token = Log.addHandler { message in
            if message.text.contains(clip.path) { warnings.withLock { $0 += 1 } }
        }
        defer { Log.removeHandler(token) }
        for index in 0..<5 { #expect(try grey(renderer, at: Double(index) / 10) == 0) }
        #expect(warnings.withLock { $0 } == 1)
    }

    @Test func aMissingClipIsRefusedBeforeTheFirstFrame() throws {
        let scene = rampScene(URL(fileURLWithPath: "/nonexistent/clip.mp4"))
        #expect {
            try SceneRenderer(scene: scene)
        } throws: { error in
            "\(error)".contains("/nonexistent/clip.mp4") && "\(error)".contains("no file exists")
        }
    }
}
