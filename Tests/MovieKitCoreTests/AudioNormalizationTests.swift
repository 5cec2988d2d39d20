import Foundation
import TestSupport
import Testing

@testable import LibAV
@testable import MovieKitCore

/// `MovieSettings.audioNormalization`: the mix through libavfilter's `dynaudnorm` (editly's `audioNorm`).
@Suite("Audio normalization")
struct AudioNormalizationTests {
    /// The root mean square of interleaved stereo `samples` from `start` to `end` seconds at 48 kHz.
    static func rms(_ samples: [Float], from start: Double, to end: Double) -> Double {
        let range = (Int(start * 48000) * 2)..<min(samples.count, Int(end * 48000) * 2)
        let sum = samples[range].reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(max(1, range.count))).squareRoot()
    }

    /// Writes a 6-second movie over `music` and returns its decoded audio.
    static func render(_ music: URL, to url: URL, normalization: AudioNormalization?) throws -> [Float] {
        var settings = try MovieSettings(width: 32, height: 32, fps: 10, preset: .ultrafast)
        settings.audioNormalization = normalization
        let writer = try MovieWriter(url: url, settings: settings)
        try writer.addAudio(AudioTrack(url: music))
        for _ in 0..<60 { try writer.addFrame { c in c.fill(c.bounds) } }
        try writer.finish()
        return try AudioReader(path: url.path).read(frameCount: 48000 * 10)
    }

    @Test func aQuietPassageIsRaisedAndTheLengthKept() throws {
        let dir = try TemporaryDirectory()
        let music = dir.file("loud-then-quiet.wav")
        // 2 s at 0.5, then 4 s at 0.02: a passage 28 dB quieter.
        let tone = (0..<(48000 * 6)).map { index in
            Float((index < 96000 ? 0.5 : 0.02) * sin(2 * Double.pi * 440 * Double(index) / 48000))
        }
        try WAVFile.write(tone, rate: 48000, to: music)
        let plain = try Self.render(music, to: dir.file("plain.mp4"), normalization: nil)
        let normalized = try Self.render(
            music, to: dir.file("normalized.mp4"), normalization: AudioNormalization(gaussSize: 3, maxGain: 30))
        let quietBefore = Self.rms(plain, from: 4, to: 5.5)
        let quietAfter = Self.rms(normalized, from: 4, to: 5.5)
        #expect(quietBefore > 0.005 && quietBefore < 0.03, "the quiet passage as written: \(quietBefore)")
        #expect(quietAfter > 8 * quietBefore, "raised from \(quietBefore) to \(quietAfter)")
        #expect(normalized.map(abs).max() ?? 0 <= 1, "no clipping")
        // As long as the video: 6 s within one AAC frame, like the movie without normalization.
        #expect(abs(Double(normalized.count / 2) / 48000 - 6) < 1024.0 / 48000, "\(normalized.count / 2) samples")
        #expect(abs(normalized.count - plain.count) <= 2 * 1024)
    }

    @Test func anOutputGainScalesTheNormalizedMix() throws {
        let dir = try TemporaryDirectory()
        let music = dir.file("tone.wav")
        try WAVFile.write(WAVFile.tone(seconds: 6, rate: 48000, amplitude: 0.3), rate: 48000, to: music)
        let full = try Self.render(
            music, to: dir.file("full.mp4"), normalization: AudioNormalization(gaussSize: 5, maxGain: 30))
        let half = try Self.render(
            music, to: dir.file("half.mp4"),
            normalization: AudioNormalization(gaussSize: 5, maxGain: 30, outputGain: 0.5))
        let ratio = Self.rms(half, from: 2, to: 4) / Self.rms(full, from: 2, to: 4)
        #expect(abs(ratio - 0.5) < 0.05, "ratio \(ratio)")
    }

    @Test(arguments: [
        (4, 30.0, 1.0, "Audio normalization has gaussSize 4.0; use an odd whole number from 3 to 301."),
        (1, 30.0, 1.0, "Audio normalization has gaussSize 1.0; use an odd whole number from 3 to 301."),
        (303, 30.0, 1.0, "Audio normalization has gaussSize 303.0; use an odd whole number from 3 to 301."),
        (5, 0.5, 1.0, "Audio normalization has maxGain 0.5; use a gain from 1 to 100."),
        (5, 101.0, 1.0, "Audio normalization has maxGain 101.0; use a gain from 1 to 100."),
        (5, 30.0, 17.0, "Audio normalization has outputGain 17.0; use a gain from 0 to 16, where 1 keeps the level.")
    ])
    func settingsOutOfRangeAreRefused(gaussSize: Int, maxGain: Double, outputGain: Double, message: String) {
        #expect {
            try AudioNormalization(gaussSize: gaussSize, maxGain: maxGain, outputGain: outputGain)
        } throws: { error in
            (error as? AudioError)?.description == message
        }
    }

    @Test func theEdgesAreAcceptedAndMapToDynaudnorm() throws {
        #expect(try AudioNormalization().filterChain == "dynaudnorm=g=5:m=30.0")
        #expect(try AudioNormalization(gaussSize: 301, maxGain: 100, outputGain: 0).filterChain.hasSuffix("volume=0.0"))
        #expect(try AudioNormalization(gaussSize: 3, maxGain: 1, outputGain: 16).gaussSize == 3)
    }
}
