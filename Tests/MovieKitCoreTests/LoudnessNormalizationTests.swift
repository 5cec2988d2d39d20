import Foundation
import TestSupport
import Testing

@testable import LibAV
@testable import MovieKitCore

/// `MovieSettings.loudness`: the mix measured, then written at the target integrated loudness under
/// the true-peak ceiling, checked on the movie written, in-process and with FFmpeg's `ebur128`.
@Suite("Loudness normalization")
struct LoudnessNormalizationTests {
    /// A quiet 440 Hz tone with, if `clicks`, a full-scale click every half second: a gain that
    /// reaches the target alone would lift the clicks far over any ceiling.
    static func music(clicks: Bool, in dir: borrowing TemporaryDirectory) throws -> URL {
        let url = dir.file(clicks ? "clicks.wav" : "tone.wav")
        let samples = (0..<(48000 * 6)).map { index -> Float in
            if clicks, index % 24000 < 20 { return 0.9 }
            return Float(0.05 * sin(2 * Double.pi * 440 * Double(index) / 48000))
        }
        try WAVFile.write(samples, rate: 48000, to: url)
        return url
    }

    /// Writes a 6-second movie over `music` at `loudness`, and returns the figures the writer reports.
    static func render(_ music: URL, to url: URL, loudness: LoudnessNormalization) throws -> LoudnessMeasurement? {
        var settings = try MovieSettings(width: 32, height: 32, fps: 10, preset: .ultrafast)
        settings.loudness = loudness
        let writer = try MovieWriter(url: url, settings: settings)
        try writer.addAudio(AudioTrack(url: music))
        try writer.render(frameCount: 60) { context, _ in context.fill(context.bounds) }
        return writer.statistics.audioLoudness
    }

    /// The movie's loudness, decoding its AAC in-process and measuring with libavfilter's `ebur128`.
    static func measure(_ url: URL) throws -> LoudnessMeasurement {
        let samples = try AudioReader(path: url.path).read(frameCount: 48000 * 10)
        let meter = try AudioFilter(chain: LoudnessNormalization.meter, sampleRate: 48000, channels: 2)
        _ = try meter.process(samples)
        _ = try meter.drain()
        return try #require(LoudnessMeasurement(ebur128: meter.lastMetadata))
    }

    /// The integrated loudness and true peak that the `ffmpeg` command's `ebur128` prints for `url`.
    static func ffmpegFigures(_ url: URL) throws -> (integrated: Double, peak: Double)? {
        guard
            let run = try FFmpegTools.run(
                "ffmpeg", ["-nostats", "-i", url.path, "-af", "ebur128=peak=true", "-f", "null", "-"])
        else { return nil }
        let summary = run.standardError.components(separatedBy: "Summary:").last ?? ""
        func value(after label: String) -> Double? {
            guard let range = summary.range(of: label) else { return nil }
            return Double(summary[range.upperBound...].trimmingCharacters(in: .whitespaces).prefix { $0 != " " })
        }
        guard let integrated = value(after: "I:"), let peak = value(after: "Peak:") else { return nil }
        return (integrated, peak)
    }

    @Test(arguments: [(false, -16.0), (true, -14.0), (true, -23.0)])
    func theMovieReachesTheTargetUnderTheCeiling(clicks: Bool, target: Double) throws {
        let dir = try TemporaryDirectory()
        let movie = dir.file("out.mp4")
        let loudness = try LoudnessNormalization(integratedLoudness: target, truePeak: -1)
        let music = try Self.music(clicks: clicks, in: dir)
        let reported = try #require(try Self.render(music, to: movie, loudness: loudness))
        #expect(abs(reported.integratedLoudness - target) <= 0.5, "reported \(reported)")
        #expect(reported.truePeak <= -1, "reported \(reported)")
        let decoded = try Self.measure(movie)
        #expect(abs(decoded.integratedLoudness - target) <= 0.5, "decoded \(decoded)")
        #expect(decoded.truePeak <= -1, "decoded \(decoded)")
        // The ffmpeg command (install-deps installs it) as an independent meter.
        let figures = try #require(try Self.ffmpegFigures(movie), "ffmpeg's ebur128 printed no summary")
        #expect(abs(figures.integrated - target) <= 0.5, "ffmpeg's ebur128: \(figures)")
        #expect(figures.peak <= -1, "ffmpeg's ebur128: \(figures)")
    }

    @Test func withoutClicksOneGainKeepsTheDynamics() throws {
        let loudness = try LoudnessNormalization(integratedLoudness: -16)
        let tone = LoudnessMeasurement(integratedLoudness: -30, truePeak: -26)
        #expect(loudness.chain(for: tone) == "volume=14.0000dB")
        #expect(!loudness.needsLimiter(for: tone))
        let spiky = LoudnessMeasurement(integratedLoudness: -30, truePeak: -1)
        #expect(loudness.needsLimiter(for: spiky) && loudness.chain(for: spiky).contains("alimiter"))
        // Silence keeps its level.
        #expect(
            loudness.chain(for: LoudnessMeasurement(integratedLoudness: -.infinity, truePeak: -.infinity)) == "anull")
    }

    /// A writer of `movie` at -16 LUFS, of 32x32 pixels at 10 frames a second.
    static func loudWriter(_ movie: URL) throws -> MovieWriter {
        var settings = try MovieSettings(width: 32, height: 32, fps: 10, preset: .ultrafast)
        settings.loudness = try LoudnessNormalization(integratedLoudness: -16)
        return try MovieWriter(url: movie, settings: settings)
    }

    /// A looping track has no end of its own: frames added one by one give the writer no length to
    /// measure the loudness over, so the first frame is refused and nothing is left behind.
    @Test func aLoopingTrackWithFramesAddedOneByOneIsRefused() throws {
        let dir = try TemporaryDirectory()
        let music = try Self.music(clicks: false, in: dir)
        let movie = dir.file("looped.mp4")
        let writer = try Self.loudWriter(movie)
        try writer.addAudio(AudioTrack(url: music, loops: true))
        #expect(throws: AudioError.loudnessWithoutEnd(path: movie.path, track: music.path)) {
            for _ in 0..<20 { try writer.addFrame { $0.fill($0.bounds) } }
            try writer.finish()
        }
        writer.cancel()
        #expect(try dir.contents() == ["tone.wav"])
        #expect("\(AudioError.loudnessWithoutEnd(path: "a.mp4", track: "b.wav"))".contains("render(frameCount:draw:)"))
    }

    /// The same looping track reaches the target when the writer knows the movie's length, or the
    /// track has a duration.
    @Test(arguments: [false, true])
    func aLoopingTrackReachesTheTargetWithAnEnd(givenByDuration: Bool) throws {
        let dir = try TemporaryDirectory()
        let music = try Self.music(clicks: false, in: dir)
        let movie = dir.file("looped.mp4")
        let writer = try Self.loudWriter(movie)
        var track = AudioTrack(url: music, loops: true)
        if givenByDuration {
            track.duration = 8
            try writer.addAudio(track)
            for _ in 0..<80 { try writer.addFrame { $0.fill($0.bounds) } }
            try writer.finish()
        } else {
            try writer.addAudio(track)
            try writer.render(frameCount: 80) { context, _ in context.fill(context.bounds) }
        }
        let decoded = try Self.measure(movie)
        #expect(abs(decoded.integratedLoudness + 16) <= 0.5, "decoded \(decoded)")
    }

    @Test(arguments: [(-4.0, -1.0, "integrated loudness -4.0"), (-14, 0.5, "true peak 0.5"), (.nan, -1, "nan")])
    func targetsOutOfRangeAreRefused(integrated: Double, peak: Double, says: String) {
        #expect {
            _ = try LoudnessNormalization(integratedLoudness: integrated, truePeak: peak)
        } throws: { "\($0)".contains(says) }
    }
}
