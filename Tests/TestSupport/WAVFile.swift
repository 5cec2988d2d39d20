import Foundation

/// Small sound files that the tests make for themselves: 16-bit PCM WAV, mono.
public enum WAVFile {
    /// The bytes of a WAV file holding `samples` (each −1…1, clipped) at `rate` samples per second.
    public static func data(samples: [Float], rate: Int) -> Data {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: Array("RIFF".utf8))
        append(UInt32(36 + samples.count * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))  // the format chunk's size
        append(UInt16(1))  // PCM
        append(UInt16(1))  // one channel
        append(UInt32(rate))
        append(UInt32(rate * 2))  // bytes per second
        append(UInt16(2))  // bytes per sample frame
        append(UInt16(16))  // bits per sample
        data.append(contentsOf: Array("data".utf8))
        append(UInt32(samples.count * 2))
        for sample in samples { append(Int16(max(-1, min(1, sample)) * 32767)) }
        return data
    }

    /// Writes `samples` as a WAV file at `url`.
    public static func write(_ samples: [Float], rate: Int, to url: URL) throws {
        try data(samples: samples, rate: rate).write(to: url)
    }

    /// A 440 Hz sine of `amplitude`, `seconds` long.
    public static func tone(seconds: Double, rate: Int = 44100, amplitude: Double = 0.5) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { index in
            Float(amplitude * sin(2 * Double.pi * 440 * Double(index) / Double(rate)))
        }
    }
}
