import Foundation
import FrameDraw
import LibAV
import MovieKitCore
import MovieKitScene
import Testing

@Suite(
    "Video layers: sound, files and HDR", .enabled(if: VideoFixtures.isAvailable, "needs the ffmpeg tool to make clips")
)
struct VideoSoundTests {
    /// The root mean square of each `window`-second stretch of a movie's sound.
    private func loudness(of movie: URL, window: Double) throws -> [Double] {
        let reader = try AudioReader(path: movie.path)
        var levels: [Double] = []
        while true {
            let samples = try reader.read(frameCount: Int(window * 48000))
            guard samples.count >= Int(window * 48000) * 2 else { break }
            levels.append((samples.reduce(0) { $0 + Double($1 * $1) } / Double(samples.count)).squareRoot())
        }
        return levels
    }

    @Test func aClipSoundPlaysWhereTheClipPlays() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("tone.mp4")
        try VideoFixtures.withTone(clip, seconds: 1)
        let scene = Scene(width: 64, height: 64, fps: 10, duration: 3, background: .black) {
            Layer.video(contentsOf: clip).visible(from: 1)
        }
        let movie = folder.file("out.mp4")
        try SceneRenderer(scene: scene).render(to: movie)
        let levels = try loudness(of: movie, window: 0.5)
        try #require(levels.count >= 5, "\(levels)")
        // Silence, then the tone from 1 s to 2 s, then silence.
        #expect(levels[0] < 0.01 && levels[1] < 0.01, "\(levels)")
        #expect(levels[2] > 0.05 && levels[3] > 0.05, "\(levels)")
        #expect(levels[4] < 0.01, "\(levels)")
    }

    @Test func aFasterClipPlaysItsSoundInLessTimeAndAMutedOneIsSilent() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("tone.mp4")
        try VideoFixtures.withTone(clip, seconds: 2)
        let fast = Scene(width: 64, height: 64, fps: 10, duration: 2, background: .black) {
            Layer.video(contentsOf: clip, speed: 2)
        }
        let movie = folder.file("fast.mp4")
        try SceneRenderer(scene: fast).render(to: movie)
        let levels = try loudness(of: movie, window: 0.25)
        // Two seconds of tone at double speed last one second.
        #expect(levels.prefix(3).allSatisfy { $0 > 0.05 }, "\(levels)")
        #expect(levels.dropFirst(5).allSatisfy { $0 < 0.01 }, "\(levels)")
        let muted = Scene(width: 64, height: 64, fps: 10, duration: 1, background: .black) {
            Layer.video(contentsOf: clip, isMuted: true)
        }
        #expect(try SceneRenderer(scene: muted).scene.audio.isEmpty)
    }

    @Test func aSceneFileReadsVideoLayerKeys() throws {
        let folder = try TemporaryFolder()
        try VideoFixtures.ramp(folder.file("ramp.mp4"))
        let yaml = """
            canvas: {width: 64, height: 64, fps: 10, duration: 2}
            layers:
              - {type: video, source: ramp.mp4, cutFrom: 1, speed: 0.5, loop: true, fit: stretch, size: [64, 64], volume: 0.5, mute: true}
            """
        let scene = try SceneFile.decode(yaml, format: .yaml, fileName: "clip.yaml", baseURL: folder.url)
        let renderer = try SceneRenderer(scene: scene)
        // At 1 s, half speed has played 0.5 s of the file from 1 s: frame 15.
        let grey = Double(try renderer.image(at: 1).rgb(x: 32, y: 32).g)
        #expect(abs(grey - VideoFixtures.rampGrey(frame: 15)) <= 2, "\(grey)")
        let bad =
            "canvas: {width: 64, height: 64, duration: 1}\nlayers:\n  - {type: video, source: ramp.mp4, cutFrom: 9}\n"
        #expect {
            try SceneFile.decode(bad, format: .yaml, fileName: "bad.yaml", baseURL: folder.url)
        } throws: { error in
            "\(error)" == "bad.yaml:3:46: `layers[0].cutFrom` is 9 but must be earlier than the clip's end (3 seconds)."
        }
    }

    @Test func anHLGClipIsToneMappedNotWashedOut() throws {
        let folder = try TemporaryFolder()
        let clip = folder.file("hlg.mp4")
        try VideoFixtures.hlg(clip)
        #expect(try VideoContent.info(of: clip).codec == "hevc")
        let scene = Scene(width: 64, height: 64, fps: 10, duration: 1, background: .black) {
            Layer.video(contentsOf: clip, fit: .stretch).size(width: 64, height: 64)
        }
        let image = try SceneRenderer(scene: scene).image(at: 0.5)
        let grey = image.rgb(x: 16, y: 32)
        let red = image.rgb(x: 48, y: 32)
        // Grey stays neutral; red stays clearly red (a BT.2020 picture read as BT.709 turns pale).
        #expect(abs(grey.r - grey.g) <= 8 && abs(grey.g - grey.b) <= 8, "\(grey)")
        #expect(red.r > 120 && red.g < 60 && red.b < 60, "\(red)")
    }
}
