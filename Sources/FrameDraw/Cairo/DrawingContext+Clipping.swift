internal import CCairo
import Foundation

extension DrawingContext {
    /// Intersects the clip with the current path, filled with `rule`, then clears the path.
    /// The clip is part of the graphics state: `restoreGState()` undoes it.
    /// Corresponds to `cairo_clip`.
    public func clip(using rule: FillRule = .winding) {
        let previousRule = cairo_get_fill_rule(cr)
        cairo_set_fill_rule(cr, rule.cairoValue)
        cairo_clip(cr)
        cairo_set_fill_rule(cr, previousRule)
    }

    /// Intersects the clip with `rect`. The current path is left as it was.
    /// Corresponds to `cairo_rectangle` and `cairo_clip`.
    public func clip(to rect: CGRect) {
        preservingCurrentPath {
            cairo_new_path(cr)
            addRect(rect)
            cairo_clip(cr)
        }
    }

    /// Intersects the clip with the area `path` fills under `rule`. The current path is left as it was.
    /// Corresponds to `cairo_clip`.
    public func clip(to path: Path, using rule: FillRule = .winding) {
        preservingCurrentPath {
            cairo_new_path(cr)
            addPath(path)
            clip(using: rule)
        }
    }

    /// Removes the clip, so drawing may reach the whole surface again. Only the clip of the current graphics
    /// state is reset; `restoreGState()` still brings back the clip that was saved.
    /// Corresponds to `cairo_reset_clip`.
    public func resetClip() { cairo_reset_clip(cr) }

    /// Turns anti-aliasing of fills and strokes on or off. Corresponds to `cairo_set_antialias`.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        cairo_set_antialias(cr, shouldAntialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }
}
