import Foundation
import FrameDraw

/// Files the manifest and editly tests name, made in a fresh folder: small PNG photos drawn with
/// FrameDraw and WAV files of silence.
final class ReaderFixtures {
    let folder: TemporaryFolder
    var url: URL { folder.url }

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Writes a PNG of `width` × `height` filled with `color` and returns its location.
    @discardableResult
    func photo(_ name: String, width: Int = 32, height: Int = 24, color: Color = .red) throws -> URL {
        let image = try Image(size: CGSize(width: width, height: height)) { context in
            context.setFillColor(color)
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
        let file = folder.file(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try image.write(to: file)
        return file
    }

    /// Writes a 16-bit mono PCM WAV file of `seconds` of silence at 8 kHz and returns its location.
    @discardableResult
    func silence(_ name: String, seconds: Double) throws -> URL {
        let sampleRate = 8000
        let dataSize = Int((seconds * Double(sampleRate)).rounded()) * 2
        var bytes = Data()
        func append(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { bytes.append(contentsOf: $0) } }
        append("RIFF")
        append32(36 + dataSize)
        append("WAVEfmt ")
        append32(16)
        append16(1)  // PCM
        append16(1)  // mono
        append32(sampleRate)
        append32(sampleRate * 2)
        append16(2)
        append16(16)
        append("data")
        append32(dataSize)
        bytes.append(Data(count: dataSize))
        let file = folder.file(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: file)
        return file
    }

    /// Writes `text` to `name` and returns its location.
    @discardableResult
    func text(_ text: String, to name: String) throws -> URL {
        let file = folder.file(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}
