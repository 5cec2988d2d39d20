import Foundation
import TestSupport
import Testing

@testable import MovieKitCore

/// `AudioAnalysis`: levels and spectra of known sounds, at the times they play.
@Suite("Audio analysis")
struct AudioAnalysisTests {
    /// One second of silence, then `seconds` of a `frequency` sine of `amplitude`, then a second of silence.
    static func toneFile(frequency: Double, amplitude: Double, seconds: Double, in dir: borrowing TemporaryDirectory)
        throws -> URL
    {
        let url = dir.file("tone-\(Int(frequency)).wav")
        let rate = 48000
        let samples = (0..<Int((seconds + 2) * Double(rate))).map { index -> Float in
            let time = Double(index) / Double(rate)
            guard time >= 1, time < 1 + seconds else { return 0 }
            return Float(amplitude * sin(2 * Double.pi * frequency * time))
        }
        try WAVFile.write(samples, rate: rate, to: url)
        return url
    }

    @Test func theLevelFollowsTheSoundToTheMillisecond() throws {
        let dir = try TemporaryDirectory()
        let analysis = try AudioAnalysis(contentsOf: Self.toneFile(frequency: 440, amplitude: 0.5, seconds: 1, in: dir))
        #expect(abs(analysis.duration - 3) < 0.01)
        #expect(abs(analysis.peak - 0.5) < 0.01)
        // Before the tone, silence; during it, its amplitude; the slice that ends at 1.002 s holds its start.
        #expect(analysis.levels(endingAt: 0.9, window: 0.5, count: 5).allSatisfy { $0 == 0 })
        #expect(analysis.levels(endingAt: 1.5, window: 0.4, count: 4).allSatisfy { abs($0 - 0.5) < 0.02 })
        #expect(analysis.levels(endingAt: 1.0, window: 0.001, count: 1) == [0])
        #expect(analysis.levels(endingAt: 1.002, window: 0.001, count: 1).first ?? 0 > 0)
        let line = analysis.waveform(around: 1.5, window: 0.05, count: 10)
        #expect(line.allSatisfy { $0.low < -0.3 && $0.high > 0.3 })
    }

    @Test func theSpectrumPeaksInTheTonesBand() throws {
        let dir = try TemporaryDirectory()
        for frequency in [200.0, 1000.0, 5000.0] {
            let analysis = try AudioAnalysis(
                contentsOf: Self.toneFile(frequency: frequency, amplitude: 0.5, seconds: 1, in: dir))
            let bars = analysis.spectrum(at: 1.5, count: AudioAnalysis.bandCount)
            let peak = try #require(bars.indices.max { bars[$0] < bars[$1] })
            // The band that holds the frequency, on the logarithmic scale from 40 Hz to 16 kHz.
            let range = AudioAnalysis.frequencyRange
            let expected = Int(log(frequency / range.lowerBound) / log(range.upperBound / range.lowerBound) * 64)
            #expect(abs(peak - expected) <= 1, "\(frequency) Hz peaks in band \(peak), not \(expected)")
            // A 0.5 sine is -6 dBFS: (70 - 6) / 70 of the bar.
            #expect(abs(bars[peak] - 64.0 / 70) < 0.03, "\(bars[peak])")
            #expect(analysis.spectrum(at: 0.5, count: 8).allSatisfy { $0 < 0.05 }, "silence before the tone")
        }
    }

    @Test func smoothingKeepsTheSpectrumAfterTheSoundStopsAndDependsOnTheTimeAlone() throws {
        let dir = try TemporaryDirectory()
        let analysis = try AudioAnalysis(
            contentsOf: Self.toneFile(frequency: 1000, amplitude: 0.5, seconds: 1, in: dir))
        let after = 2.05
        let sharp = analysis.spectrum(at: after, count: 16, smoothing: 0).max() ?? 1
        let smooth = analysis.spectrum(at: after, count: 16, smoothing: 0.9).max() ?? 0
        #expect(sharp < 0.05 && smooth > 0.3, "\(sharp) \(smooth)")
        #expect(
            analysis.spectrum(at: 1.37, count: 16, smoothing: 0.8)
                == analysis.spectrum(at: 1.37, count: 16, smoothing: 0.8))
    }

    @Test func aScenesTracksAreMixedAndSilenceIsAnalysedToo() throws {
        let dir = try TemporaryDirectory()
        let tone = try Self.toneFile(frequency: 440, amplitude: 0.5, seconds: 1, in: dir)
        let mixed = try AudioAnalysis(mixing: [AudioTrack(url: tone, start: 1)], duration: 4)
        #expect(abs(mixed.duration - 4) < 0.01)
        #expect(mixed.levels(endingAt: 1.9, window: 0.5, count: 1) == [0])
        #expect((mixed.levels(endingAt: 2.5, window: 0.4, count: 1).first ?? 0) > 0.2)
        let silent = try AudioAnalysis(mixing: [], duration: 2)
        #expect(abs(silent.duration - 2) < 0.01 && silent.spectrum(at: 1, count: 4).allSatisfy { $0 == 0 })
    }
}
