internal import CCairo
import Foundation

extension DrawingContext {
    /// Starts a transparency layer: drawing until the matching `endTransparencyLayer()` goes into a separate,
    /// fully transparent buffer, which is then composited as one image.
    ///
    /// As in Core Graphics, inside the layer the global alpha is 1 and there is no shadow; when the layer ends,
    /// its content is composited once with `alpha` times the global alpha, the shadow and the blend mode that
    /// were current when it began, so overlapping shapes inside do not show through one another and share one
    /// shadow. Layers nest. Corresponds to `cairo_push_group`.
    /// - Parameters:
    ///   - alpha: The opacity of the whole layer, `0...1`, on top of the global alpha.
    public func beginTransparencyLayer(alpha: Double = 1) {
        let clamped = alpha.isNaN ? 1 : min(max(alpha, 0), 1)
        layerStack.append(TransparencyLayer(alpha: clamped, stateAtBegin: state, savedStateDepth: savedStates.count))
        cairo_push_group(cr)
        state.alpha = 1
        state.shadow = nil
    }

    /// Ends the innermost transparency layer and composites it onto what lies beneath.
    ///
    /// Graphics states saved inside the layer and not restored are dropped, and the graphics state returns
    /// to the one current at `beginTransparencyLayer(alpha:)`. A call without an open layer is ignored.
    /// Corresponds to `cairo_pop_group` followed by `cairo_paint_with_alpha`.
    public func endTransparencyLayer() {
        guard let layer = layerStack.popLast() else { return }
        while savedStates.count > layer.savedStateDepth {
            cairo_restore(cr)
            savedStates.removeLast()
        }
        let content = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(content) }
        state = layer.stateAtBegin
        let opacity = layer.alpha * state.alpha
        guard opacity > 0 else { return }
        paint {
            cairo_set_source(cr, content)
            cairo_paint_with_alpha(cr, opacity)
        }
    }

    /// Runs `body` inside a transparency layer.
    /// - Parameters:
    ///   - alpha: The opacity of the whole layer, `0...1`, on top of the global alpha.
    ///   - body: The drawing to group.
    public func withTransparencyLayer<R>(alpha: Double = 1, _ body: () throws -> R) rethrows -> R {
        beginTransparencyLayer(alpha: alpha)
        defer { endTransparencyLayer() }
        return try body()
    }
}
