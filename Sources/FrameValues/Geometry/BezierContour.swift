import Foundation

/// One subpath of a `Path` as Bézier vertices: each vertex with the control point of the curve that
/// arrives at it (`control1` side, `incoming`) and of the curve that leaves it (`outgoing`), both
/// absolute and equal to the vertex for straight lines. The shape operations (rounding corners,
/// pucker and bloat, zig-zag, offsetting) work on vertices rather than on drawing elements.
struct BezierContour: Hashable, Sendable {
    struct Vertex: Hashable, Sendable {
        var point: CGPoint
        var incoming: CGPoint
        var outgoing: CGPoint

        init(point: CGPoint, incoming: CGPoint? = nil, outgoing: CGPoint? = nil) {
            self.point = point
            self.incoming = incoming ?? point
            self.outgoing = outgoing ?? point
        }

        var isSharp: Bool { incoming == point && outgoing == point }
    }

    var vertices: [Vertex]
    var isClosed: Bool

    /// The number of curves: one between each pair of neighbours, plus the closing one.
    var segmentCount: Int { isClosed ? vertices.count : max(vertices.count - 1, 0) }

    /// The control points of segment `index`: start, control1, control2, end.
    func segment(_ index: Int) -> (CGPoint, CGPoint, CGPoint, CGPoint) {
        let a = vertices[index]
        let b = vertices[(index + 1) % vertices.count]
        return (a.point, a.outgoing, b.incoming, b.point)
    }

    /// The contours of `path`, quadratic curves raised to cubics.
    static func contours(of path: Path) -> [BezierContour] {
        var result: [BezierContour] = []
        var current: BezierContour?
        func finish() {
            if var contour = current, !contour.vertices.isEmpty {
                if contour.isClosed, contour.vertices.count > 1, let first = contour.vertices.first,
                    let last = contour.vertices.last, last.point == first.point
                {
                    // A closing curve drawn back to the start: its end is the first vertex.
                    contour.vertices[0].incoming = last.incoming
                    contour.vertices.removeLast()
                }
                result.append(contour)
            }
            current = nil
        }
        for element in path.elements {
            switch element {
            case .move(let point):
                finish()
                current = BezierContour(vertices: [Vertex(point: point)], isClosed: false)
            case .line(let point):
                current?.vertices.append(Vertex(point: point))
            case .quadCurve(let point, let control):
                guard var contour = current, let last = contour.vertices.last else { continue }
                let c1 = CGPoint(
                    x: last.point.x + 2 / 3 * (control.x - last.point.x),
                    y: last.point.y + 2 / 3 * (control.y - last.point.y))
                let c2 = CGPoint(x: point.x + 2 / 3 * (control.x - point.x), y: point.y + 2 / 3 * (control.y - point.y))
                contour.vertices[contour.vertices.count - 1].outgoing = c1
                contour.vertices.append(Vertex(point: point, incoming: c2))
                current = contour
            case .curve(let point, let control1, let control2):
                guard var contour = current, !contour.vertices.isEmpty else { continue }
                contour.vertices[contour.vertices.count - 1].outgoing = control1
                contour.vertices.append(Vertex(point: point, incoming: control2))
                current = contour
            case .closeSubpath:
                current?.isClosed = true
                finish()
            }
        }
        finish()
        return result
    }

    /// The contour appended to `path` as lines (where both controls sit on their vertices) and curves.
    func append(to path: inout Path) {
        guard let first = vertices.first else { return }
        path.move(to: first.point)
        for index in 0..<segmentCount {
            let (start, c1, c2, end) = segment(index)
            if c1 == start && c2 == end {
                path.addLine(to: end)
            } else {
                path.addCurve(to: end, control1: c1, control2: c2)
            }
        }
        if isClosed { path.closePath() }
    }
}

extension Path {
    /// A path made of `contours`.
    init(contours: [BezierContour]) {
        self.init()
        for contour in contours { contour.append(to: &self) }
    }
}
