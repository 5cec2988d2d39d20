import Foundation
import TestSupport

/// Sound files for the scene audio tests, and a way to find clicks in decoded audio.
extension ReaderFixtures {
    /// Writes `samples` (mono, each −1…1) as a 16-bit PCM WAV file at `rate` and returns its location.
    @discardableResult
    func wav(_ name: String, samples: [Float], rate: Int = 44100) throws -> URL {
        let file = folder.file(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try WAVFile.write(samples, rate: rate, to: file)
        return file
    }

    /// A 440 Hz tone at half level, `seconds` long.
    static func tone(seconds: Double, rate: Int = 44100) -> [Float] {
        WAVFile.tone(seconds: seconds, rate: rate, amplitude: 0.5)
    }

    /// A click (5 ms at 0.9) at the very start, then silence, `seconds` long in all.
    static func click(seconds: Double, rate: Int = 44100) -> [Float] {
        (0..<Int(seconds * Double(rate))).map { $0 < rate / 200 ? 0.9 : 0 }
    }

}
