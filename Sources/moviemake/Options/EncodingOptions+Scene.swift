import ArgumentParser
import Foundation
import MovieKitCore
import MovieKitScene

extension EncodingOptions {
    /// The codec a movie written to `output` gets: `--codec`'s, else the one its extension implies
    /// (`.gif` GIF, `.webm` VP9, no extension PNG, H.264 otherwise); `nil` for an extension no
    /// container has, which the writer then refuses by name.
    func codec(for output: URL?) -> VideoCodec? {
        encoder.videoCodec ?? output.flatMap(MovieContainer.init(url:))?.defaultCodec
    }

    /// Movie settings for a scene: its canvas size and frame rate, replaced by `--size`, then
    /// `--width` and `--height`, and `--fps` when given, for the codec `output` gets.
    /// - Parameters:
    ///   - canvas: The scene's canvas.
    ///   - sceneFile: The scene's path, for messages.
    ///   - output: The movie to write, whose extension picks the codec when `--codec` does not.
    ///   - fitsCanvas: Whether a canvas that the codec cannot take (H.264, HEVC and AV1 take
    ///     multiples of 16) renders at the size nearest in aspect that it can, saying so on standard
    ///     error, rather than being refused: documents whose size was chosen elsewhere
    ///     (``SceneDocument/fitsCanvasToEncoder``).
    /// - Throws: An error naming the scene file when the canvas size cannot be encoded and no flag
    ///   replaces it.
    func settings(for canvas: Canvas, sceneFile: String, output: URL?, fitsCanvas: Bool = false) throws
        -> MovieSettings
    {
        let codec = codec(for: output)
        let multiple = codec?.sizeMultiple ?? 16
        do {
            var base = (width: canvas.width, height: canvas.height)
            if fitsCanvas, base.width % multiple != 0 || base.height % multiple != 0 {
                let rounded = Self.size(multipleOf: multiple, nearestInAspectTo: base)
                if !(frame.replacesWidth && frame.replacesHeight) {
                    let codecName = codec?.description ?? "The encoder"
                    FileHandle.standardError.write(
                        Data(
                            "moviemake: \(sceneFile): \(codecName) takes sizes in multiples of \(multiple), and the canvas is \(base.width)x\(base.height); rendering at \(rounded.width)x\(rounded.height), the nearest size in aspect, with the scene scaled.\n"
                                .utf8))
                }
                base = rounded
            }
            let size = try frame.frameSize(over: base)
            return try movieSettings(
                width: size.width, height: size.height, fps: frame.fps ?? canvas.fps, codec: codec)
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

    /// The size nearest in aspect to `size` with sides that are multiples of `multiple`
    /// (`MovieSettings.size(multipleOf:nearestInAspectTo:)`).
    static func size(multipleOf multiple: Int, nearestInAspectTo size: (width: Int, height: Int)) -> (
        width: Int, height: Int
    ) {
        MovieSettings.size(multipleOf: multiple, nearestInAspectTo: size)
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
