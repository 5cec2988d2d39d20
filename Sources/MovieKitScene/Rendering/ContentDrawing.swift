import Foundation
import FrameDraw

/// Where and when a ``TimedContent`` draws: the context, already transformed into the layer's own
/// space, the layer's bounds, the time and the opacity. Content that composites several pictures
/// (a clip over a blurred copy, a shader's inputs) applies the opacity once to the whole.
public struct ContentDrawing {
    /// The context to draw into, in the layer's space. Its graphics state is restored afterwards.
    public let context: DrawingContext
    /// The layer's bounds in its own space.
    public let bounds: CGRect
    /// The time in seconds on the clock of the layer's parent (the scene, or the enclosing group).
    public let time: Double
    /// The seconds since the layer's in point: ``time`` minus ``Layer/inPoint``.
    public let layerTime: Double
    /// The layer's opacity at this time, from 0 to 1.
    public let opacity: Double
    /// Draws child layers, for content that shows layers of its own (a shader's inputs).
    let painter: LayerPainter

    /// Draws `layers` into `context` at `time` on their parent's clock, with `parentSize` as their
    /// parent's size, as the renderer draws any layer.
    package func drawLayers(_ layers: [Layer], in context: DrawingContext, parentSize: CGSize, time: Double) {
        let inner = LayerPainter(context: context, rasters: painter.rasters)
        for layer in layers { inner.draw(layer, parentSize: parentSize, time: time) }
    }
}
