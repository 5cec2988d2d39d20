import Foundation

extension Path {
    /// Returns the outline moved outwards (positive `amount`) or inwards (negative) by a distance, as
    /// After Effects' and Lottie's Offset Path modifier and mask expansion do.
    ///
    /// Each closed subpath is offset along its normal, outwards whichever way it winds; corners that
    /// open up are joined with `lineJoin` (round arcs, miters up to `miterLimit` times the amount, or
    /// bevels). An open subpath is offset on both sides and closed, like the outline of a stroke.
    /// Curves are offset piecewise by their control polygons, which is exact for lines and close for
    /// curves; loops that an inward offset makes around sharp concave corners are kept.
    /// - Parameters:
    ///   - amount: The distance; 0 returns the path unchanged.
    ///   - lineJoin: How to fill the gap at corners that open up.
    ///   - miterLimit: The longest miter, as a multiple of `amount`, before a bevel is used instead.
    /// - Returns: The offset path.
    public func offset(by amount: Double, lineJoin: LineJoin = .miter, miterLimit: Double = 4) -> Path {
        guard amount != 0, amount.isFinite else { return self }
        let contours = BezierContour.contours(of: self).compactMap { contour -> BezierContour? in
            let count = contour.segmentCount
            guard count > 0 else { return nil }
            var pieces: [(CubicSegment, CGPoint?)] = []
            let forward = (0..<count).map { contour.cubic($0) }
            let sign: Double
            if contour.isClosed {
                sign = Self.signedArea(forward) >= 0 ? 1 : -1
            } else {
                sign = 1
            }
            var segments = forward
            if !contour.isClosed { segments += forward.reversed().map(\.reversed) }
            for segment in segments {
                let parts = Self.flatPieces(segment)
                for (index, part) in parts.enumerated() {
                    pieces.append((Self.offsetPiece(part, by: amount * sign), index == 0 ? segment.p0 : nil))
                }
            }
            var output = BezierContour(vertices: [], isClosed: true)
            for (index, (offsetPiece, corner)) in pieces.enumerated() {
                var piece = offsetPiece
                if let corner, index > 0,
                    let meeting = Self.join(
                        from: pieces[index - 1].0, to: piece, around: corner, amount: amount * sign, join: lineJoin,
                        miterLimit: miterLimit, into: &output)
                {
                    piece.p1 = CGPoint(x: piece.p1.x + meeting.x - piece.p0.x, y: piece.p1.y + meeting.y - piece.p0.y)
                    piece.p0 = meeting
                }
                if let last = output.vertices.last, hypot(last.point.x - piece.p0.x, last.point.y - piece.p0.y) < 1e-9 {
                    output.vertices[output.vertices.count - 1].outgoing = piece.p1
                } else {
                    output.vertices.append(BezierContour.Vertex(point: piece.p0, outgoing: piece.p1))
                }
                output.vertices.append(BezierContour.Vertex(point: piece.p3, incoming: piece.p2))
            }
            if let last = pieces.last?.0, let first = pieces.first, !output.vertices.isEmpty,
                let meeting = Self.join(
                    from: last, to: first.0, around: first.1 ?? first.0.p0, amount: amount * sign, join: lineJoin,
                    miterLimit: miterLimit, into: &output)
            {
                let old = output.vertices[0].point
                output.vertices[0].outgoing.x += meeting.x - old.x
                output.vertices[0].outgoing.y += meeting.y - old.y
                output.vertices[0].point = meeting
            }
            if let first = output.vertices.first, let last = output.vertices.last, output.vertices.count > 1,
                hypot(first.point.x - last.point.x, first.point.y - last.point.y) < 1e-9
            {
                output.vertices[0].incoming = last.incoming
                output.vertices.removeLast()
            }
            return output
        }
        return Path(contours: contours)
    }

    /// Twice the signed area under the control polygons: positive for outlines that turn clockwise on screen.
    private static func signedArea(_ segments: [CubicSegment]) -> Double {
        var area = 0.0
        for s in segments {
            for t in stride(from: 0.0, to: 1.0, by: 0.125) {
                let a = s.point(at: t)
                let b = s.point(at: t + 0.125)
                area += a.x * b.y - b.x * a.y
            }
        }
        return area
    }

    /// A curve cut into pieces flat enough for their control polygons to be offset; a line stays whole.
    private static func flatPieces(_ segment: CubicSegment) -> [CubicSegment] {
        let isLine =
            cross(segment.p1, segment.p0, segment.p3) == 0 && cross(segment.p2, segment.p0, segment.p3) == 0
        if isLine { return [segment] }
        var pieces = [segment]
        for _ in 0..<3 {
            pieces = pieces.flatMap { piece -> [CubicSegment] in
                let (a, b) = piece.split(at: 0.5)
                return [a, b]
            }
        }
        return pieces
    }

    private static func cross(_ p: CGPoint, _ a: CGPoint, _ b: CGPoint) -> Double {
        (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
    }

    /// A piece moved to the side by `amount` (left of travel for positive amounts, which is outward on
    /// clockwise outlines), by offsetting its control polygon's legs and meeting them where they cross.
    private static func offsetPiece(_ s: CubicSegment, by amount: Double) -> CubicSegment {
        func normal(_ a: CGPoint, _ b: CGPoint) -> CGPoint? {
            let dx = b.x - a.x
            let dy = b.y - a.y
            let length = hypot(dx, dy)
            guard length > 1e-12 else { return nil }
            return CGPoint(x: dy / length * amount, y: -dx / length * amount)
        }
        let startTangent = s.unitTangent(at: 0)
        let endTangent = s.unitTangent(at: 1)
        let n0 = CGPoint(x: startTangent.y * amount, y: -startTangent.x * amount)
        let n3 = CGPoint(x: endTangent.y * amount, y: -endTangent.x * amount)
        let p0 = CGPoint(x: s.p0.x + n0.x, y: s.p0.y + n0.y)
        let p3 = CGPoint(x: s.p3.x + n3.x, y: s.p3.y + n3.y)
        let n1 = normal(s.p0, s.p1) ?? n0
        let n2 = normal(s.p2, s.p3) ?? n3
        let nMid = normal(s.p1, s.p2) ?? CGPoint(x: (n1.x + n2.x) / 2, y: (n1.y + n2.y) / 2)
        let a1 = CGPoint(x: s.p1.x + nMid.x, y: s.p1.y + nMid.y)
        let a2 = CGPoint(x: s.p2.x + nMid.x, y: s.p2.y + nMid.y)
        let c1 =
            intersection(p0, CGPoint(x: s.p1.x + n1.x, y: s.p1.y + n1.y), a1, a2)
            ?? CGPoint(x: s.p1.x + n1.x, y: s.p1.y + n1.y)
        let c2 =
            intersection(a1, a2, CGPoint(x: s.p2.x + n2.x, y: s.p2.y + n2.y), p3)
            ?? CGPoint(x: s.p2.x + n2.x, y: s.p2.y + n2.y)
        return CubicSegment(p0: p0, p1: c1, p2: c2, p3: p3)
    }

    /// Where the line through `a` and `b` meets the line through `c` and `d`; `nil` when they are parallel.
    private static func intersection(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> CGPoint? {
        let r = CGPoint(x: b.x - a.x, y: b.y - a.y)
        let s = CGPoint(x: d.x - c.x, y: d.y - c.y)
        let denominator = r.x * s.y - r.y * s.x
        guard abs(denominator) > 1e-12 else { return nil }
        let t = ((c.x - a.x) * s.y - (c.y - a.y) * s.x) / denominator
        return CGPoint(x: a.x + r.x * t, y: a.y + r.y * t)
    }

    /// Fills the gap between two offset pieces at the original corner `center`. Where the pieces
    /// overlap instead (the inside of a corner), moves the end of the previous piece to where the two
    /// pieces' lines meet and returns that point, where the next piece must start.
    @discardableResult
    private static func join(
        from previous: CubicSegment, to next: CubicSegment, around center: CGPoint, amount: Double, join: LineJoin,
        miterLimit: Double, into output: inout BezierContour
    ) -> CGPoint? {
        let start = previous.p3
        let end = next.p0
        guard hypot(end.x - start.x, end.y - start.y) > 1e-9 else { return nil }
        let tin = previous.unitTangent(at: 1)
        let tout = next.unitTangent(at: 0)
        let turn = tin.x * tout.y - tin.y * tout.x
        // Corners where the offset pieces overlap need no join: a straight connection lies inside.
        let reverses = abs(turn) < 1e-9 && tin.x * tout.x + tin.y * tout.y < 0
        let opens = turn * amount > 0 || reverses
        guard opens else {
            let meeting = intersection(
                start, CGPoint(x: start.x + tin.x, y: start.y + tin.y), end,
                CGPoint(x: end.x + tout.x, y: end.y + tout.y))
            guard let meeting, let last = output.vertices.indices.last,
                hypot(meeting.x - center.x, meeting.y - center.y) <= 4 * abs(amount)
                    + hypot(end.x - start.x, end.y - start.y)
            else {
                output.vertices.append(BezierContour.Vertex(point: end))
                return nil
            }
            let dx = meeting.x - start.x
            let dy = meeting.y - start.y
            output.vertices[last].incoming.x += dx
            output.vertices[last].incoming.y += dy
            output.vertices[last].outgoing.x += dx
            output.vertices[last].outgoing.y += dy
            output.vertices[last].point = meeting
            return meeting
        }
        switch join {
        case .round:
            let radius = abs(amount)
            let a0 = atan2(start.y - center.y, start.x - center.x)
            var a1 = atan2(end.y - center.y, end.x - center.x)
            // Turn the same way the path turns.
            if amount > 0 {
                while a1 < a0 { a1 += 2 * .pi }
            } else {
                while a1 > a0 { a1 -= 2 * .pi }
            }
            let sweep = a1 - a0
            let steps = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
            let step = sweep / Double(steps)
            let k = 4.0 / 3.0 * tan(step / 4) * radius
            for index in 0..<steps {
                let s = a0 + step * Double(index)
                let e = s + step
                let from = CGPoint(x: center.x + cos(s) * radius, y: center.y + sin(s) * radius)
                let to = CGPoint(x: center.x + cos(e) * radius, y: center.y + sin(e) * radius)
                if output.vertices.isEmpty { output.vertices.append(BezierContour.Vertex(point: from)) }
                output.vertices[output.vertices.count - 1].outgoing = CGPoint(
                    x: from.x - sin(s) * k, y: from.y + cos(s) * k)
                output.vertices.append(
                    BezierContour.Vertex(point: to, incoming: CGPoint(x: to.x + sin(e) * k, y: to.y - cos(e) * k)))
            }
        case .miter:
            if let tip = intersection(
                start, CGPoint(x: start.x + tin.x, y: start.y + tin.y), end,
                CGPoint(x: end.x + tout.x, y: end.y + tout.y)),
                hypot(tip.x - center.x, tip.y - center.y) <= miterLimit * abs(amount)
            {
                output.vertices.append(BezierContour.Vertex(point: tip))
            }
            output.vertices.append(BezierContour.Vertex(point: end))
        case .bevel:
            output.vertices.append(BezierContour.Vertex(point: end))
        }
        return nil
    }
}
