import Foundation

/// A line, quadratic or cubic Bézier segment, measured by arc length: the geometry behind
/// `Path.trimmed(from:to:)` and the length-based shape operations on `CubicSegment`.
struct BezierSegment {
    enum Kind { case line, quad, cubic }

    let kind: Kind
    /// The start point, the control points and the end point.
    let points: [CGPoint]

    var start: CGPoint { points[0] }

    /// The length of the control polygon: at least the arc length, and the scale for tolerances.
    private var polygonLength: Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// The speed |B′(t)| at parameter `t`.
    private func speed(_ t: Double) -> Double {
        let u = 1 - t
        let p = points
        switch kind {
        case .line:
            return hypot(p[1].x - p[0].x, p[1].y - p[0].y)
        case .quad:
            let dx = 2 * (u * (p[1].x - p[0].x) + t * (p[2].x - p[1].x))
            let dy = 2 * (u * (p[1].y - p[0].y) + t * (p[2].y - p[1].y))
            return hypot(dx, dy)
        case .cubic:
            let dx = 3 * u * u * (p[1].x - p[0].x) + 6 * u * t * (p[2].x - p[1].x) + 3 * t * t * (p[3].x - p[2].x)
            let dy = 3 * u * u * (p[1].y - p[0].y) + 6 * u * t * (p[2].y - p[1].y) + 3 * t * t * (p[3].y - p[2].y)
            return hypot(dx, dy)
        }
    }

    /// Five-point Gauss–Legendre estimate of the arc length between parameters `a` and `b`.
    private func gaussLegendre(_ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2
        let middle = (a + b) / 2
        var sum = 0.0
        for (node, weight) in Self.gaussLegendreNodes { sum += weight * speed(middle + half * node) }
        return sum * half
    }

    /// The nodes on `-1...1` and weights of five-point Gauss–Legendre quadrature.
    private static let gaussLegendreNodes: [(node: Double, weight: Double)] = [
        (0, 0.568_888_888_888_888_9),
        (-0.538_469_310_105_683_1, 0.478_628_670_499_366_5), (0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
        (-0.906_179_845_938_664_0, 0.236_926_885_056_189_1), (0.906_179_845_938_664_0, 0.236_926_885_056_189_1)
    ]

    /// The arc length between parameters `a` and `b`, by adaptive Gauss–Legendre integration.
    func arcLength(from a: Double, to b: Double) -> Double {
        guard b > a else { return 0 }
        if kind == .line { return (b - a) * speed(0) }
        let tolerance = 1e-11 * polygonLength
        guard tolerance > 0 else { return 0 }
        func integrate(_ a: Double, _ b: Double, _ whole: Double, _ depth: Int) -> Double {
            let middle = (a + b) / 2
            let left = gaussLegendre(a, middle)
            let right = gaussLegendre(middle, b)
            // A non-finite difference (a segment reaching past double precision) never shrinks: stop there.
            let error = abs(left + right - whole)
            if depth >= 3, error <= tolerance || !error.isFinite || depth >= 40 {
                return left + right
            }
            return integrate(a, middle, left, depth + 1) + integrate(middle, b, right, depth + 1)
        }
        return integrate(a, b, gaussLegendre(a, b), 0)
    }

    /// The parameter at which the arc length from the start equals `target`, solved by Newton's method kept
    /// inside a bisection bracket; `length` is the whole segment's arc length.
    func parameter(atLength target: Double, of length: Double) -> Double {
        if target <= 0 { return 0 }
        if target >= length { return 1 }
        if kind == .line { return target / length }
        var low = 0.0
        var high = 1.0
        var t = target / length
        for _ in 0..<60 {
            let error = arcLength(from: 0, to: t) - target
            if abs(error) <= 1e-12 * length { break }
            if error > 0 { high = t } else { low = t }
            let slope = speed(t)
            var next = slope > 0 ? t - error / slope : .nan
            if !(next > low && next < high) { next = (low + high) / 2 }
            if next == t || high - low < 1e-15 { break }
            t = next
        }
        return t
    }

    /// The segment's own piece between parameters `t0 < t1`, cut exactly with de Casteljau's construction.
    func piece(from t0: Double, to t1: Double) -> BezierSegment {
        var head = t1 < 1 ? Self.split(points, at: t1).left : points
        if t0 > 0, t1 > 0 { head = Self.split(head, at: t0 / t1).right }
        return BezierSegment(kind: kind, points: head)
    }

    /// Splits a Bézier control polygon at `t` into the control polygons of its two halves.
    private static func split(_ points: [CGPoint], at t: Double) -> (left: [CGPoint], right: [CGPoint]) {
        var left = [points[0]]
        var right = [points[points.count - 1]]
        var level = points
        while level.count > 1 {
            level = zip(level, level.dropFirst()).map { p, q in
                CGPoint(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
            }
            left.append(level[0])
            right.insert(level[level.count - 1], at: 0)
        }
        return (left, right)
    }

    /// Appends the segment (after its start point) to `path`.
    func append(to path: inout Path) {
        switch kind {
        case .line: path.addLine(to: points[1])
        case .quad: path.addQuadCurve(to: points[2], control: points[1])
        case .cubic: path.addCurve(to: points[3], control1: points[1], control2: points[2])
        }
    }
}
