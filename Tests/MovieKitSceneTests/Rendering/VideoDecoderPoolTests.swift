import Foundation
import FrameDraw
import MovieKitCore
import Testing

@testable import MovieKitScene

@Suite("Video decoder pool", .enabled(if: VideoFixtures.isAvailable, "needs the ffmpeg tool to make clips"))
struct VideoDecoderPoolTests {
    @Test func theClipUsedLongestAgoClosesBeyondTheLimit() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("ramp.mp4")
        try VideoFixtures.ramp(url)
        let pool = VideoDecoderPool(limit: 2)
        let clips = try (0..<3).map { _ in try VideoClip(url: url, pool: pool) }
        #expect(pool.use(clips[0]).isEmpty)
        #expect(pool.use(clips[1]).isEmpty)
        #expect(pool.use(clips[0]).isEmpty)
        let evicted = pool.use(clips[2])
        #expect(evicted.count == 1 && evicted.first === clips[1])
    }

    /// Each clip holds its pool; a pool that held its clips strongly kept every clip, its decoder and
    /// its pictures for the life of the process.
    @Test func aClipNoLongerDrawnGoesAwayWithItsDecoder() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("ramp.mp4")
        try VideoFixtures.ramp(url)
        let pool = VideoDecoderPool(limit: 2)
        weak var released: VideoClip?
        do {
            let clip = try VideoClip(url: url, pool: pool)
            #expect(clip.image(at: 0.5) != nil)
            released = clip
        }
        #expect(released == nil)
        // The pool still serves the clips that are drawn.
        let next = try VideoClip(url: url, pool: pool)
        #expect(next.image(at: 1) != nil)
        #expect(pool.use(next).isEmpty)
    }

    /// A montage of eight three-second clips crossfading, drawn frame by frame: a clip whose slide
    /// is over (or not begun) holds no decoder and no picture, and no more than the two clips of a
    /// crossfade are open at any frame, however many clips the montage has.
    @Test func onlyTheClipsShownNearTheDrawnTimeHoldADecoder() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("ramp.mp4")
        try VideoFixtures.ramp(url, seconds: 4)
        var show = Slideshow(width: 64, height: 64, fps: FrameRate(10))
        show.slides = (0..<8).map { _ in Slideshow.Slide(.video(VideoContent(url: url, cutFrom: 0.5, cutTo: 3.5))) }
        show.slideDuration = 3
        show.transition = Slideshow.Transition(.crossfade, duration: 0.2, easing: .linear)
        let renderer = try SceneRenderer(scene: show.scene())
        let clips = Self.clips(in: renderer.scene.layers)
        #expect(clips.count == 8)
        let frames = renderer.canvas.frameCount
        var firstPass: [Int] = []
        for frame in 0..<frames {
            firstPass.append(try renderer.image(at: Double(frame) / 10).rgb(x: 32, y: 32).g)
            #expect(renderer.videoPool.openCount <= 2, "frame \(frame): \(renderer.videoPool.openCount) clips open")
        }
        // After the last frame only the last clips hold anything; the first are closed.
        #expect(!clips[0].isOpen && !clips[1].isOpen && !clips[2].isOpen)
        #expect(clips[7].isOpen)
        // Drawing an early frame again opens its clip again and shows the same picture.
        #expect(try renderer.image(at: 0.3).rgb(x: 32, y: 32).g == firstPass[3])
        #expect(clips[0].isOpen && !clips[7].isOpen)
    }

    /// The clips of every video layer under `layers`, each once, in the order they are found.
    private static func clips(in layers: [Layer]) -> [VideoClip] {
        var found: [VideoClip] = []
        for layer in layers {
            switch layer.content {
            case .timed(let content):
                if let clip = (content as? VideoContent)?.clip, !found.contains(where: { $0 === clip }) {
                    found.append(clip)
                }
            case .group(let group):
                for clip in clips(in: group.layers) where !found.contains(where: { $0 === clip }) { found.append(clip) }
            default:
                break
            }
        }
        return found
    }
}
