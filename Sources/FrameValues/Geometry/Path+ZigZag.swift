import Foundation

extension Path {
    /// Returns the path with a zig-zag (or a wave, when `smooth`) along its outline, as After Effects'
    /// and Lottie's Zig Zag modifier does.
    ///
    /// Every vertex and `ridges` evenly spaced points (by arc length) on each segment are pushed
    /// `amplitude` off the outline along its normal, alternately to one side and the other. With
    /// `smooth`, the new vertices get handles along the outline so that the zig-zag becomes a wave.
    /// - Parameters:
    ///   - ridges: The points added on each segment; negative values count as 0.
    ///   - amplitude: How far each point moves off the outline; 0 returns the path unchanged.
    ///   - smooth: Whether to make waves instead of sharp ridges.
    /// - Returns: The zig-zagged path.
    public func zigZagged(ridges: Int, amplitude: Double, smooth: Bool) -> Path {
        guard amplitude != 0, amplitude.isFinite else { return self }
        let frequency = max(0, ridges)
        let contours = BezierContour.contours(of: self).map { contour -> BezierContour in
            let count = contour.segmentCount
            guard count > 0 else { return contour }
            var output = BezierContour(vertices: [], isClosed: contour.isClosed)
            let first = contour.cubic(0)
            let handle = smooth ? first.length / Double(frequency + 1) / 2 : 0
            func add(_ point: CGPoint, tangent: CGPoint, side: Double) {
                // The normal to the left of the direction of travel, which is outward for clockwise outlines.
                let normal = CGPoint(x: tangent.y, y: -tangent.x)
                let p = CGPoint(x: point.x + normal.x * side * amplitude, y: point.y + normal.y * side * amplitude)
                let d = CGPoint(x: tangent.x * handle, y: tangent.y * handle)
                output.vertices.append(
                    BezierContour.Vertex(
                        point: p, incoming: CGPoint(x: p.x - d.x, y: p.y - d.y),
                        outgoing: CGPoint(x: p.x + d.x, y: p.y + d.y)))
            }
            func corner(before: CubicSegment?, after: CubicSegment?, side: Double) {
                let point = after?.p0 ?? before?.p3 ?? .zero
                var tangent = CGPoint.zero
                if let before { tangent = before.unitTangent(at: 0.99) }
                if let after {
                    let t = after.unitTangent(at: 0.01)
                    tangent = CGPoint(x: tangent.x + t.x, y: tangent.y + t.y)
                }
                let length = hypot(tangent.x, tangent.y)
                tangent = length > 1e-9 ? CGPoint(x: tangent.x / length, y: tangent.y / length) : CGPoint(x: 1, y: 0)
                add(point, tangent: tangent, side: side)
            }
            // The outline's vertices go inwards, then the added points alternate starting outwards.
            var side = -1.0
            corner(before: contour.isClosed ? contour.cubic(count - 1) : nil, after: first, side: side)
            for index in 0..<count {
                let segment = contour.cubic(index)
                for step in 0..<frequency {
                    side = -side
                    let t = segment.parameter(atLengthFraction: Double(step + 1) / Double(frequency + 1))
                    add(segment.point(at: t), tangent: segment.unitTangent(at: t), side: side)
                }
                side = -side
                let isLast = index == count - 1
                if isLast && contour.isClosed { break }
                corner(before: segment, after: isLast ? nil : contour.cubic(index + 1), side: side)
            }
            return output
        }
        return Path(contours: contours)
    }
}
