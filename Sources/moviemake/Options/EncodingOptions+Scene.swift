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

    /// What the flags ask on top of a document: `nil` where a flag is not given (or left at its
    /// default), so that the document's own request (an editly spec's `customOutputArgs`) applies.
    /// - Parameter alpha: `false` when the movie must be opaque (`--background` colours a Lottie's back).
    func overrides(alpha: Bool? = nil) throws -> RenderOverrides {
        var overrides = RenderOverrides()
        let size = try frame.size.map(FrameOptions.parseSize)
        overrides.width = frame.width ?? size?.width
        overrides.height = frame.height ?? size?.height
        overrides.fps = frame.fps
        overrides.codec = encoder.videoCodec
        overrides.alpha = encoder.alpha ? true : alpha
        overrides.chroma = encoder.chroma == .yuv420 ? nil : encoder.chroma
        overrides.bitDepth = encoder.bitDepth
        overrides.crf = encoder.crf
        overrides.bitRate = encoder.bitRate
        overrides.preset = encoder.preset == .medium ? nil : encoder.preset
        overrides.tune = encoder.tune
        overrides.draft = draft
        overrides.keyframeInterval = encoder.keyframeInterval
        overrides.metadata = try metadataTags()
        overrides.loudness = try encoder.loudnessNormalization()
        return overrides
    }

    /// The plan of `document` written to `output` with these flags (``RenderPlan``); its notes (a size
    /// rounded for the encoder) go to standard error.
    /// - Parameters:
    ///   - sceneFile: The document's path, for messages.
    ///   - alpha: `false` when the movie must be opaque.
    /// - Throws: An error naming the document when its canvas size cannot be encoded and no flag
    ///   replaces it; `ValidationError` with the library's sentence for other settings.
    func plan(for document: SceneDocument, output: URL, sceneFile: String, alpha: Bool? = nil) throws -> RenderPlan {
        do {
            let plan = try RenderPlan(document: document, output: output, overrides: try overrides(alpha: alpha))
            for note in plan.notes { FileHandle.standardError.write(Data("moviemake: \(note)\n".utf8)) }
            return plan
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

    /// Movie settings for a scene made here (an audiogram): its canvas, with these flags.
    func settings(for canvas: Canvas, sceneFile: String, output: URL) throws -> MovieSettings {
        let document = SceneDocument(
            url: URL(fileURLWithPath: sceneFile), format: "scene", scene: Scene(canvas: canvas, layers: []))
        return try plan(for: document, output: output, sceneFile: sceneFile).settings
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
}

/// A scene's canvas that the encoder cannot take.
struct SceneCanvasError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
