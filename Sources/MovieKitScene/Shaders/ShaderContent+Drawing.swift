import Foundation
import FrameDraw
import MovieKitLog

/// A shader as timed content: compiled before the first frame, its input layers prepared with the
/// scene's, and drawn at each time over the pixels the layer's bounds cover.
extension ShaderContent: TimedContent {
    public var typeName: String { "shader" }

    /// The shader compiled once (so a missing OpenGL ES or a shader that does not compile stops the
    /// render before its first frame), and its inputs' layers prepared.
    /// - Throws: `ShaderError`; `SceneError.invalidValue` at ``origin`` for a shader a document named
    ///   that does not compile; or what preparing an input's layers throws.
    public func prepared(for layer: Layer, in preparation: ContentPreparation) throws -> any TimedContent {
        do {
            try ShaderDrawing.prepare(self)
        } catch let error as ShaderError where error.kind == .invalidShader {
            guard let origin else { throw error }
            // The error's sentences end with a period, which the place in the document adds again.
            let reason = error.description.hasSuffix(".") ? String(error.description.dropLast()) : error.description
            throw SceneError.invalidValue(
                at: origin.location, value: "\"\(origin.path)\"", expected: "a shader that can be drawn: \(reason)")
        }
        var shader = self
        for index in shader.inputs.indices {
            shader.inputs[index].layers = try preparation.prepare(shader.inputs[index].layers)
        }
        return shader
    }

    /// Draws the inputs into pictures of the pixel size the bounds cover, then the shader over that
    /// size, composited into the bounds. A shader that fails on a frame is logged and draws nothing.
    public func draw(_ drawing: ContentDrawing) {
        let context = drawing.context
        let bounds = drawing.bounds
        let transform = context.ctm
        let scaleX = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let scaleY = (transform.c * transform.c + transform.d * transform.d).squareRoot()
        let width = Int((bounds.width * scaleX).rounded())
        let height = Int((bounds.height * scaleY).rounded())
        guard width > 0, height > 0 else { return }
        do {
            let pixelSize = CGSize(width: width, height: height)
            let pictures = try inputs.map { input in
                let picture = try Image(size: pixelSize) { inner in
                    inner.scaleBy(x: Double(width) / bounds.width, y: Double(height) / bounds.height)
                    drawing.drawLayers(input.layers, in: inner, parentSize: bounds.size, time: drawing.time)
                }
                return (sampler: input.name, image: picture)
            }
            let picture = try ShaderDrawing.image(
                of: self, width: width, height: height, time: drawing.time, inputs: pictures)
            context.setAlpha(drawing.opacity)
            context.draw(picture, in: bounds)
        } catch {
            Log.emit(.error, subsystem: .movieKit, "A shader layer could not be drawn at \(drawing.time) s: \(error)")
        }
    }
}
