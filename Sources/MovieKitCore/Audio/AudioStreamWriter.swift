import Foundation
internal import LibAV

/// The audio stream of a movie being written: mixes the tracks, encodes AAC and writes the packets
/// to the muxer as the video advances, held back by the longest fade-out until the end is known.
final class AudioStreamWriter {
    private let mixer: AudioMixer
    private let encoder: AudioEncoder
    /// The audio stream's index in the output.
    let stream: Int
    /// The loudness normalization the mix goes through, which holds some audio back until it has seen what follows.
    private let normalizer: AudioFilter?
    /// Samples (per channel) handed to the encoder so far.
    private var encodedSamples = 0
    /// Whether the chain ends in `ebur128`, whose readings are ``loudness``.
    private let measures: Bool

    /// Adds the AAC stream to `output` (before its header is written).
    /// - Parameters:
    ///   - normalization: `dynaudnorm` settings (editly's `audioNorm`), or `nil`.
    ///   - loudness: A loudness target; the mix is measured first, through `normalization` when
    ///     both are given, up to `movieEnd` (in samples), or to the end of its tracks when `nil`.
    init(
        mixer: AudioMixer, output: MediaOutput, bitRate: Int, normalization: AudioNormalization? = nil,
        loudness: LoudnessNormalization? = nil, movieEnd: Int? = nil
    ) throws {
        self.mixer = mixer
        var chain = normalization.map { [$0.filterChain] } ?? []
        if let loudness {
            let measured = try Self.measure(mixer.replica(), through: chain, upTo: movieEnd)
            var gain = loudness.chain(for: measured)
            // A limiter takes some loudness with the peaks: measure what it leaves, and make it up.
            var correction = 0.0
            for _ in 0..<2 where loudness.needsLimiter(for: measured) {
                let reached = try Self.measure(mixer.replica(), through: chain + [gain], upTo: movieEnd)
                let shortfall = loudness.integratedLoudness - reached.integratedLoudness
                guard reached.integratedLoudness.isFinite, abs(shortfall) > 0.1 else { break }
                correction += shortfall
                gain = loudness.chain(for: measured, correction: correction)
            }
            chain += [gain, LoudnessNormalization.meter]
        }
        measures = loudness != nil
        normalizer = try Self.filter(chain)
        encoder = try AudioEncoder(
            sampleRate: AudioMixer.sampleRate, channels: AudioMixer.channels, bitRate: bitRate,
            globalHeader: output.wantsGlobalHeader)
        stream = try output.addStream(for: encoder)
    }

    /// The loudness of the audio written, once ``finish(at:output:)`` has run with a loudness target.
    var loudness: LoudnessMeasurement? {
        guard measures, let normalizer else { return nil }
        return LoudnessMeasurement(ebur128: normalizer.lastMetadata)
    }

    /// The filters of `chain` in one graph for the mix's format, or `nil` for none.
    private static func filter(_ chain: [String]) throws -> AudioFilter? {
        guard !chain.isEmpty else { return nil }
        return try AudioFilter(
            chain: chain.joined(separator: ","), sampleRate: AudioMixer.sampleRate, channels: AudioMixer.channels)
    }

    /// The first pass: the loudness of `mixer`'s mix through `chain`, a second at a time.
    private static func measure(_ mixer: AudioMixer, through chain: [String], upTo movieEnd: Int?) throws
        -> LoudnessMeasurement
    {
        let end = movieEnd ?? mixer.naturalEnd ?? 0
        let filter = try Self.filter(chain)
        let meter = try AudioFilter(
            chain: LoudnessNormalization.meter, sampleRate: AudioMixer.sampleRate, channels: AudioMixer.channels)
        while mixer.mixedSamples < end {
            let block = try mixer.mix(upTo: min(end, mixer.mixedSamples + AudioMixer.sampleRate), movieEnd: end)
            _ = try meter.process(try filter?.process(block) ?? block)
        }
        if let filter { _ = try meter.process(try filter.drain()) }
        _ = try meter.drain()
        return LoudnessMeasurement(ebur128: meter.lastMetadata)
            ?? LoudnessMeasurement(integratedLoudness: -.infinity, truePeak: -.infinity)
    }

    /// The audio sample at `seconds`.
    static func sample(at seconds: Double) -> Int { Int((seconds * Double(AudioMixer.sampleRate)).rounded()) }

    /// Writes the audio that can be written once the video has reached `videoSeconds`.
    func advance(to videoSeconds: Double, output: MediaOutput) throws {
        try write(upTo: Self.sample(at: videoSeconds) - mixer.holdBack, movieEnd: nil, flush: false, output: output)
    }

    /// Writes the rest of the audio, faded and cut at `endSeconds`, and drains the encoder.
    func finish(at endSeconds: Double, output: MediaOutput) throws {
        let end = Self.sample(at: endSeconds)
        try write(upTo: end, movieEnd: end, flush: true, output: output)
    }

    private func write(upTo end: Int, movieEnd: Int?, flush: Bool, output: MediaOutput) throws {
        guard end > mixer.mixedSamples || flush else { return }
        var samples = try mixer.mix(upTo: end, movieEnd: movieEnd)
        if let normalizer {
            samples = try normalizer.process(samples)
            if flush {
                samples += try normalizer.drain()
                // The filter's output matches its input in length; this keeps the audio as long as the movie if not.
                let total = (mixer.mixedSamples - encodedSamples) * AudioMixer.channels
                if samples.count > total { samples.removeLast(samples.count - total) }
                samples += [Float](repeating: 0, count: total - samples.count)
            }
        }
        encodedSamples += samples.count / AudioMixer.channels
        try encoder.encode(interleaved: samples, flush: flush) { try output.write($0, toStream: stream) }
    }
}
