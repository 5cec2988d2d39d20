import Foundation

extension AudioTrack {
    /// The tracks mixed as a movie of `duration` seconds mixes them (cut and faded at its end,
    /// through the same limiter), as 48 kHz stereo 16-bit PCM in a WAV file's bytes: what
    /// `moviemake preview` plays beside the picture.
    /// - Parameters:
    ///   - tracks: The tracks, each placed at its `start`.
    ///   - duration: The movie's length in seconds.
    /// - Throws: `MovieKitError.unreadableInput` naming a file that cannot be read, or `.invalidAudioTrack`.
    package static func waveData(mixing tracks: [AudioTrack], duration: Double) throws -> Data {
        let mixer = AudioMixer()
        for track in tracks { try mixer.add(track) }
        let end = max(0, Int((duration * Double(AudioMixer.sampleRate)).rounded()))
        let samples =
            mixer.isEmpty
            ? [Float](repeating: 0, count: end * AudioMixer.channels) : try mixer.mix(upTo: end, movieEnd: end)
        return waveFile(samples)
    }

    /// A RIFF WAVE file of interleaved samples (16-bit little-endian PCM).
    static func waveFile(_ samples: [Float]) -> Data {
        let dataBytes = samples.count * 2
        var data = Data(capacity: 44 + dataBytes)
        func append(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        append("RIFF")
        append32(36 + dataBytes)
        append("WAVEfmt ")
        append32(16)
        append16(1)  // PCM
        append16(AudioMixer.channels)
        append32(AudioMixer.sampleRate)
        append32(AudioMixer.sampleRate * AudioMixer.channels * 2)
        append16(AudioMixer.channels * 2)
        append16(16)
        append("data")
        append32(dataBytes)
        var pcm = [Int16](repeating: 0, count: samples.count)
        for index in samples.indices {
            pcm[index] = Int16(max(-1, min(1, samples[index])) * 32767).littleEndian
        }
        pcm.withUnsafeBytes { data.append(contentsOf: $0) }
        return data
    }
}
