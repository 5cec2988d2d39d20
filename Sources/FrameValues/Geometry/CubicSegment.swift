import Foundation

/// One cubic Bézier curve, with the evaluations the shape operations need.
struct CubicSegment: Hashable, Sendable {
    var p0: CGPoint
    var p1: CGPoint
    var p2: CGPoint
    var p3: CGPoint

    func point(at t: Double) -> CGPoint {
        let u = 1 - t
        let a = u * u * u
        let b = 3 * u * u * t
        let c = 3 * u * t * t
        let d = t * t * t
        return CGPoint(
            x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// The direction of travel at `t` (not normalised); falls back to the chord where the derivative vanishes.
    func tangent(at t: Double) -> CGPoint {
        let u = 1 - t
        let x = 3 * u * u * (p1.x - p0.x) + 6 * u * t * (p2.x - p1.x) + 3 * t * t * (p3.x - p2.x)
        let y = 3 * u * u * (p1.y - p0.y) + 6 * u * t * (p2.y - p1.y) + 3 * t * t * (p3.y - p2.y)
        if hypot(x, y) > 1e-12 { return CGPoint(x: x, y: y) }
        return CGPoint(x: p3.x - p0.x, y: p3.y - p0.y)
    }

    /// The unit tangent at `t`.
    func unitTangent(at t: Double) -> CGPoint {
        let v = tangent(at: t)
        let length = hypot(v.x, v.y)
        return length > 0 ? CGPoint(x: v.x / length, y: v.y / length) : CGPoint(x: 1, y: 0)
    }

    /// The curve as a general segment, for measuring by arc length.
    private var measured: BezierSegment { BezierSegment(kind: .cubic, points: [p0, p1, p2, p3]) }

    /// The arc length.
    var length: Double { measured.arcLength(from: 0, to: 1) }

    /// The parameter at a fraction of the curve's arc length.
    func parameter(atLengthFraction fraction: Double) -> Double {
        let curve = measured
        let total = curve.arcLength(from: 0, to: 1)
        guard total > 0 else { return fraction }
        return curve.parameter(atLength: fraction * total, of: total)
    }

    /// The two halves at `t`, by de Casteljau's construction.
    func split(at t: Double) -> (CubicSegment, CubicSegment) {
        func lerp(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let a = lerp(p0, p1)
        let b = lerp(p1, p2)
        let c = lerp(p2, p3)
        let d = lerp(a, b)
        let e = lerp(b, c)
        let f = lerp(d, e)
        return (CubicSegment(p0: p0, p1: a, p2: d, p3: f), CubicSegment(p0: f, p1: e, p2: c, p3: p3))
    }

    var reversed: CubicSegment { CubicSegment(p0: p3, p1: p2, p2: p1, p3: p0) }
}

extension BezierContour {
    /// Segment `index` as a cubic.
    func cubic(_ index: Int) -> CubicSegment {
        let (a, b, c, d) = segment(index)
        return CubicSegment(p0: a, p1: b, p2: c, p3: d)
    }
}
