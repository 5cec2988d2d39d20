internal import CCairo
import Foundation

extension DrawingContext: PathBuilding {
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

    /// Moves to the first point and adds straight lines through the rest.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        cairo_move_to(cr, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
    }

    /// Adds a quadratic Bézier curve from the current point, converted to the equivalent cubic.
    /// Without a current point the curve starts at `control`. Corresponds to `cairo_curve_to`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        let start = currentPoint ?? control
        if currentPoint == nil { cairo_move_to(cr, control.x, control.y) }
        addCubic(equivalentToQuadFrom: start, to: end, control: control)
    }

    /// Adds the cubic Bézier curve that traces exactly the quadratic one from `start` through `control` to `end`
    /// (degree elevation: each cubic control point lies two thirds of the way from an end to `control`).
    /// Corresponds to `cairo_curve_to`.
    private func addCubic(equivalentToQuadFrom start: CGPoint, to end: CGPoint, control: CGPoint) {
        let c1 = CGPoint(x: start.x + 2.0 / 3.0 * (control.x - start.x), y: start.y + 2.0 / 3.0 * (control.y - start.y))
        let c2 = CGPoint(x: end.x + 2.0 / 3.0 * (control.x - end.x), y: end.y + 2.0 / 3.0 * (control.y - end.y))
        cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, end.x, end.y)
    }

    /// Adds a circular arc, preceded by a straight line from the current point to the arc's start.
    ///
    /// Angles are in radians from the +x axis towards +y. Because y grows down, `clockwise: true` turns
    /// clockwise on screen (angles increase) and `clockwise: false` counter-clockwise; `Path.addArc` uses the
    /// same convention. (On Apple platforms this matches `UIBezierPath`, not an unflipped `CGContext`.)
    /// Corresponds to `cairo_arc` (clockwise) or `cairo_arc_negative` (counter-clockwise).
    /// - Parameters:
    ///   - center: The circle's centre.
    ///   - radius: The circle's radius; 0 or less adds a line to `center`.
    ///   - startAngle: Where the arc starts, in radians.
    ///   - endAngle: Where the arc ends, in radians.
    ///   - clockwise: Whether the arc turns clockwise on screen.
    public func addArc(center: CGPoint, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        if clockwise {
            cairo_arc(cr, center.x, center.y, radius, startAngle, endAngle)
        } else {
            cairo_arc_negative(cr, center.x, center.y, radius, startAngle, endAngle)
        }
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to the line
    /// from `tangent1End` to `tangent2End`, preceded by a straight line to the arc's start, like
    /// `CGContext.addArc(tangent1End:tangent2End:radius:)`. Without a current point this moves to
    /// `tangent1End`; for collinear points or a zero radius it adds a line to `tangent1End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: Double) {
        var builder = self
        builder.appendTangentArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
    }

    /// Adds a closed rounded-rectangle subpath.
    /// - Parameters:
    ///   - rect: The rectangle's outer edge.
    ///   - cornerRadius: The corner radius, clamped to `0...min(width, height) / 2`.
    public func addRoundedRect(_ rect: CGRect, cornerRadius: Double) {
        addPath(Path(roundedRect: rect, cornerRadius: cornerRadius))
    }

    /// Appends every element of `path` to the current path, in the current user space.
    /// Quadratic curves become the equivalent cubics. Corresponds to `cairo_move_to`, `cairo_line_to`,
    /// `cairo_curve_to` and `cairo_close_path`.
    public func addPath(_ path: Path) {
        path.forEachSegment { element, start, _ in
            switch element {
            case .move(let p):
                cairo_move_to(cr, p.x, p.y)
            case .line(let p):
                cairo_line_to(cr, p.x, p.y)
            case .quadCurve(let p, let c):
                addCubic(equivalentToQuadFrom: start, to: p, control: c)
            case .curve(let p, let c1, let c2):
                cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
            case .closeSubpath:
                cairo_close_path(cr)
            }
        }
    }

    /// The current point in user space, or `nil` when there is none. Corresponds to `cairo_get_current_point`.
    public var currentPointOfPath: CGPoint? {
        currentPoint
    }

    /// The current point in user space, or `nil` (`PathBuilding`'s requirement; public as `currentPointOfPath`).
    package var currentPoint: CGPoint? {
        guard cairo_has_current_point(cr) != 0 else { return nil }
        var x = 0.0
        var y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// Runs `body`, then puts back the path that was current before it. Cairo's save/restore does not
    /// cover the path, so operations that build a temporary path use this.
    func preservingCurrentPath(_ body: () -> Void) {
        guard let saved = cairo_copy_path(cr) else {
            body()
            return
        }
        defer { cairo_path_destroy(saved) }
        body()
        cairo_new_path(cr)
        if saved.pointee.status == CAIRO_STATUS_SUCCESS {
            cairo_append_path(cr, saved)
        }
    }

    /// Whether the context has a current path with at least one element.
    public var isPathEmpty: Bool { cairo_has_current_point(cr) == 0 }
}
