import Foundation

/// Whether `a` and `b` differ by at most `tolerance`.
func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Whether two points differ by at most `tolerance` in each coordinate.
func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance)
}

/// The y of CSS `cubic-bezier(x1, y1, x2, y2)` at `x`, found independently of the library by bisecting the
/// Bernstein form of x(t) for 200 rounds. The ends are exact, as CSS defines them.
func referenceCubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }
    var low = 0.0
    var high = 1.0
    for _ in 0..<200 {
        let middle = (low + high) / 2
        if bernstein(x1, x2, middle) < x { low = middle } else { high = middle }
    }
    return bernstein(y1, y2, (low + high) / 2)
}
