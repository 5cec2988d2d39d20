import Foundation

extension Path {
    /// Returns a smooth path through this path's points, using a uniform Catmull-Rom spline per subpath.
    ///
    /// The points are each subpath's on-curve points (move and segment end points; curve control points are
    /// ignored). Each span between two neighbouring points becomes `granularity` straight lines that pass
    /// exactly through both points, so the result goes through every original point. Closed subpaths stay
    /// closed and wrap smoothly around their start; open subpaths keep their ends. A closed subpath whose last
    /// point repeats its first is treated as if the repeat were absent.
    /// - Parameter granularity: Straight lines per span; values below 1 are treated as 1.
    public func smoothed(granularity: Int = 8) -> Path {
        let steps = max(granularity, 1)
        var result = Path()
        for subpath in onCurveSubpaths() {
            var points = subpath.points
            if subpath.isClosed, points.count > 1, let first = points.first, let last = points.last,
                ArcGeometry.isClose(first, last)
            {
                points.removeLast()
            }
            guard let first = points.first else { continue }
            result.move(to: first)
            guard points.count > 1 else {
                if subpath.isClosed { result.closePath() }
                continue
            }
            let count = points.count
            func point(_ i: Int) -> CGPoint {
                if subpath.isClosed { return points[((i % count) + count) % count] }
                return points[min(max(i, 0), count - 1)]
            }
            let spans = subpath.isClosed ? count : count - 1
            for span in 0..<spans {
                let p0 = point(span - 1)
                let p1 = point(span)
                let p2 = point(span + 1)
                let p3 = point(span + 2)
                for step in 1..<steps {
                    result.addLine(to: Self.catmullRom(p0, p1, p2, p3, Double(step) / Double(steps)))
                }
                result.addLine(to: p2)
            }
            if subpath.isClosed { result.closePath() }
        }
        return result
    }

    /// Each subpath's on-curve points and whether it was closed.
    private func onCurveSubpaths() -> [(points: [CGPoint], isClosed: Bool)] {
        var subpaths: [(points: [CGPoint], isClosed: Bool)] = []
        var current: [CGPoint] = []
        var closed = false
        for element in elements {
            switch element {
            case .move(let p):
                if !current.isEmpty { subpaths.append((current, closed)) }
                current = [p]
                closed = false
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
                current.append(p)
            case .closeSubpath:
                closed = true
            }
        }
        if !current.isEmpty { subpaths.append((current, closed)) }
        return subpaths
    }

    /// The uniform Catmull-Rom point between `p1` (t = 0) and `p2` (t = 1).
    private static func catmullRom(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: Double) -> CGPoint {
        let t2 = t * t
        let t3 = t2 * t
        func blend(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (3 * b - a - 3 * c + d) * t3)
        }
        return CGPoint(x: blend(p0.x, p1.x, p2.x, p3.x), y: blend(p0.y, p1.y, p2.y, p3.y))
    }
}
