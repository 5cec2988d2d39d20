import Foundation

/// Arc arithmetic shared by `Path`, the SVG parser and `DrawingContext`.
enum ArcGeometry {
    /// One cubic Bézier piece of an arc.
    struct CubicSegment {
        var control1: CGPoint
        var control2: CGPoint
        var end: CGPoint
    }

    /// A circular arc that rounds the corner at `tangent1End`.
    struct TangentArc {
        var center: CGPoint
        var radius: Double
        var startAngle: Double
        var endAngle: Double
        var clockwise: Bool
    }

    /// A plain 2D direction (Foundation on Linux has no `CGVector`).
    private struct Vector {
        var dx: Double
        var dy: Double
    }

    static func isClose(_ p: CGPoint, _ q: CGPoint) -> Bool {
        abs(p.x - q.x) <= 1e-9 && abs(p.y - q.y) <= 1e-9
    }

    /// The signed sweep from `start` to `end`: positive (at most one turn short of the raw difference)
    /// when `clockwise`, negative otherwise, following `cairo_arc` / `cairo_arc_negative`.
    static func sweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let turn = 2 * Double.pi
        var sweep = end - start
        if clockwise, sweep < 0 {
            sweep = sweep.truncatingRemainder(dividingBy: turn)
            if sweep < 0 { sweep += turn }
        } else if !clockwise, sweep > 0 {
            sweep = sweep.truncatingRemainder(dividingBy: turn)
            if sweep > 0 { sweep -= turn }
        }
        return sweep
    }

    /// Cubic pieces (each at most a quarter turn) approximating an elliptical arc.
    /// The ellipse has radii `radiusX`/`radiusY` and is rotated by `rotation` radians about `center`.
    static func cubicSegments(
        center: CGPoint, radiusX: Double, radiusY: Double, rotation: Double, startAngle: Double, sweep: Double
    ) -> [CubicSegment] {
        guard sweep != 0, sweep.isFinite else { return [] }
        let count = max(1, Int((abs(sweep) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let delta = sweep / Double(count)
        let k = 4.0 / 3.0 * tan(delta / 4)
        let cosR = cos(rotation)
        let sinR = sin(rotation)
        func map(_ ux: Double, _ uy: Double) -> CGPoint {
            let x = radiusX * ux
            let y = radiusY * uy
            return CGPoint(x: center.x + cosR * x - sinR * y, y: center.y + sinR * x + cosR * y)
        }
        var segments: [CubicSegment] = []
        segments.reserveCapacity(count)
        for i in 0..<count {
            let a1 = startAngle + Double(i) * delta
            let a2 = i == count - 1 ? startAngle + sweep : a1 + delta
            let (c1, s1) = (cos(a1), sin(a1))
            let (c2, s2) = (cos(a2), sin(a2))
            segments.append(
                CubicSegment(
                    control1: map(c1 - k * s1, s1 + k * c1),
                    control2: map(c2 + k * s2, s2 - k * c2),
                    end: map(c2, s2)
                ))
        }
        return segments
    }

    /// The arc tangent to `current → tangent1End` and `tangent1End → tangent2End`, or `nil` when the
    /// points are collinear, coincide, or the radius is not positive (then a line to `tangent1End` is drawn).
    static func tangentArc(
        from current: CGPoint, tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: Double
    ) -> TangentArc? {
        guard radius > 0 else { return nil }
        let v1 = Vector(dx: current.x - p1.x, dy: current.y - p1.y)
        let v2 = Vector(dx: p2.x - p1.x, dy: p2.y - p1.y)
        let len1 = hypot(v1.dx, v1.dy)
        let len2 = hypot(v2.dx, v2.dy)
        guard len1 > 1e-12, len2 > 1e-12 else { return nil }
        let u1 = Vector(dx: v1.dx / len1, dy: v1.dy / len1)
        let u2 = Vector(dx: v2.dx / len2, dy: v2.dy / len2)
        let cross = u1.dx * u2.dy - u1.dy * u2.dx
        let dot = u1.dx * u2.dx + u1.dy * u2.dy
        guard abs(cross) > 1e-12 else { return nil }
        let theta = acos(min(max(dot, -1), 1))  // Angle between the two legs at p1.
        let tangentDistance = radius / tan(theta / 2)
        let t1 = CGPoint(x: p1.x + u1.dx * tangentDistance, y: p1.y + u1.dy * tangentDistance)
        let t2 = CGPoint(x: p1.x + u2.dx * tangentDistance, y: p1.y + u2.dy * tangentDistance)
        let bisector = Vector(dx: u1.dx + u2.dx, dy: u1.dy + u2.dy)
        let bisectorLength = hypot(bisector.dx, bisector.dy)
        let centerDistance = radius / sin(theta / 2)
        let center = CGPoint(
            x: p1.x + bisector.dx / bisectorLength * centerDistance,
            y: p1.y + bisector.dy / bisectorLength * centerDistance
        )
        // Travelling along -u1 then turning onto u2: a positive cross product of those two directions
        // means angles increase (clockwise on screen, y down).
        let clockwise = (-u1.dx) * u2.dy - (-u1.dy) * u2.dx > 0
        return TangentArc(
            center: center,
            radius: radius,
            startAngle: atan2(t1.y - center.y, t1.x - center.x),
            endAngle: atan2(t2.y - center.y, t2.x - center.x),
            clockwise: clockwise
        )
    }
}
