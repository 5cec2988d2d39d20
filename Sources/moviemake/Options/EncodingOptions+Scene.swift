import ArgumentParser
import MovieKitCore
import MovieKitScene

extension EncodingOptions {
    /// Movie settings for a scene: its canvas size and frame rate, each replaced by the flag when
    /// given.
    /// - Throws: An error naming the scene file when the canvas size cannot be encoded (not a
    ///   multiple of 16) and no flag replaces it.
    func settings(for canvas: Canvas, sceneFile: String) throws -> MovieSettings {
        do {
            return try movieSettings(width: width ?? canvas.width, height: height ?? canvas.height, fps: fps ?? canvas.fps)
        } catch let error as MovieKitError {
            if case .invalidDimension(let name, _, _) = error, (name == "Width" ? width : height) == nil {
                throw SceneCanvasError(
                    message: "\(sceneFile): the canvas cannot be encoded: \(error.description) Change the canvas in the scene, or pass --\(name.lowercased()).")
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
