import Foundation

extension Path {
    /// Returns the path with its sharp corners rounded, as After Effects' and Lottie's Round Corners
    /// modifier does.
    ///
    /// Each vertex where two straight-sided joins meet (no curve handles on it) is replaced by two
    /// vertices, `radius` away from it along each neighbouring segment (at most half of that
    /// segment), joined by a curve whose handles point at the old corner. Vertices with handles, and
    /// the ends of open subpaths, stay as they are.
    /// - Parameter radius: How far the rounding reaches along each side; 0 or less returns the path unchanged.
    /// - Returns: The rounded path.
    public func roundingCorners(radius: Double) -> Path {
        guard radius > 0, radius.isFinite else { return self }
        let handle = 0.5519150244935105707435627
        let contours = BezierContour.contours(of: self).map { contour -> BezierContour in
            var rounded = contour
            rounded.vertices = []
            let count = contour.vertices.count
            for (index, vertex) in contour.vertices.enumerated() {
                let isEnd = !contour.isClosed && (index == 0 || index == count - 1)
                guard vertex.isSharp, !isEnd, count > 2 else {
                    rounded.vertices.append(vertex)
                    continue
                }
                let previous = contour.vertices[(index + count - 1) % count].point
                let next = contour.vertices[(index + 1) % count].point
                let p = vertex.point
                let toPrevious = hypot(previous.x - p.x, previous.y - p.y)
                let toNext = hypot(next.x - p.x, next.y - p.y)
                let a = toPrevious > 0 ? min(toPrevious / 2, radius) / toPrevious : 0
                let b = toNext > 0 ? min(toNext / 2, radius) / toNext : 0
                let first = CGPoint(x: p.x + (previous.x - p.x) * a, y: p.y + (previous.y - p.y) * a)
                let second = CGPoint(x: p.x + (next.x - p.x) * b, y: p.y + (next.y - p.y) * b)
                let firstOut = CGPoint(x: first.x - (first.x - p.x) * handle, y: first.y - (first.y - p.y) * handle)
                let secondIn = CGPoint(x: second.x - (second.x - p.x) * handle, y: second.y - (second.y - p.y) * handle)
                rounded.vertices.append(BezierContour.Vertex(point: first, outgoing: firstOut))
                rounded.vertices.append(BezierContour.Vertex(point: second, incoming: secondIn))
            }
            return rounded
        }
        return Path(contours: contours)
    }

    /// Returns the path pulled towards (pucker) or pushed away from (bloat) the centre of its
    /// vertices, as After Effects' and Lottie's Pucker & Bloat modifier does.
    ///
    /// Vertices move towards the centre by `amount` of their distance to it, and curve handles move
    /// the other way by the same fraction, so negative amounts make spiky shapes and positive ones
    /// round, bulging ones.
    /// - Parameter amount: The fraction, usually in `-1...1`; 0 returns the path unchanged.
    /// - Returns: The distorted path.
    public func puckeredOrBloated(amount: Double) -> Path {
        guard amount != 0, amount.isFinite else { return self }
        let contours = BezierContour.contours(of: self)
        let points = contours.flatMap { $0.vertices.map(\.point) }
        guard !points.isEmpty else { return self }
        let center = CGPoint(
            x: points.reduce(0) { $0 + $1.x } / Double(points.count),
            y: points.reduce(0) { $0 + $1.y } / Double(points.count))
        func move(_ p: CGPoint, _ fraction: Double) -> CGPoint {
            CGPoint(x: p.x + (center.x - p.x) * fraction, y: p.y + (center.y - p.y) * fraction)
        }
        return Path(
            contours: contours.map { contour in
                var moved = contour
                moved.vertices = contour.vertices.map { vertex in
                    BezierContour.Vertex(
                        point: move(vertex.point, amount), incoming: move(vertex.incoming, -amount),
                        outgoing: move(vertex.outgoing, -amount))
                }
                return moved
            })
    }
}
