import Foundation
import FrameDraw
import MovieKitCore

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
    /// The length of the frame being drawn in seconds (one over the scene's frame rate): the frame
    /// shows the span from ``layerTime`` to ``layerTime`` plus this.
    public let frameDuration: Double
    /// Draws child layers, for content that shows layers of its own (a shader's inputs).
    let painter: LayerPainter

    /// Draws `layers` into `context` at `time` on their parent's clock, with `parentSize` as their
    /// parent's size, as the renderer draws any layer.
    package func drawLayers(_ layers: [Layer], in context: DrawingContext, parentSize: CGSize, time: Double) {
        let inner = LayerPainter(context: context, rasters: painter.rasters, frameDuration: frameDuration)
        for layer in layers { inner.draw(layer, parentSize: parentSize, time: time) }
    }

    /// Whether `moment`, in seconds on the layer's clock, falls in this frame or before it: content
    /// that changes at given times (the word being spoken) changes on the frame whose span holds the
    /// time, as `FrameRate.frame(at:)` rounds it, rather than on the first frame presented after it.
    public func hasReached(_ moment: Double) -> Bool {
        guard frameDuration > 0 else { return moment <= layerTime }
        return moment < layerTime + frameDuration * (1 - 1e-9)
    }

    /// The decoded picture under the frame, when a clip fills the frame with one (in a movie render).
    /// ``BackdropAwareContent`` shows its picture there, or notes where it draws over it.
    package var backdrop: FrameBackdrop? { painter.backdrop }

    /// Notes that the content is about to draw inside `rect` (in the layer's space) over the frame's
    /// backdrop, with `outset` device pixels around it for antialiasing and filtering: the backdrop's
    /// picture is written there first. Call it before drawing.
    package func noteDrawn(_ rect: CGRect, outset: Double = 1) {
        guard let backdrop = painter.backdrop, backdrop.holdsPicture else { return }
        let device = context.ctm.apply(to: rect)
        guard !device.isNull, device.minY.isFinite, device.maxY.isFinite else {
            backdrop.giveUp()
            return
        }
        backdrop.noteDrawn(rows: (device.minY - outset)...(device.maxY + outset))
    }
}

/// Content that tells the frame's ``ContentDrawing/backdrop`` what it draws: it shows a picture that
/// fills the frame, notes the rows it draws over one (``ContentDrawing/noteDrawn(_:outset:)``), or gives
/// the backdrop up. Any other content drawn over a backdrop makes the renderer give it up, and the
/// frame is converted whole.
package protocol BackdropAwareContent: TimedContent {}
