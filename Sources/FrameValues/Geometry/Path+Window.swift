import Foundation

extension Path {
    /// Whether every point of the path (its control points included, which bound its curves) lies
    /// within `limit` of the origin on both axes once mapped through `transform`. An empty path does.
    package func fits(within limit: Double, through transform: AffineTransform) -> Bool {
        func near(_ point: CGPoint) -> Bool {
            let mapped = transform.apply(to: point)
            return abs(mapped.x) <= limit && abs(mapped.y) <= limit
        }
        for element in elements {
            switch element {
            case .move(let p), .line(let p):
                guard near(p) else { return false }
            case .quadCurve(let p, let c):
                guard near(p), near(c) else { return false }
            case .curve(let p, let c1, let c2):
                guard near(p), near(c1), near(c2) else { return false }
            case .closeSubpath:
                break
            }
        }
        return true
    }

    /// The area the path fills, mapped through `transform` and cut to `window`: one closed polygon
    /// per subpath, in the transformed space, each with at least three corners. Inside `window`
    /// every point has the same winding number as in the whole path, so filling or clipping with the
    /// polygons under either rule gives the same pixels there; outside it they cover nothing.
    ///
    /// Curves are flattened to within `tolerance` where they may cross `window`; a piece that lies
    /// wholly outside it is replaced by its chord, which lies outside as well. This bounds the work for
    /// a path of any size: a circle a billion times larger than the window is split only where it
    /// passes the window.
    package func polygons(through transform: AffineTransform, cutTo window: CGRect, tolerance: Double = 0.1)
        -> [[CGPoint]]
    {
        guard !window.isNull, !window.isInfinite, window.width >= 0, window.height >= 0 else { return [] }
        var flattener = WindowFlattener(window: window, tolerance: tolerance)
        var polygons: [[CGPoint]] = []
        var current: [CGPoint] = []
        func finish() {
            let cut = WindowFlattener.cut(current.filter { $0.x.isFinite && $0.y.isFinite }, to: window)
            if cut.count >= 3 { polygons.append(cut) }
            current = []
        }
        forEachSegment { element, start, _ in
            switch element {
            case .move(let p):
                finish()
                current = [transform.apply(to: p)]
            case .line(let p):
                current.append(transform.apply(to: p))
            case .quadCurve(let p, let c):
                let from = transform.apply(to: start)
                let control = transform.apply(to: c)
                let to = transform.apply(to: p)
                // The cubic that traces the quadratic exactly (degree elevation).
                flattener.appendCubic(
                    from: from, from + (control - from) * (2.0 / 3.0), to + (control - to) * (2.0 / 3.0), to,
                    to: &current)
            case .curve(let p, let c1, let c2):
                flattener.appendCubic(
                    from: transform.apply(to: start), transform.apply(to: c1), transform.apply(to: c2),
                    transform.apply(to: p), to: &current)
            case .closeSubpath:
                finish()
            }
        }
        finish()
        return polygons
    }
}

/// Flattens cubic curves where they may cross a window, and cuts polygons to it.
private struct WindowFlattener {
    let window: CGRect
    let tolerance: Double
    /// The points one path may add; past it, curves become chords (a path of that many pieces is
    /// degenerate, and its pixels need not be exact).
    private var budget = 1 << 20

    init(window: CGRect, tolerance: Double) {
        self.window = window
        self.tolerance = max(tolerance, 1e-3)
    }

    /// Appends the points after `p0` of the cubic `p0 c1 c2 p3`, split in halves until each piece is
    /// flat within the tolerance or lies outside the window.
    mutating func appendCubic(from p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint, to points: inout [CGPoint])
    {
        // Pieces still to do, the next one last; at most one per level of splitting waits per level.
        var pending: [(CGPoint, CGPoint, CGPoint, CGPoint, Int)] = [(p0, c1, c2, p3, 0)]
        while let (a, b, c, d, depth) = pending.popLast() {
            let coordinates = [a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y]
            guard coordinates.allSatisfy(\.isFinite) else {
                points.append(d)
                continue
            }
            if depth >= 1000 || budget <= 0 || isOutside(a, b, c, d) || isFlat(a, b, c, d) {
                points.append(d)
                budget -= 1
                continue
            }
            // de Casteljau at t = 0.5.
            let ab = (a + b) * 0.5
            let bc = (b + c) * 0.5
            let cd = (c + d) * 0.5
            let abc = (ab + bc) * 0.5
            let bcd = (bc + cd) * 0.5
            let middle = (abc + bcd) * 0.5
            pending.append((middle, bcd, cd, d, depth + 1))
            pending.append((a, ab, abc, middle, depth + 1))
        }
    }

    /// Whether the control polygon, which holds the curve, lies wholly on one far side of the window.
    private func isOutside(_ points: CGPoint...) -> Bool {
        points.allSatisfy { $0.x < window.minX } || points.allSatisfy { $0.x > window.maxX }
            || points.allSatisfy { $0.y < window.minY } || points.allSatisfy { $0.y > window.maxY }
    }

    /// Whether both control points lie within the tolerance of the chord's line (or of its end
    /// points, when the chord has no length).
    private func isFlat(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> Bool {
        let chord = d - a
        let length = (chord.x * chord.x + chord.y * chord.y).squareRoot()
        guard length > 0, length.isFinite else {
            return distance(a, b) <= tolerance && distance(a, c) <= tolerance
        }
        let offB = abs(chord.x * (b.y - a.y) - chord.y * (b.x - a.x)) / length
        let offC = abs(chord.x * (c.y - a.y) - chord.y * (c.x - a.x)) / length
        return offB <= tolerance && offC <= tolerance
    }

    private func distance(_ p: CGPoint, _ q: CGPoint) -> Double { hypot(q.x - p.x, q.y - p.y) }

    /// The closed polygon `points` cut to `window` (Sutherland–Hodgman: one half-plane at a time). The
    /// window is convex, so inside it every point keeps its winding number; edges along its border
    /// may be left where the polygon ran outside, and they enclose nothing.
    static func cut(_ points: [CGPoint], to window: CGRect) -> [CGPoint] {
        var polygon = points
        // Each border: how far a point is inside it, and the point moved onto it.
        let borders: [(inside: (CGPoint) -> Double, onto: (CGPoint) -> CGPoint)] = [
            ({ $0.x - window.minX }, { CGPoint(x: window.minX, y: $0.y) }),
            ({ window.maxX - $0.x }, { CGPoint(x: window.maxX, y: $0.y) }),
            ({ $0.y - window.minY }, { CGPoint(x: $0.x, y: window.minY) }),
            ({ window.maxY - $0.y }, { CGPoint(x: $0.x, y: window.maxY) })
        ]
        for border in borders {
            guard polygon.count >= 2 else { return [] }
            var result: [CGPoint] = []
            result.reserveCapacity(polygon.count + 4)
            var previous = polygon[polygon.count - 1]
            var previousDepth = border.inside(previous)
            for point in polygon {
                let depth = border.inside(point)
                if (depth >= 0) != (previousDepth >= 0) {
                    // The edge crosses the border: where it does, from the parameter along it, put
                    // exactly on the border (the arithmetic on far points is off by more than a pixel).
                    let t = previousDepth / (previousDepth - depth)
                    result.append(border.onto(previous + (point - previous) * t))
                }
                if depth >= 0 { result.append(point) }
                previous = point
                previousDepth = depth
            }
            polygon = result
        }
        // Rounding in the crossings of far edges can leave a point a little outside.
        return polygon.map {
            CGPoint(x: min(max($0.x, window.minX), window.maxX), y: min(max($0.y, window.minY), window.maxY))
        }
    }
}

extension CGPoint {
    fileprivate static func + (p: CGPoint, q: CGPoint) -> CGPoint { CGPoint(x: p.x + q.x, y: p.y + q.y) }
    fileprivate static func - (p: CGPoint, q: CGPoint) -> CGPoint { CGPoint(x: p.x - q.x, y: p.y - q.y) }
    fileprivate static func * (p: CGPoint, s: Double) -> CGPoint { CGPoint(x: p.x * s, y: p.y * s) }
}
