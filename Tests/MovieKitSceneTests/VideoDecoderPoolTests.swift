import Foundation
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
}
