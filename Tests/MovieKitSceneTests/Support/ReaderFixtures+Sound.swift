import Foundation

/// Sound files for the scene audio tests, and a way to find clicks in decoded audio.
extension ReaderFixtures {
    /// Writes `samples` (mono, each −1…1) as a 16-bit PCM WAV file at `rate` and returns its location.
    @discardableResult
    func wav(_ name: String, samples: [Float], rate: Int = 44100) throws -> URL {
        var data = Data()
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
        }
        data.append(contentsOf: Array("RIFF".utf8))
        append(UInt32(36 + samples.count * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append(UInt32(16))
        append(UInt16(1))
        append(UInt16(1))
        append(UInt32(rate))
        append(UInt32(rate * 2))
        append(UInt16(2))
        append(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        append(UInt32(samples.count * 2))
        for sample in samples { append(Int16(max(-1, min(1, sample)) * 32767)) }
        let file = folder.file(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    /// A 440 Hz tone at half level, `seconds` long.
    static func tone(seconds: Double, rate: Int = 44100) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / Double(rate))) }
    }

    /// A click (5 ms at 0.9) at the very start, then silence, `seconds` long in all.
    static func click(seconds: Double, rate: Int = 44100) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { $0 < rate / 200 ? 0.9 : 0 }
    }

}
