internal import CCairo
import Foundation

extension FillRule {
    /// The matching Cairo fill rule, for `cairo_set_fill_rule`.
    var cairoValue: cairo_fill_rule_t {
        switch self {
        case .winding: CAIRO_FILL_RULE_WINDING
        case .evenOdd: CAIRO_FILL_RULE_EVEN_ODD
        }
    }
}

/// What `DrawingContext.drawPath(using:)` does with the current path, named as in Core Graphics.
public enum PathDrawingMode: Sendable, Hashable, CaseIterable {
    /// Fill with the non-zero winding rule.
    case fill
    /// Stroke with the current line style.
    case stroke
    /// Fill with the non-zero winding rule, then stroke on top.
    case fillStroke
    /// Fill with the even-odd rule.
    case eoFill
    /// Fill with the even-odd rule, then stroke on top.
    case eoFillStroke
}

extension DrawingContext {
    /// Fills the current path with the fill colour, then clears the path.
    /// Corresponds to `cairo_fill`.
    public func fillPath(using rule: FillRule = .winding) {
        paint(extents: .currentPathFill) {
            cairo_set_fill_rule(cr, rule.cairoValue)
            setSource(state.fillColor)
            cairo_fill_preserve(cr)
        }
        cairo_new_path(cr)
    }

    /// Strokes the current path with the stroke colour and line style, then clears the path.
    /// Corresponds to `cairo_stroke`.
    public func strokePath() {
        paint(extents: .currentPathStroke) {
            setSource(state.strokeColor)
            strokingWithinDashLimit(painting: true) { cairo_stroke_preserve(cr) }
        }
        cairo_new_path(cr)
    }

    /// Sets the stroke width in user-space units. Corresponds to `cairo_set_line_width`.
    public func setLineWidth(_ width: Double) { cairo_set_line_width(cr, max(width, 0)) }

    /// Fills `rect` with the fill colour. The current path is replaced.
    public func fill(_ rect: CGRect) {
        cairo_new_path(cr)
        addArea(of: rect)
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
        // Cairo's own arc near the surface; far past it, the area cut to the clip.
        if staysNearSurface(rect) { addEllipse(in: rect) } else { addArea(of: Path(ellipseIn: rect.standardized)) }
        fillPath()
    }

    /// Strokes the ellipse that fits `rect`. The current path is replaced.
    public func strokeEllipse(in rect: CGRect) {
        cairo_new_path(cr)
        addEllipse(in: rect)
        strokePath()
    }

    /// Fills and/or strokes the current path as `mode` says, then clears the path. The fill and the stroke are
    /// painted as one operation, so a shadow falls beneath both. Corresponds to `cairo_fill_preserve`
    /// and `cairo_stroke_preserve`.
    public func drawPath(using mode: PathDrawingMode) {
        let rule: FillRule? =
            switch mode {
            case .fill, .fillStroke: .winding
            case .eoFill, .eoFillStroke: .evenOdd
            case .stroke: nil
            }
        let strokes = mode == .stroke || mode == .fillStroke || mode == .eoFillStroke
        let extents: PaintExtents =
            rule == nil ? .currentPathStroke : (strokes ? .currentPathFillAndStroke : .currentPathFill)
        paint(extents: extents) {
            if let rule {
                cairo_set_fill_rule(cr, rule.cairoValue)
                setSource(state.fillColor)
                cairo_fill_preserve(cr)
            }
            if strokes {
                setSource(state.strokeColor)
                strokingWithinDashLimit(painting: true) { cairo_stroke_preserve(cr) }
            }
        }
        cairo_new_path(cr)
    }

    /// Makes `rect` fully transparent, like `CGContext.clear(_:)`. The current path, colours and blend mode
    /// are left as they were. Clearing erases rather than paints, so no shadow is drawn.
    /// Corresponds to `cairo_fill` with `CAIRO_OPERATOR_CLEAR`.
    public func clear(_ rect: CGRect) {
        preservingCurrentPath {
            cairo_save(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
            cairo_new_path(cr)
            addRect(rect)
            cairo_fill(cr)
            cairo_restore(cr)
        }
    }
}
