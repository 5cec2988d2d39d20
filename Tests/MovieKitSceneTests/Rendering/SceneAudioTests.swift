import Foundation
import FrameDraw
import LibAV
import MovieKitCore
import MovieKitScene
import TestSupport
import Testing

/// A scene file's `audio:` list: read with the slideshow manifest's keys, and mixed into the movie.
@Suite("Scene files: audio")
struct SceneAudioTests {
    static func settings() throws -> MovieSettings {
        try MovieSettings(width: 64, height: 64, fps: 30, preset: .ultrafast)
    }

    @Test func musicAndSoundEffectsAreReadWithTheManifestsKeysFromYAMLAndJSON() throws {
        let fixtures = try ReaderFixtures()
        let song = try fixtures.silence("music/song.wav", seconds: 3).standardizedFileURL
        let whoosh = try fixtures.silence("sfx/whoosh.wav", seconds: 0.5).standardizedFileURL
        let yaml = """
            canvas: {width: 64, height: 64, duration: 5}
            variables: {effect: whoosh}
            layers: []
            audio:
              - {path: music/song.wav, trim: [0.5, 2.5], volume: 0.8, fadeIn: 0.5, fadeOut: 1}
              - {path: "sfx/${effect}.wav", start: 1.25, volume: 0.5}
              - path: music/song.wav
              - {path: music/song.wav, start: 4, loop: true}
            """
        let json = """
            {"canvas": {"width": 64, "height": 64, "duration": 5}, "variables": {"effect": "whoosh"}, "layers": [],
             "audio": [{"path": "music/song.wav", "trim": [0.5, 2.5], "volume": 0.8, "fadeIn": 0.5, "fadeOut": 1},
                       {"path": "sfx/${effect}.wav", "start": 1.25, "volume": 0.5},
                       {"path": "music/song.wav"},
                       {"path": "music/song.wav", "start": 4, "loop": true}]}
            """
        let expected = [
            AudioTrack(url: song, start: 0, trim: 0.5..<2.5, volume: 0.8, fadeIn: 0.5, fadeOut: 1),
            AudioTrack(url: whoosh, start: 1.25, volume: 0.5),
            // Without `start`, a track follows the one before it: the whoosh ends at 1.75 s.
            AudioTrack(url: song, start: 1.75),
            AudioTrack(url: song, start: 4, loops: true)
        ]
        for (text, format) in [(yaml, SceneFile.Format.yaml), (json, .json)] {
            let scene = try SceneFile.decode(text, format: format, fileName: "scene", baseURL: fixtures.url)
            #expect(scene.audio == expected, "\(format)")
            #expect(scene.canvas.duration == 5)
        }
        // A variable given by the caller wins over the file's own, in paths as everywhere.
        try fixtures.silence("sfx/pop.wav", seconds: 0.5)
        let popped = try SceneFile.decode(
            yaml, format: .yaml, fileName: "scene", baseURL: fixtures.url, variables: ["effect": "pop"])
        #expect(popped.audio[1].url.lastPathComponent == "pop.wav")
        // No `audio:` is no audio.
        let silent = try SceneFile.decode(
            "canvas: {width: 64, height: 64, duration: 1}\nlayers: []\n", format: .yaml, fileName: "scene",
            baseURL: fixtures.url)
        #expect(silent.audio.isEmpty)
    }

    @Test func theSwiftBuilderTakesAudioToo() throws {
        let song = URL(fileURLWithPath: "/music/song.wav")
        let scene = Scene(width: 64, height: 64, duration: 2, audio: [AudioTrack(url: song, fadeOut: 1)]) {
            Layer.rect().fill(.red)
        }
        #expect(scene.audio == [AudioTrack(url: song, fadeOut: 1)])
        #expect(scene.layers.count == 1)
    }

    @Test func musicLongerThanTheSceneEndsWithItsLastFrame() throws {
        let fixtures = try ReaderFixtures()
        try fixtures.wav("song.wav", samples: ReaderFixtures.tone(seconds: 4))
        let sceneFile = try fixtures.text(
            """
            canvas: {width: 64, height: 64, fps: 30, duration: 2, background: "#203040"}
            layers:
              - {type: ellipse, size: [32, 32], position: [32, 32], fill: orange}
            audio:
              - {path: song.wav, fadeOut: 0.5}
            """, to: "scene.yaml")
        let movie = fixtures.folder.file("music.mp4")
        try SceneRenderer(scene: SceneFile.load(from: sceneFile)).render(to: movie, settings: Self.settings())

        let video = try MovieProbe(url: movie, keepPixels: false)
        #expect(video.frames.count == 60)
        let videoSeconds = Double(video.frames.count) / 30
        let stream = try AudioStreamProbe(url: movie)
        #expect(stream.codecName == "aac" && stream.sampleRate == 48000 && stream.channels == 2)
        let audio = try AudioReader(path: movie.path).read(frameCount: 48000 * 10)
        let audioSeconds = Double(audio.count / 2) / 48000
        #expect(
            abs(audioSeconds - videoSeconds) < 1024.0 / 48000, "audio lasts \(audioSeconds) s, video \(videoSeconds) s")
        #expect(abs(stream.duration - videoSeconds) < 1024.0 / 48000, "the audio stream says \(stream.duration) s")
        // The music plays (at half level) and is faded out by the end.
        let middle = audio[(48000 * 2 / 2)..<(48000 * 2)].map(abs).max() ?? 0
        let end = audio[(audio.count - 400)...].map(abs).max() ?? 1
        #expect(middle > 0.4 && middle < 0.6, "peak \(middle) in the middle")
        #expect(end < 0.05, "peak \(end) at the end")
    }

    @Test func aSoundEffectAtOneSecondLandsWithinOneMillisecondOfTheFlash() throws {
        let fixtures = try ReaderFixtures()
        try fixtures.wav("sfx/click.wav", samples: ReaderFixtures.click(seconds: 0.5))
        let sceneFile = try fixtures.text(
            """
            canvas: {width: 64, height: 64, fps: 30, duration: 3, background: black}
            layers:
              - {type: rect, size: [64, 64], position: [32, 32], fill: white, in: 1.0, out: 1.1}
            audio:
              - {path: sfx/click.wav, start: 1.0}
            """, to: "scene.yaml")
        let movie = fixtures.folder.file("sync.mp4")
        try SceneRenderer(scene: SceneFile.load(from: sceneFile)).render(to: movie, settings: Self.settings())

        let video = try MovieProbe(url: movie)
        let flashes = video.frames.enumerated().filter { $0.element.pixel(x: 32, y: 32).r > 128 }.map {
            Double($0.offset) / 30
        }
        #expect(flashes.first == 1.0, "white on frames at \(flashes) s")
        let audio = try AudioReader(path: movie.path).read(frameCount: 48000 * 10)
        let clicks = AudioStreamProbe.onsets(audio, channels: 2, rate: 48000)
        try #require(clicks.count == 1, "clicks at \(clicks)")
        let flash = try #require(flashes.first)
        #expect(abs(clicks[0] - flash) < 0.001, "click at \(clicks[0]) s, flash at \(flash) s")
        #expect(abs(Double(audio.count / 2) / 48000 - 3) < 1024.0 / 48000)
    }
}
