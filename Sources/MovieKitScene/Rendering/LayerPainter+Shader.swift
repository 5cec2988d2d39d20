import Foundation
import FrameDraw
import MovieKitLog

extension LayerPainter {
    /// Draws a shader layer: its inputs into pictures of the pixel size the bounds cover, then the
    /// shader over that size, composited into the bounds.
    func drawShader(_ shader: ShaderContent, bounds: CGRect, time: Double, opacity: Double) {
        let transform = context.ctm
        let scaleX = (transform.a * transform.a + transform.b * transform.b).squareRoot()
        let scaleY = (transform.c * transform.c + transform.d * transform.d).squareRoot()
        let width = Int((bounds.width * scaleX).rounded())
        let height = Int((bounds.height * scaleY).rounded())
        guard width > 0, height > 0 else { return }
        do {
            let pixelSize = CGSize(width: width, height: height)
            let inputs = try shader.inputs.map { input in
                let picture = try Image(size: pixelSize) { inner in
                    inner.scaleBy(x: Double(width) / bounds.width, y: Double(height) / bounds.height)
                    let painter = LayerPainter(context: inner, rasters: rasters)
                    for layer in input.layers {
                        painter.draw(layer, parentSize: bounds.size, time: time)
                    }
                }
                return (sampler: input.name, image: picture)
            }
            let picture = try ShaderDrawing.image(of: shader, width: width, height: height, time: time, inputs: inputs)
            context.setAlpha(opacity)
            context.draw(picture, in: bounds)
        } catch {
            Log.emit(.error, subsystem: .movieKit, "A shader layer could not be drawn at \(time) s: \(error)")
        }
    }
}
