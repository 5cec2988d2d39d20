import Foundation
internal import LibAV

/// The audio stream of a movie being written: mixes the tracks, encodes AAC and writes the packets
/// to the muxer as the video advances, held back by the longest fade-out until the end is known.
final class AudioStreamWriter {
    private let mixer: AudioMixer
    private let encoder: AudioEncoder
    private let stream: Int
    /// The loudness normalization the mix goes through, which holds some audio back until it has seen what follows.
    private let normalizer: AudioFilter?
    /// Samples (per channel) handed to the encoder so far.
    private var encodedSamples = 0

    /// Adds the AAC stream to `output` (before its header is written).
    init(mixer: AudioMixer, output: MediaOutput, bitRate: Int, normalization: AudioNormalization? = nil) throws {
        self.mixer = mixer
        normalizer = try normalization.map {
            try AudioFilter(chain: $0.filterChain, sampleRate: AudioMixer.sampleRate, channels: AudioMixer.channels)
        }
        encoder = try AudioEncoder(
            sampleRate: AudioMixer.sampleRate, channels: AudioMixer.channels, bitRate: bitRate,
            globalHeader: output.wantsGlobalHeader)
        stream = try output.addStream(for: encoder)
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
