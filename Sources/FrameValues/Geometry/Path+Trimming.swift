import Foundation

extension Path {
    /// The total arc length of the path: the length of every line, curve and closing line.
    ///
    /// Curves are measured by adaptive Gauss–Legendre integration of their speed, to about 1e-9 of their
    /// length. Moves add nothing, so the gap between two subpaths does not count.
    public var length: Double {
        trimSubpaths().reduce(0) { total, subpath in
            subpath.segments.reduce(total) { $0 + $1.length }
        }
    }

    /// Returns the part of the path between two fractions of its total arc length, for draw-on effects.
    ///
    /// `trimmed(from: 0, to: 0.5)` is the first half of the path as it would be drawn, `trimmed(from: 0.25,
    /// to: 0.75)` the middle half. Lengths are measured along the path in drawing order across all its
    /// subpaths, including each closing line; the gaps between subpaths (moves) count for nothing. Curves are
    /// cut exactly, with de Casteljau's construction at the parameter whose arc length matches, so the pieces
    /// stay Bézier curves of the same degree. A subpath taken whole stays closed; a closed subpath cut
    /// anywhere becomes open, with its closing line drawn as a line. Subpaths that are only a move are
    /// dropped.
    /// - Parameters:
    ///   - start: Where the kept part begins, as a fraction of the total length; clamped to `0...1`.
    ///   - end: Where the kept part ends, as a fraction of the total length; clamped to `0...1`.
    /// - Returns: The kept part; an empty path when `start` is not less than `end` (or either is NaN), or
    ///   when the path has no length.
    public func trimmed(from start: Double, to end: Double) -> Path {
        guard !start.isNaN, !end.isNaN else { return Path() }
        let from = min(max(start, 0), 1)
        let to = min(max(end, 0), 1)
        let subpaths = trimSubpaths()
        let total = subpaths.reduce(0) { total, subpath in subpath.segments.reduce(total) { $0 + $1.length } }
        guard from < to, total > 0 else { return Path() }
        // Distances along the path; the ends are open-ended so rounding cannot drop the first or last bit.
        let low = from <= 0 ? -Double.infinity : from * total
        let high = to >= 1 ? Double.infinity : to * total

        var result = Path()
        var position = 0.0
        for subpath in subpaths {
            var started = false
            var startedAtSubpathStart = false
            for (index, segment) in subpath.segments.enumerated() {
                let length = segment.length
                defer { position += length }
                let localStart = max(low - position, 0)
                let localEnd = min(high - position, length)
                let included = length > 0 ? localEnd > localStart : started && position <= high
                guard included else { continue }
                let whole = localStart <= 0 && localEnd >= length
                let piece = whole ? segment.curve : segment.piece(fromLength: localStart, toLength: localEnd)
                if !started {
                    result.move(to: piece.start)
                    started = true
                    startedAtSubpathStart = index == 0 && localStart <= 0
                }
                if segment.isClosing, whole, startedAtSubpathStart {
                    result.closePath()
                } else {
                    piece.append(to: &result)
                }
            }
        }
        return result
    }

    /// The path's drawing segments grouped by subpath, with each `closeSubpath` turned into a closing line.
    private func trimSubpaths() -> [(start: CGPoint, segments: [TrimSegment])] {
        var subpaths: [(start: CGPoint, segments: [TrimSegment])] = []
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p):
                subpaths.append((p, []))
                current = p
                subpathStart = p
                continue
            case .line(let p):
                appendSegment(TrimSegment(.line, [current, p]), to: &subpaths)
                current = p
            case .quadCurve(let p, let c):
                appendSegment(TrimSegment(.quad, [current, c, p]), to: &subpaths)
                current = p
            case .curve(let p, let c1, let c2):
                appendSegment(TrimSegment(.cubic, [current, c1, c2, p]), to: &subpaths)
                current = p
            case .closeSubpath:
                appendSegment(TrimSegment(.line, [current, subpathStart], isClosing: true), to: &subpaths)
                current = subpathStart
            }
        }
        return subpaths
    }

    private func appendSegment(
        _ segment: TrimSegment,
        to subpaths: inout [(start: CGPoint, segments: [TrimSegment])]
    ) {
        // `Path` starts every subpath with a move, so there is always a subpath to extend.
        if subpaths.isEmpty { subpaths.append((segment.start, [])) }
        subpaths[subpaths.count - 1].segments.append(segment)
    }
}

/// One drawing segment of a path, with its arc length.
private struct TrimSegment {
    /// The segment's geometry.
    let curve: BezierSegment
    /// Whether this segment is the line that closes a subpath.
    let isClosing: Bool
    /// The arc length of the whole segment.
    let length: Double

    init(_ kind: BezierSegment.Kind, _ points: [CGPoint], isClosing: Bool = false) {
        curve = BezierSegment(kind: kind, points: points)
        self.isClosing = isClosing
        length = curve.arcLength(from: 0, to: 1)
    }

    var start: CGPoint { curve.start }

    /// The part of the segment between two arc lengths from its start, `0 ≤ from < to ≤ length`.
    func piece(fromLength from: Double, toLength to: Double) -> BezierSegment {
        curve.piece(from: curve.parameter(atLength: from, of: length), to: curve.parameter(atLength: to, of: length))
    }
}
