internal import CCairo
import Foundation

/// How overlapping subpaths decide what is inside.
public enum FillRule: Sendable, Hashable {
    /// Non-zero winding number: inside where the path winds around the point.
    case winding
    /// Even-odd: inside where a ray crosses the path an odd number of times.
    case evenOdd
}

extension DrawingContext {
    /// Fills the current path with the fill colour, then clears the path.
    /// Corresponds to `cairo_fill`.
    public func fillPath(using rule: FillRule = .winding) {
        paint {
            cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            setSource(state.fillColor)
            cairo_fill_preserve(cr)
        }
        cairo_new_path(cr)
    }

    /// Strokes the current path with the stroke colour and line style, then clears the path.
    /// Corresponds to `cairo_stroke`.
    public func strokePath() {
        paint {
            setSource(state.strokeColor)
            cairo_stroke_preserve(cr)
        }
        cairo_new_path(cr)
    }

    /// Sets the stroke width in user-space units. Corresponds to `cairo_set_line_width`.
    public func setLineWidth(_ width: Double) { cairo_set_line_width(cr, max(width, 0)) }

    /// Fills `rect` with the fill colour. The current path is replaced.
    public func fill(_ rect: CGRect) {
        cairo_new_path(cr)
        addRect(rect)
        fillPath()
    }

    /// Strokes the outline of `rect`. The current path is replaced.
    public func stroke(_ rect: CGRect) {
        cairo_new_path(cr)
        addRect(rect)
        strokePath()
    }

    /// Fills the ellipse that fits `rect`. The current path is replaced.
    public func fillEllipse(in rect: CGRect) {
        cairo_new_path(cr)
        addEllipse(in: rect)
        fillPath()
    }

    /// Strokes the ellipse that fits `rect`. The current path is replaced.
    public func strokeEllipse(in rect: CGRect) {
        cairo_new_path(cr)
        addEllipse(in: rect)
        strokePath()
    }
}
