import Foundation
import FrameDraw
internal import LibAV
import MovieKitCore

/// Frames of an existing movie as `Image`s, decoded through the LibAV layer.
struct MovieThumbnails {
    private let reader: MovieFrameReader
    private let url: URL

    /// Opens the movie.
    /// - Throws: `SceneError.unreadableFile` when FFmpeg cannot open it or it has no video.
    init(url: URL) throws {
        self.url = url
        do {
            reader = try MovieFrameReader(path: url.path)
        } catch let error as LibAVError {
            throw SceneError.unreadableFile(path: url.path, reason: error.message)
        }
    }

    var pictureSize: CGSize { CGSize(width: reader.pictureSize.width, height: reader.pictureSize.height) }
    var duration: Double { reader.duration }
    var frameRate: FrameRate {
        let rate = reader.frameRate
        return rate.numerator > 0 && rate.denominator > 0 ? FrameRate(rate.numerator, rate.denominator) : 30
    }

    /// The pictures shown at `times` (ascending), scaled to `size`.
    func images(at times: [Double], size: CGSize) throws -> [(time: Double, image: Image)] {
        var result: [(time: Double, image: Image)] = []
        let width = Int(size.width)
        let height = Int(size.height)
        do {
            try reader.frames(at: times, width: width, height: height) { _, frameTime, frame in
                let pixels = try frame.withFirstPlane { bytes, stride in
                    var pixels = [UInt32](repeating: 0, count: width * height)
                    pixels.withUnsafeMutableBytes { destination in
                        for row in 0..<height {
                            destination.baseAddress.map {
                                ($0 + row * width * 4).copyMemory(from: bytes + row * stride, byteCount: width * 4)
                            }
                        }
                    }
                    // Video pictures are opaque; BGRA bytes are Cairo's premultiplied ARGB32.
                    return pixels.map { $0 | 0xFF00_0000 }
                }
                result.append((frameTime, try Image(width: width, height: height, pixels: pixels)))
            }
        } catch let error as LibAVError {
            throw SceneError.unreadableFile(path: url.path, reason: error.message)
        }
        return result
    }
}
