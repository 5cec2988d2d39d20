import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import TestSupport
import Testing

@Suite("editly video and audio layers", .enabled(if: VideoFixtures.isAvailable, "needs the ffmpeg tool to make clips"))
struct EditlyMediaTests {
    private func show(_ spec: String, in folder: TemporaryFolder) throws -> Slideshow {
        try EditlySpec.decode(Data(spec.utf8), fileName: "spec.json5", baseURL: folder.url)
    }

    @Test func aVideoSegmentSetsTheClipLengthOrIsFittedToIt() throws {
        let folder = try TemporaryFolder()
        try VideoFixtures.ramp(folder.file("ramp.mp4"))
        let show = try show(
            """
            { width: 64, height: 64, fps: 10, defaults: { transition: { duration: 0 } },
              clips: [
                { layers: [{ type: 'video', path: 'ramp.mp4', cutFrom: 1, cutTo: 2, resizeMode: 'stretch' }] },
                { duration: 1, layers: [{ type: 'video', path: 'ramp.mp4', cutTo: 2, resizeMode: 'stretch' }] },
              ] }
            """, in: folder)
        #expect(show.slides.map(\.duration) == [1, 1])
        let renderer = try SceneRenderer(scene: show.scene())
        // The first clip plays 1…2 s of the file at normal speed; the second plays 0…2 s in 1 s.
        for (time, frame) in [(0.0, 10), (0.5, 15), (1.5, 10), (1.9, 18)] {
            let grey = Double(try renderer.image(at: time).rgb(x: 32, y: 32).g)
            #expect(abs(grey - VideoFixtures.rampGrey(frame: frame)) <= 2, "at \(time) s: \(grey)")
        }
        #expect(renderer.scene.audio.isEmpty, "editly leaves clips' sound out unless keepSourceAudio is set")
    }

    @Test func clipSoundAndAudioLayersArePlacedAtTheirClips() throws {
        let folder = try TemporaryFolder()
        try VideoFixtures.withTone(folder.file("tone.mp4"), seconds: 2)
        try WAVFile.write(WAVFile.tone(seconds: 4, rate: 48000), rate: 48000, to: folder.file("voice.wav"))
        let show = try show(
            """
            { width: 64, height: 64, fps: 10, keepSourceAudio: true, clipsAudioVolume: 0.5,
              defaults: { transition: { duration: 0 } },
              clips: [
                { duration: 1, layers: [{ type: 'fill-color', color: 'red' }, { type: 'audio', path: 'voice.wav', cutTo: 2 }] },
                { layers: [{ type: 'video', path: 'tone.mp4', mixVolume: 0.8 }, { type: 'detached-audio', path: 'voice.wav', start: 0.5 }] },
              ] }
            """, in: folder)
        let tracks = show.audio
        try #require(tracks.count == 2, "\(tracks)")
        // The audio layer's 2 s are fitted into its 1 s clip; the detached one starts 0.5 s into the second clip.
        // editly's final amix: the clips' sound at weight 0.5, the detached layer at weight 1; each
        // clip's lone sound plays at its clip's share, whatever its mixVolume.
        #expect(tracks[0].start == 0 && tracks[0].speed == 2 && abs(tracks[0].volume - 1.0 / 3) < 1e-9)
        #expect(tracks[1].start == 1.5 && tracks[1].speed == 1 && abs(tracks[1].volume - 2.0 / 3) < 1e-9)
        let scene = try SceneRenderer(scene: show.scene()).scene
        let clipSound = try #require(scene.audio.first { $0.url.lastPathComponent == "tone.mp4" })
        #expect(clipSound.start == 1 && abs(clipSound.volume - 1.0 / 3) < 1e-9)
    }
}
