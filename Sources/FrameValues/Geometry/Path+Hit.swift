import Foundation

extension Path {
    /// The smallest rectangle containing every point the path passes through.
    ///
    /// Curves contribute their true extrema, not their control points, like `CGPath.boundingBoxOfPath`.
    /// The points of `.move` elements are included even when no segment follows them. An empty path
    /// gives `CGRect.null`.
    public var boundingBox: CGRect {
        var bounds = BoundsAccumulator()
        forEachSegment { element, start, _ in
            switch element {
            case .move(let p), .line(let p):
                bounds.add(p)
            case .quadCurve(let p, let c):
                bounds.add(p)
                for t in Self.quadExtrema(start.x, c.x, p.x) + Self.quadExtrema(start.y, c.y, p.y) {
                    bounds.add(Self.quadPoint(start, c, p, t))
                }
            case .curve(let p, let c1, let c2):
                bounds.add(p)
                for t in Self.cubicExtrema(start.x, c1.x, c2.x, p.x) + Self.cubicExtrema(start.y, c1.y, c2.y, p.y) {
                    bounds.add(Self.cubicPoint(start, c1, c2, p, t))
                }
            case .closeSubpath:
                break
            }
        }
        return bounds.rect
    }

    /// Whether `point` lies inside the area the path would fill with `rule`.
    ///
    /// Curves are flattened into short lines (within about 0.1 units) and every subpath is treated as
    /// closed, as filling does. Points exactly on an edge may be reported either way.
    /// - Parameters:
    ///   - point: The point to test, in the path's coordinates.
    ///   - rule: `.winding` (non-zero) or `.evenOdd`.
    public func contains(_ point: CGPoint, using rule: FillRule = .winding) -> Bool {
        var winding = 0
        for polygon in flattenedSubpaths() where polygon.count > 1 {
            for i in polygon.indices {
                let a = polygon[i]
                let b = polygon[(i + 1) % polygon.count]
                if a.y <= point.y {
                    if b.y > point.y, Self.side(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y, Self.side(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        switch rule {
        case .winding: return winding != 0
        case .evenOdd: return winding % 2 != 0
        }
    }

    /// The path as one polyline per subpath, curves replaced by short lines. Closing lines are implicit.
    func flattenedSubpaths(tolerance: Double = 0.1) -> [[CGPoint]] {
        var polygons: [[CGPoint]] = []
        var current: [CGPoint] = []
        forEachSegment { element, start, _ in
            switch element {
            case .move(let p):
                if !current.isEmpty { polygons.append(current) }
                current = [p]
            case .line(let p):
                current.append(p)
            case .quadCurve(let p, let c):
                let n = Self.segmentCount(length: Self.distance(start, c) + Self.distance(c, p), tolerance: tolerance)
                for i in 1...n { current.append(Self.quadPoint(start, c, p, Double(i) / Double(n))) }
            case .curve(let p, let c1, let c2):
                let length = Self.distance(start, c1) + Self.distance(c1, c2) + Self.distance(c2, p)
                let n = Self.segmentCount(length: length, tolerance: tolerance)
                for i in 1...n { current.append(Self.cubicPoint(start, c1, c2, p, Double(i) / Double(n))) }
            case .closeSubpath:
                if !current.isEmpty { polygons.append(current) }
                current = []
            }
        }
        if !current.isEmpty { polygons.append(current) }
        return polygons
    }

    // MARK: - Bézier helpers

    /// Positive when `p` is left of the directed line `a → b` in y-up terms (the sign Sunday's test needs).
    private static func side(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> Double {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    static func distance(_ p: CGPoint, _ q: CGPoint) -> Double { hypot(q.x - p.x, q.y - p.y) }

    /// Enough straight pieces that a curve of control-polygon `length` deviates by about `tolerance` at most.
    private static func segmentCount(length: Double, tolerance: Double) -> Int {
        guard length.isFinite else { return 1 }
        return min(max(Int((length / (8 * tolerance)).squareRoot().rounded(.up)) * 2, 4), 256)
    }

    static func quadPoint(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: Double) -> CGPoint {
        let u = 1 - t
        return CGPoint(
            x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x,
            y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y
        )
    }

    static func cubicPoint(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: Double) -> CGPoint {
        let u = 1 - t
        let a = u * u * u
        let b = 3 * u * u * t
        let c = 3 * u * t * t
        let d = t * t * t
        return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x, y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
    }

    /// Parameters in (0, 1) where a quadratic's coordinate has a local extremum.
    private static func quadExtrema(_ p0: Double, _ c: Double, _ p1: Double) -> [Double] {
        let denominator = p0 - 2 * c + p1
        guard denominator != 0 else { return [] }
        let t = (p0 - c) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic's coordinate has a local extremum (roots of its derivative).
    private static func cubicExtrema(_ p0: Double, _ c1: Double, _ c2: Double, _ p1: Double) -> [Double] {
        // B'(t)/3 = a t² + b t + c.
        let a = -p0 + 3 * c1 - 3 * c2 + p1
        let b = 2 * (p0 - 2 * c1 + c2)
        let c = c1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots.append((-b + root) / (2 * a))
                roots.append((-b - root) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

/// Grows a rectangle point by point.
struct BoundsAccumulator {
    private var minX = Double.infinity
    private var minY = Double.infinity
    private var maxX = -Double.infinity
    private var maxY = -Double.infinity

    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    var rect: CGRect {
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
