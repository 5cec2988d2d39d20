import Foundation
import FrameDraw
import TestSupport
import Testing

@testable import LibAV
@testable import MovieKitCore

@Suite("Audio tracks")
struct AudioTests {
    /// Writes a 16-bit PCM WAV file of `samples` (mono) at `rate`.
    static func writeWAV(_ samples: [Float], rate: Int, to url: URL) throws {
        try WAVFile.write(samples, rate: rate, to: url)
    }

    /// A click (5 ms at 0.9) at the start of every second, silence between, at 44.1 kHz.
    static func clicks(seconds: Int, rate: Int = 44100) -> [Float] {
        (0..<(seconds * rate)).map { $0 % rate < rate / 200 ? 0.9 : 0 }
    }

    @Test(arguments: ["sync.mp4", "sync.mov"])
    func eachClickLandsWithinOneMillisecondOfItsFlash(_ name: String) throws {
        let dir = try TemporaryDirectory()
        let music = dir.file("clicks.wav")
        try Self.writeWAV(Self.clicks(seconds: 6), rate: 44100, to: music)
        let url = dir.file(name)
        let writer = try MovieWriter(
            url: url, settings: MovieSettings(width: 64, height: 64, fps: 30, preset: .ultrafast))
        try writer.addAudio(AudioTrack(url: music))
        for index in 0..<150 {  // Five seconds; a white flash on the first frame of every second.
            try writer.addFrame { c in
                c.setFillColor(index % 30 == 0 ? .white : .black)
                c.fill(c.bounds)
            }
        }
        try writer.finish()

        let video = try MovieProbe(url: url)
        let flashes = video.frames.enumerated().filter { $0.element.pixel(x: 32, y: 32).r > 128 }.map {
            Double($0.offset) / 30
        }
        #expect(flashes == [0, 1, 2, 3, 4])
        let reader = try AudioReader(path: url.path)
        let audio = try reader.read(frameCount: 48000 * 10)
        let clicks = AudioStreamProbe.onsets(audio, channels: 2, rate: 48000)
        #expect(clicks.count == 5, "clicks at \(clicks)")
        for (click, flash) in zip(clicks, flashes) {
            #expect(abs(click - flash) < 0.001, "click at \(click) s, flash at \(flash) s")
        }
        // The audio ends at the last video frame: 5 s, within one AAC frame.
        #expect(
            abs(Double(audio.count / 2) / 48000 - 5.0) < 1024.0 / 48000,
            "audio lasts \(Double(audio.count / 2) / 48000) s")
        let probe = try CodecProbe(url: url)
        #expect(probe.codecName == "h264")
        if let ffprobe = try FFmpegTools.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "a:0", "-show_entries",
                "stream=codec_name,sample_rate,channels,profile", "-of", "csv=p=0", url.path
            ])
        {
            #expect(ffprobe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "aac,LC,48000,2")
        }
    }

    @Test func musicLongerThanTheVideoIsCutAndFadedOut() throws {
        let dir = try TemporaryDirectory()
        let music = dir.file("tone.wav")
        let tone = (0..<(48000 * 4)).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / 48000)) }
        try Self.writeWAV(tone, rate: 48000, to: music)
        let url = dir.file("faded.mp4")
        let writer = try MovieWriter(
            url: url, settings: MovieSettings(width: 64, height: 64, fps: 25, preset: .ultrafast))
        try writer.addAudio(AudioTrack(url: music, fadeOut: 1))
        for _ in 0..<50 { try writer.addFrame { c in c.fill(c.bounds) } }  // Two seconds.
        try writer.finish()
        let audio = try AudioReader(path: url.path).read(frameCount: 48000 * 10)
        let frames = audio.count / 2
        #expect(abs(Double(frames) / 48000 - 2.0) < 1024.0 / 48000)
        func peak(_ range: Range<Double>) -> Float {
            let lower = Int(range.lowerBound * 48000) * 2
            let upper = min(Int(range.upperBound * 48000) * 2, audio.count)
            return audio[lower..<upper].map(abs).max() ?? 0
        }
        #expect(abs(peak(0.2..<0.8) - 0.5) < 0.05, "full level before the fade")
        #expect(peak(1.45..<1.55) > 0.2 && peak(1.45..<1.55) < 0.3, "half way through the fade")
        #expect(peak(1.97..<2.0) < 0.05, "silent at the end")
    }

    @Test func overlappingLoudTracksAreLimitedAndAShortTrackLeavesSilence() throws {
        let dir = try TemporaryDirectory()
        let loud = dir.file("loud.wav")
        try Self.writeWAV(
            (0..<48000).map { Float(0.9 * sin(2 * Double.pi * 220 * Double($0) / 48000)) }, rate: 48000, to: loud)
        let url = dir.file("mixed.mp4")
        let writer = try MovieWriter(
            url: url, settings: MovieSettings(width: 64, height: 64, fps: 25, preset: .ultrafast))
        try writer.addAudio(AudioTrack(url: loud))
        try writer.addAudio(AudioTrack(url: loud, volume: 1))
        for _ in 0..<50 { try writer.addFrame { c in c.fill(c.bounds) } }
        try writer.finish()
        let audio = try AudioReader(path: url.path).read(frameCount: 48000 * 10)
        let firstSecond = audio[0..<(48000 * 2)].map(abs).max() ?? 0
        #expect(firstSecond <= 1.0 && firstSecond > 0.8, "summed to 1.8 but limited: \(firstSecond)")
        let afterward = audio[(48000 * 2 + 4800)..<(48000 * 4 - 4800)].map(abs).max() ?? 1
        #expect(afterward < 0.01, "silence after the one-second track: \(afterward)")
    }

    @Test func aSequencePlaysFilesOneAfterAnotherAndRepeatsOnlyWhenAsked() throws {
        let dir = try TemporaryDirectory()
        let one = dir.file("one.wav")
        let two = dir.file("two.wav")
        try Self.writeWAV(Self.clicks(seconds: 1), rate: 44100, to: one)
        try Self.writeWAV(Self.clicks(seconds: 2), rate: 44100, to: two)
        let once = try AudioTrack.sequence(of: [one, two], volume: 0.5, fadeIn: 1, fadeOut: 2, until: 10)
        #expect(once.map(\.url) == [one, two])
        #expect(once.map(\.start).map { ($0 * 1000).rounded() } == [0, 1000])
        #expect(once.map(\.fadeIn) == [1, 0], "only the first track fades in")
        #expect(once.allSatisfy { $0.volume == 0.5 && $0.fadeOut == 2 })
        let repeated = try AudioTrack.sequence(of: [one, two], until: 7, repeating: true)
        #expect(repeated.map(\.start).map { ($0 * 1000).rounded() } == [0, 1000, 3000, 4000, 6000])
        let cut = try AudioTrack.sequence(of: [two, one, two], until: 2.5)
        #expect(cut.count == 2, "no track starts after the movie's end: \(cut.map(\.start))")
    }

    @Test func loopingMusicFillsTheMovie() throws {
        let dir = try TemporaryDirectory()
        let music = dir.file("clicks.wav")
        try Self.writeWAV(Self.clicks(seconds: 1), rate: 44100, to: music)
        let url = dir.file("loop.mp4")
        let writer = try MovieWriter(
            url: url, settings: MovieSettings(width: 64, height: 64, fps: 10, preset: .ultrafast))
        try writer.addAudio(AudioTrack(url: music, loops: true))
        for _ in 0..<30 { try writer.addFrame { c in c.fill(c.bounds) } }
        try writer.finish()
        let audio = try AudioReader(path: url.path).read(frameCount: 48000 * 10)
        let clicks = AudioStreamProbe.onsets(audio, channels: 2, rate: 48000)
        #expect(
            clicks.count == 3 && zip(clicks, [0.0, 1, 2]).allSatisfy { abs($0 - $1) < 0.002 }, "clicks at \(clicks)")
    }

    @Test func anUnreadableAudioFileIsNamedAndNothingIsWritten() throws {
        let dir = try TemporaryDirectory()
        let text = dir.file("song.mp3")
        try Data("this is not audio".utf8).write(to: text)
        let url = dir.file("movie.mp4")
        let writer = try MovieWriter(url: url, settings: MovieSettings(width: 64, height: 64, fps: 25))
        #expect {
            try writer.addAudio(AudioTrack(url: text))
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("Could not read \(text.path): ")
                && message.hasSuffix("Check that it is a complete media file, or export it again.")
        }
        let empty = dir.file("empty.wav")
        try Data().write(to: empty)
        #expect(throws: MovieKitError.self) { try writer.addAudio(AudioTrack(url: empty)) }
        #expect {
            try writer.addAudio(AudioTrack(url: dir.file("missing.wav")))
        } throws: { error in
            "\(error)"
                == "Could not read \(dir.file("missing.wav").path): no file exists at this path. Check that it is a complete media file, or export it again."
        }
        #expect(try dir.contents() == ["empty.wav", "song.mp3"])
    }

    @Test func audioRulesAreCheckedWithAnswers() throws {
        let dir = try TemporaryDirectory()
        let music = dir.file("clicks.wav")
        try Self.writeWAV(Self.clicks(seconds: 1), rate: 44100, to: music)
        let webm = try MovieWriter(url: dir.file("a.webm"), settings: MovieSettings(width: 64, height: 64, fps: 25))
        #expect {
            try webm.addAudio(AudioTrack(url: music))
        } throws: { error in
            "\(error)"
                == "\(dir.file("a.webm").path) cannot hold audio: MovieKit writes AAC, which .webm does not take; use .mp4, .mov or .mkv for a movie with sound."
        }
        let silent = try MovieWriter(
            url: dir.file("b.mp4"), settings: MovieSettings(width: 64, height: 64, fps: 25, preset: .ultrafast))
        try silent.addFrame { c in c.fill(c.bounds) }
        #expect(throws: AudioError.addedAfterFirstFrame(path: dir.file("b.mp4").path)) {
            try silent.addAudio(AudioTrack(url: music, start: 1))
        }
        #expect {
            try silent.addAudio(AudioTrack(url: music, volume: -1))
        } throws: { error in
            "\(error)"
                == "The audio track \(music.path) has volume -1.0; use a gain from 0 to 16, where 1 keeps the level."
        }
    }
}
