import Foundation

/// Reads an audio file as interleaved 32-bit float at one rate and channel count: decoded with
/// libavformat and libavcodec, converted with libswresample.
package final class AudioReader {
    /// The file, named in errors.
    package let path: String
    /// The output sample rate and channel count.
    package let sampleRate: Int
    package let channels: Int
    /// The file's duration in seconds as its container states it, or `nil` when unknown.
    package let duration: Double?

    private let input: FormatInput
    private let decoder: Decoder
    private var resampler: Resampler?
    private var pending: [Float] = []
    private var pendingOffset = 0
    private var ended = false
    /// `atempo` for a speed other than 1: the audio plays faster or slower at the same pitch.
    private let tempo: AudioFilter?

    /// Opens `path` and its best audio stream.
    /// - Parameter speed: The playback rate; other than 1, the audio goes through libavfilter's
    ///   `atempo`, which keeps the pitch.
    /// - Throws: `LibAVError` of kind `.unreadableInput` (missing, empty, not audio, damaged) or `.unavailable`.
    package init(path: String, sampleRate: Int = 48000, channels: Int = 2, speed: Double = 1) throws {
        self.path = path
        self.sampleRate = sampleRate
        self.channels = channels
        guard FileManager.default.fileExists(atPath: path) else {
            throw LibAVError(.unreadableInput, operation: "Opening \(path)", message: "no file exists at this path")
        }
        input = try FormatInput(path: path)
        try input.findStreamInfo()
        let index = try input.bestStream(.audio)
        decoder = try Decoder(input: input, streamIndex: index)
        duration = input.duration
        tempo =
            speed == 1
            ? nil
            : try AudioFilter(chain: AudioFilter.tempoChain(speed), sampleRate: sampleRate, channels: channels)
    }

    /// Reads up to `frameCount` sample frames (each `channels` floats). Returns fewer only at the end.
    /// - Throws: `LibAVError` of kind `.unreadableInput` when the data is damaged.
    package func read(frameCount: Int) throws -> [Float] {
        let wanted = frameCount * channels
        var result: [Float] = []
        result.reserveCapacity(wanted)
        while result.count < wanted {
            if pendingOffset < pending.count {
                let take = min(wanted - result.count, pending.count - pendingOffset)
                result += pending[pendingOffset..<(pendingOffset + take)]
                pendingOffset += take
                continue
            }
            guard !ended else { break }
            pending = try decodeMore()
            if let tempo {
                pending = try tempo.process(pending)
                if ended { pending += try tempo.drain() }
            }
            pendingOffset = 0
        }
        return result
    }

    /// Skips `frameCount` sample frames, decoding them (bounded by the file's length).
    package func skip(frameCount: Int) throws {
        var left = frameCount
        while left > 0 {
            let chunk = try read(frameCount: min(left, 48000))
            guard !chunk.isEmpty else { return }
            left -= chunk.count / channels
        }
    }

    /// Decodes the next block of frames and converts them; at the end, drains the resampler.
    private func decodeMore() throws -> [Float] {
        var converted: [Float] = []
        var gotFrame = false
        try decoder.decode { frame in
            if resampler == nil {
                resampler = try Resampler(matching: frame, outputRate: sampleRate, outputChannels: channels)
            }
            converted = try resampler?.convert(frame) ?? []
            gotFrame = true
            return false  // One frame at a time.
        }
        if !gotFrame {
            ended = true
            return try resampler?.convert(nil) ?? []
        }
        return converted
    }
}
