import ArgumentParser
import Foundation
import MovieKitCore
import MovieKitScene

extension EncodingOptions {
    /// Movie settings for a scene: its canvas size and frame rate, replaced by `--size`, then
    /// `--width` and `--height`, and `--fps` when given.
    /// - Throws: An error naming the scene file when the canvas size cannot be encoded (not a
    ///   multiple of 16) and no flag replaces it.
    /// - Parameter roundsCanvas: Whether a canvas that is not a multiple of 16 renders at the
    ///   multiple-of-16 size nearest in aspect (editly specs), saying so on standard error, rather
    ///   than being refused.
    func settings(for canvas: Canvas, sceneFile: String, roundsCanvas: Bool = false) throws -> MovieSettings {
        do {
            var base = (width: canvas.width, height: canvas.height)
            if roundsCanvas, base.width % 16 != 0 || base.height % 16 != 0 {
                let rounded = Self.multipleOf16Size(nearestInAspectTo: base)
                let kept = (frame.replacesWidth ? "--width" : nil, frame.replacesHeight ? "--height" : nil)
                if kept.0 == nil || kept.1 == nil {
                    FileHandle.standardError.write(
                        Data(
                            "moviemake: \(sceneFile): the canvas \(base.width)x\(base.height) is not a multiple of 16; rendering at \(rounded.width)x\(rounded.height), the nearest size in aspect, with the scene scaled.\n"
                                .utf8))
                }
                base = rounded
            }
            let size = try frame.frameSize(over: base)
            return try movieSettings(width: size.width, height: size.height, fps: frame.fps ?? canvas.fps)
        } catch let error as MovieKitError {
            if case .invalidDimension(let name, _, _) = error,
                !(name == "Width" ? frame.replacesWidth : frame.replacesHeight)
            {
                throw SceneCanvasError(
                    message:
                        "\(sceneFile): the canvas cannot be encoded: \(error.description) Change the canvas in the scene, or pass --size or --\(name.lowercased())."
                )
            }
            throw ValidationError(error.description)
        }
    }
}

extension EncodingOptions {
    /// The largest side MovieSettings accepts.
    static let largestSide = 16384

    /// The size whose sides are multiples of 16 (from 16 to 16384) with the aspect ratio nearest to
    /// `size`'s, among sizes within a sixth of it; of those equally near in aspect, the one
    /// nearest in size.
    static func multipleOf16Size(nearestInAspectTo size: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let aspect = Double(size.width) / Double(size.height)
        let low = min(largestSide, max(16, (size.width * 5 / 6) / 16 * 16))
        let high = min(largestSide, max(low, (size.width * 7 / 6 + 15) / 16 * 16))
        var best = (
            width: min(largestSide, max(16, (size.width + 8) / 16 * 16)),
            height: min(largestSide, max(16, (size.height + 8) / 16 * 16))
        )
        var bestScore = (Double.infinity, Int.max)
        for width in stride(from: low, through: high, by: 16) {
            let exact = Double(width) / aspect / 16
            for height in [Int(exact.rounded(.down)) * 16, Int(exact.rounded(.up)) * 16]
            where (16...largestSide).contains(height) {
                let error = abs(log(Double(width) / Double(height) / aspect))
                let distance = abs(width - size.width) + abs(height - size.height)
                // Aspect errors below one part in a million count as equal.
                let score = ((error * 1e6).rounded(), distance)
                if score < bestScore {
                    bestScore = score
                    best = (width, height)
                }
            }
        }
        return best
    }

    /// These options with what a document asks of the encoder (an editly spec's `fast` and
    /// `customOutputArgs`) where the command line leaves it unset.
    func following(_ request: DocumentEncoding) -> EncodingOptions {
        var result = self
        if request.draft { result.draft = true }
        if result.encoder.crf == nil, result.encoder.bitRate == nil {
            result.encoder.crf = request.crf
            result.encoder.bitRate = request.bitRate
        }
        if result.encoder.preset == .medium, let preset = request.preset { result.encoder.preset = preset }
        if result.encoder.tune == nil { result.encoder.tune = request.tune }
        if result.encoder.chroma == .yuv420, let chroma = request.chroma { result.encoder.chroma = chroma }
        if result.encoder.bitDepth == nil { result.encoder.bitDepth = request.bitDepth }
        if result.encoder.codec == nil, let codec = request.codec {
            result.encoder.codec = EncoderOptions.CodecName(rawValue: codec.family)
        }
        return result
    }
}

/// A scene's canvas that the encoder cannot take.
struct SceneCanvasError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
