/// Evaluates a CSS `cubic-bezier(x1, y1, x2, y2)` easing: the curve from (0, 0) to (1, 1) with control
/// points (x1, y1) and (x2, y2), read as y for a given x.
///
/// With x1 and x2 in `0...1` the curve's x grows monotonically with its parameter t, so each x has one t.
/// The solver finds that t with Newton's method, guarded by a bracket that bisection narrows whenever a
/// Newton step would leave it or stalls (near a vertical tangent), until t is known to about 1e-15; the
/// resulting y is accurate to far better than 1e-7.
struct CubicBezierSolver {
    // x(t) = ((ax·t + bx)·t + cx)·t, and the same for y.
    private let ax: Double
    private let bx: Double
    private let cx: Double
    private let ay: Double
    private let by: Double
    private let cy: Double

    /// Creates the solver for control points (x1, y1) and (x2, y2); x1 and x2 must already be in `0...1`.
    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    private func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// Returns the curve's y where its x equals `progress`; `progress` must be in `0...1`.
    func value(at progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        return y(parameter(forX: progress))
    }

    /// The parameter t in `0...1` at which x(t) equals `target`.
    func parameter(forX target: Double) -> Double {
        var low = 0.0
        var high = 1.0
        var t = target
        for _ in 0..<100 {
            let error = x(t) - target
            if error == 0 { return t }
            if error > 0 { high = t } else { low = t }
            if high - low <= 1e-15 { break }
            let slope = slopeX(t)
            var next = slope > 1e-12 ? t - error / slope : .nan
            // Bisect when Newton leaves the bracket, cannot move, or barely shrinks it.
            if !(next > low && next < high) || abs(next - t) > 0.5 * (high - low) {
                next = (low + high) / 2
            }
            if next == t { break }
            t = next
        }
        return t
    }
}
