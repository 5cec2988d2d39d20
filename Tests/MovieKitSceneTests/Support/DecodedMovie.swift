import Foundation
import FrameDraw
import LibAV

/// A decoded video frame as BGRA bytes, for probing pixels.
struct DecodedFrame {
    var width: Int
    var height: Int
    /// The frame's own presentation time in seconds.
    var time: Double
    var bytes: [UInt8]

    /// The colour at a pixel as 0…255 red, green and blue.
    func rgb(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let i = (y * width + x) * 4
        return (Int(bytes[i + 2]), Int(bytes[i + 1]), Int(bytes[i]))
    }
}

/// Decodes a movie in-process with libavformat through the LibAV layer.
enum DecodedMovie {
    /// The pictures shown at `times` (ascending), at the movie's own size.
    static func frames(of url: URL, at times: [Double]) throws -> [DecodedFrame] {
        let reader = try MovieFrameReader(path: url.path)
        let (width, height) = reader.pictureSize
        var result: [DecodedFrame] = []
        try reader.frames(at: times, width: width, height: height) { _, time, frame in
            let bytes = try frame.withFirstPlane { base, stride in
                var bytes = [UInt8](repeating: 0, count: width * height * 4)
                for row in 0..<height {
                    for column in 0..<(width * 4) {
                        bytes[row * width * 4 + column] = base.load(
                            fromByteOffset: row * stride + column, as: UInt8.self)
                    }
                }
                return bytes
            }
            result.append(DecodedFrame(width: width, height: height, time: time, bytes: bytes))
        }
        return result
    }
}

extension Image {
    /// The colour at a pixel as 0…255 red, green and blue (un-premultiplied).
    func rgb(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
        let color = pixel(atX: x, y: y)
        return (Int((color.red * 255).rounded()), Int((color.green * 255).rounded()), Int((color.blue * 255).rounded()))
    }
}

/// Whether two colours differ by at most `tolerance` in every channel.
func isClose(_ a: (r: Int, g: Int, b: Int), _ b: (r: Int, g: Int, b: Int), tolerance: Int = 12) -> Bool {
    abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance
}

/// A fresh temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("MovieKitSceneTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
