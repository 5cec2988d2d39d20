internal import CCairo
import Foundation

/// Keeps a dashed stroke within what Cairo can hold.
///
/// Cairo turns every dash of a stroke into polygons before it clips them, so a dashed line far longer
/// than the picture (an outline an animation scaled up a millionfold, or coordinates near the ends of
/// double precision, which Cairo clamps to the edge of its fixed-point range) makes hundreds of
/// millions of dashes: the stroke takes seconds, then fails out of memory and leaves the context
/// unusable. When a stroke would make more than `DashLimits.cairo` dashes,
/// FrameDraw dashes it itself, only along the segments that can show, and strokes those dashes
/// without a pattern. When even they are too many (dashes finer than a pixel along a long visible
/// line), the visible line is stroked solid through a mask of the dashes' share of coverage, which is
/// what anti-aliasing makes of them.
struct DashedStroke {
    /// What to stroke instead of the current path and its dash pattern.
    enum Plan {
        /// The path and pattern as they are: Cairo can dash them.
        case asIs
        /// These dashes, each an open polyline, with no pattern.
        case dashes([Polyline])
        /// These visible runs, solid, at this share of coverage.
        case coverage(Double, [Polyline])
    }

    /// A flattened subpath, in user space.
    struct Polyline {
        var points: [CGPoint]
        var isClosed = false
    }

    /// The pattern: alternating on and off lengths (an odd count is repeated, as Cairo does) and
    /// where each subpath starts in it.
    let lengths: [Double]
    let offset: Double
    let period: Double

    init?(lengths given: [Double], offset: Double) {
        let lengths = given.count % 2 == 1 ? given + given : given
        let period = lengths.reduce(0, +)
        guard period > 0, period.isFinite, offset.isFinite else { return nil }
        self.lengths = lengths
        self.period = period
        let start = offset.truncatingRemainder(dividingBy: period)
        self.offset = start < 0 ? start + period : start
    }

    /// The share of the line the dashes cover.
    var onFraction: Double {
        stride(from: 0, to: lengths.count, by: 2).map { lengths[$0] }.reduce(0, +) / period
    }

    /// Whether a point of `subpaths` lies where `ctm` cannot place it on the device to a fraction of a pixel:
    /// a user-space coordinate or a translation past 2^50 (a shape 1e100 wide, moved back into view), whose
    /// device position rounds to whole pixels or worse.
    static func isBeyondDevicePrecision(_ subpaths: [Polyline], ctm: AffineTransform) -> Bool {
        let limit = 0x1p50
        let scale = max(hypot(ctm.a, ctm.b), hypot(ctm.c, ctm.d), 1)
        guard abs(ctm.tx) < limit, abs(ctm.ty) < limit else { return true }
        return subpaths.contains { $0.points.contains { !(max(abs($0.x), abs($0.y)) * scale < limit) } }
    }

    /// How many dashes `length` of line makes, rounded up.
    func dashCount(along length: Double) -> Double { (length / period).rounded(.up) * Double(lengths.count / 2) }

    /// What to stroke for `subpaths`, seen through `visiblePart` (the part of a user-space segment,
    /// as a range of 0...1, that can put ink inside the clip), when Cairo may make at most `limits.cairo`
    /// dashes and FrameDraw at most `limits.own`.
    func plan(
        for subpaths: [Polyline], limits: DashLimits, visiblePart: (CGPoint, CGPoint) -> ClosedRange<Double>?
    ) -> Plan {
        let total = subpaths.reduce(0) { $0 + dashCount(along: Self.length(of: $1)) + 1 }
        guard total > Double(limits.cairo) else { return .asIs }
        // The visible length alone may say there are too many dashes to walk.
        var visibleLength = 0.0
        for subpath in subpaths {
            for (a, b) in Self.segments(of: subpath) {
                guard let part = visiblePart(a, b) else { continue }
                visibleLength += (part.upperBound - part.lowerBound) * hypot(b.x - a.x, b.y - a.y)
            }
        }
        var tooMany = !(dashCount(along: visibleLength) <= Double(limits.own))
        var dashes: [Polyline] = []
        var runs: [Polyline] = []
        for subpath in subpaths {
            var walker = Walker(pattern: self)
            var run: [CGPoint] = []
            let segments = Self.segments(of: subpath)
            var allVisible = true
            for (a, b) in segments {
                let length = hypot(b.x - a.x, b.y - a.y)
                guard length.isFinite, let part = visiblePart(a, b) else {
                    allVisible = false
                    if run.count > 1 { runs.append(Polyline(points: run)) }
                    run = []
                    walker.skip(length, into: &dashes)
                    continue
                }
                let point = { (t: Double) in CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
                let (from, to) = (point(part.lowerBound), point(part.upperBound))
                if part.lowerBound > 0 {
                    allVisible = false
                    if run.count > 1 { runs.append(Polyline(points: run)) }
                    run = []
                    walker.skip(part.lowerBound * length, into: &dashes)
                }
                if run.isEmpty { run.append(from) }
                run.append(to)
                if !tooMany {
                    tooMany = !walker.walk(
                        from: from, to: to, length: (part.upperBound - part.lowerBound) * length, into: &dashes,
                        limit: limits.own)
                }
                if part.upperBound < 1 {
                    allVisible = false
                    if run.count > 1 { runs.append(Polyline(points: run)) }
                    run = []
                    walker.skip((1 - part.upperBound) * length, into: &dashes)
                }
            }
            walker.finish(into: &dashes)
            if allVisible, subpath.isClosed, !segments.isEmpty {
                runs.append(Polyline(points: subpath.points, isClosed: true))
            } else if run.count > 1 {
                runs.append(Polyline(points: run))
            }
        }
        return tooMany ? .coverage(onFraction, runs) : .dashes(dashes)
    }

    static func segments(of polyline: Polyline) -> [(CGPoint, CGPoint)] {
        var points = polyline.points
        if polyline.isClosed, let first = points.first, points.count > 1 { points.append(first) }
        return zip(points, points.dropFirst()).map { ($0, $1) }
    }

    static func length(of polyline: Polyline) -> Double {
        segments(of: polyline).reduce(0) { $0 + hypot($1.1.x - $1.0.x, $1.1.y - $1.0.y) }
    }

    /// Walks the pattern along a subpath, collecting the dashes.
    struct Walker {
        let pattern: DashedStroke
        /// The pattern entry the walk is in, and how much of it is left.
        var index = 0
        var remaining: Double
        var current: [CGPoint]?

        init(pattern: DashedStroke) {
            self.pattern = pattern
            (index, remaining) = (0, pattern.lengths[0])
            skipPattern(pattern.offset)
        }

        var isOn: Bool { index % 2 == 0 }

        /// Advances through the pattern alone, for `distance` of line that shows nothing.
        mutating func skip(_ distance: Double, into dashes: inout [Polyline]) {
            finish(into: &dashes)
            guard distance.isFinite else { return }
            skipPattern(distance)
        }

        private mutating func skipPattern(_ distance: Double) {
            var left = distance
            if left > remaining {
                left = (left - remaining).truncatingRemainder(dividingBy: pattern.period) + remaining
            }
            while left >= remaining {
                left -= remaining
                index = (index + 1) % pattern.lengths.count
                remaining = pattern.lengths[index]
            }
            remaining -= left
        }

        /// Collects the dashes along the segment from `a` to `b`, `length` long. Returns `false`, having
        /// stopped, when `dashes` would pass `limit`.
        mutating func walk(
            from a: CGPoint, to b: CGPoint, length: Double, into dashes: inout [Polyline], limit: Int
        ) -> Bool {
            guard length > 0 else { return true }
            var travelled = 0.0
            let point = { (t: Double) in
                CGPoint(x: a.x + (b.x - a.x) * t / length, y: a.y + (b.y - a.y) * t / length)
            }
            while true {
                if isOn, current == nil { current = [point(travelled)] }
                let step = min(remaining, length - travelled)
                travelled += step
                remaining -= step
                if isOn { current?.append(point(travelled)) }
                guard remaining <= 0 else { break }
                if isOn {
                    finish(into: &dashes)
                    // Dashes too short to move `travelled` at this length end here too.
                    if dashes.count > limit { return false }
                }
                index = (index + 1) % pattern.lengths.count
                remaining = pattern.lengths[index]
                if travelled >= length && remaining > 0 { break }
            }
            return true
        }

        mutating func finish(into dashes: inout [Polyline]) {
            if let current, !current.isEmpty { dashes.append(Polyline(points: current)) }
            current = nil
        }
    }
}

/// The most dashes a stroke leaves to Cairo, past which FrameDraw dashes the visible part itself, and
/// the most it makes itself, past which it strokes the visible part through a mask of their coverage.
struct DashLimits {
    var cairo = 1 << 16
    var own = 1 << 18
}

extension DrawingContext {
    /// Runs `stroke`, which strokes or measures the current path with the current line style, with
    /// the path and dash pattern replaced when Cairo would make too many dashes (see DashedStroke).
    /// With `painting` a coverage plan strokes through a mask; without, `stroke` only measures.
    func strokingWithinDashLimit(painting: Bool, _ stroke: () -> Void) {
        let count = Int(cairo_get_dash_count(cr))
        guard count > 0 else { return stroke() }
        var lengths = [Double](repeating: 0, count: count)
        var offset = 0.0
        cairo_get_dash(cr, &lengths, &offset)
        guard let pattern = DashedStroke(lengths: lengths, offset: offset) else { return stroke() }
        let subpaths = flattenedSubpaths()
        var limits = dashLimits
        // Cairo dashes in user space and maps each dash back to the device; where that mapping has lost
        // its precision, its dashes take seconds each to stroke, however short the path.
        if DashedStroke.isBeyondDevicePrecision(subpaths, ctm: ctm) { limits.cairo = 0 }
        let plan = pattern.plan(for: subpaths, limits: limits, visiblePart: visiblePartTest())
        guard case .asIs = plan else {
            let original = cairo_copy_path(cr)
            defer {
                cairo_new_path(cr)
                cairo_append_path(cr, original)
                cairo_path_destroy(original)
                cairo_set_dash(cr, lengths, Int32(count), offset)
            }
            cairo_set_dash(cr, nil, 0, 0)
            switch plan {
            case .asIs:
                break
            case .dashes(let dashes):
                replacePath(with: dashes)
                stroke()
            case .coverage(let fraction, let runs):
                replacePath(with: runs)
                guard painting else { return stroke() }
                cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
                cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
                cairo_set_source_rgba(cr, 0, 0, 0, fraction)
                stroke()
                let mask = cairo_pop_group(cr)
                cairo_mask(cr, mask)
                cairo_pattern_destroy(mask)
            }
            return
        }
        stroke()
    }

    /// The current path, flattened into polylines, in user space.
    private func flattenedSubpaths() -> [DashedStroke.Polyline] {
        guard let path = cairo_copy_path_flat(cr) else { return [] }
        defer { cairo_path_destroy(path) }
        var subpaths: [DashedStroke.Polyline] = []
        var current = DashedStroke.Polyline(points: [])
        var index = 0
        let count = Int(path.pointee.num_data)
        while index < count {
            let header = path.pointee.data[index].header
            let point = { CGPoint(x: path.pointee.data[index + 1].point.x, y: path.pointee.data[index + 1].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                if !current.points.isEmpty { subpaths.append(current) }
                current = DashedStroke.Polyline(points: [point()])
            case CAIRO_PATH_LINE_TO:
                current.points.append(point())
            case CAIRO_PATH_CLOSE_PATH:
                current.isClosed = true
                subpaths.append(current)
                current = DashedStroke.Polyline(points: [])
            default:
                break
            }
            index += max(Int(header.length), 1)
        }
        if !current.points.isEmpty { subpaths.append(current) }
        return subpaths
    }

    private func replacePath(with polylines: [DashedStroke.Polyline]) {
        cairo_new_path(cr)
        for polyline in polylines {
            guard let first = polyline.points.first else { continue }
            cairo_move_to(cr, first.x, first.y)
            for point in polyline.points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
            if polyline.points.count == 1 { cairo_line_to(cr, first.x, first.y) }
            if polyline.isClosed { cairo_close_path(cr) }
        }
    }

    /// The part of a user-space segment, as a range of 0...1, that can put ink inside the clip: the
    /// clip's device box, widened by what the line width, its caps and joins add, cut from the segment
    /// mapped to device space. `nil` when none can.
    private func visiblePartTest() -> (CGPoint, CGPoint) -> ClosedRange<Double>? {
        guard let clip = deviceClipExtents() else { return { _, _ in nil } }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let stretch = max(hypot(m.xx, m.yx), hypot(m.xy, m.yy))
        let reach = cairo_get_line_width(cr) * stretch / 2 * max(cairo_get_miter_limit(cr), 2) + 2
        let box = clip.insetBy(dx: -reach, dy: -reach)
        return { a, b in
            let p = CGPoint(x: m.xx * a.x + m.xy * a.y + m.x0, y: m.yx * a.x + m.yy * a.y + m.y0)
            let q = CGPoint(x: m.xx * b.x + m.xy * b.y + m.x0, y: m.yx * b.x + m.yy * b.y + m.y0)
            return Self.part(of: p, q, inside: box)
        }
    }

    /// The part of the segment from `p` to `q`, as a range of 0...1, inside `box` (Liang–Barsky
    /// clipping); `nil` when they do not meet.
    static func part(of p: CGPoint, _ q: CGPoint, inside box: CGRect) -> ClosedRange<Double>? {
        let dx = q.x - p.x
        let dy = q.y - p.y
        var low = 0.0
        var high = 1.0
        for (direction, distance) in [
            (-dx, p.x - box.minX), (dx, box.maxX - p.x), (-dy, p.y - box.minY), (dy, box.maxY - p.y)
        ] {
            guard direction.isFinite, distance.isFinite else { return nil }
            if direction == 0 {
                if distance < 0 { return nil }
                continue
            }
            let t = distance / direction
            if direction < 0 { low = max(low, t) } else { high = min(high, t) }
            if low > high { return nil }
        }
        return low...high
    }
}
