import ArgumentParser
import MovieKitCore
import MovieKitScene

extension EncodingOptions {
    /// Movie settings for a scene: its canvas size and frame rate, replaced by `--size`, then
    /// `--width` and `--height`, and `--fps` when given.
    /// - Throws: An error naming the scene file when the canvas size cannot be encoded (not a
    ///   multiple of 16) and no flag replaces it.
    func settings(for canvas: Canvas, sceneFile: String) throws -> MovieSettings {
        do {
            let size = try frame.frameSize(over: (canvas.width, canvas.height))
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

/// A scene's canvas that the encoder cannot take.
struct SceneCanvasError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
