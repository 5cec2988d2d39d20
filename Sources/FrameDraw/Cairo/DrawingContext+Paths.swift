internal import CCairo
import Foundation

extension DrawingContext {
    /// Starts a new subpath at `point`. Corresponds to `cairo_move_to`.
    public func move(to point: CGPoint) { cairo_move_to(cr, point.x, point.y) }

    /// Adds a straight line from the current point. Corresponds to `cairo_line_to`.
    public func addLine(to point: CGPoint) { cairo_line_to(cr, point.x, point.y) }

    /// Adds a cubic Bézier curve from the current point. Corresponds to `cairo_curve_to`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        cairo_curve_to(cr, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
    }

    /// Closes the current subpath with a line back to its start. Corresponds to `cairo_close_path`.
    public func closePath() { cairo_close_path(cr) }

    /// Adds a closed rectangle subpath. Corresponds to `cairo_rectangle`.
    public func addRect(_ rect: CGRect) {
        let r = rect.standardized
        cairo_rectangle(cr, r.minX, r.minY, r.width, r.height)
    }

    /// Adds a closed ellipse subpath that fits `rect`.
    public func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, r.midX, r.midY)
        cairo_scale(cr, r.width / 2, r.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
        cairo_close_path(cr)
        cairo_restore(cr)
    }

    /// Whether the context has a current path with at least one element.
    public var isPathEmpty: Bool { cairo_has_current_point(cr) == 0 }
}
