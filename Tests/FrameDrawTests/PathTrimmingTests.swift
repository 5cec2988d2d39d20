import Foundation
import FrameDraw
import Testing

@Suite("Path trimming and length")
struct PathTrimmingTests {
    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }
    private func near(_ a: CGPoint?, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance)
    }

    /// The arc length of a cubic, measured independently by summing a fine polyline.
    private func polylineLength(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, pieces: Int = 200_000)
        -> Double
    {
        func point(_ t: Double) -> CGPoint {
            let u = 1 - t
            let a = u * u * u
            let b = 3 * u * u * t
            let c = 3 * u * t * t
            let d = t * t * t
            return CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p1.x, y: a * p0.y + b * c1.y + c * c2.y + d * p1.y)
        }
        var total = 0.0
        var previous = p0
        for i in 1...pieces {
            let next = point(Double(i) / Double(pieces))
            total += hypot(next.x - previous.x, next.y - previous.y)
            previous = next
        }
        return total
    }

    private let s = CGPoint(x: 10, y: 20)
    private let c1 = CGPoint(x: 80, y: -40)
    private let c2 = CGPoint(x: 0, y: 120)
    private let e = CGPoint(x: 110, y: 60)

    private var cubic: Path {
        var path = Path()
        path.move(to: s)
        path.addCurve(to: e, control1: c1, control2: c2)
        return path
    }

    @Test func lineLength() {
        let line = Path(elements: [.move(to: CGPoint(x: 0, y: 0)), .line(to: CGPoint(x: 30, y: 40))])
        #expect(line.length == 50)
        let half = line.trimmed(from: 0, to: 0.5)
        #expect(near(half.length, 25))
        #expect(half.elements == [.move(to: CGPoint(x: 0, y: 0)), .line(to: CGPoint(x: 15, y: 20))])
        let middle = line.trimmed(from: 0.25, to: 0.75)
        #expect(near(middle.length, 25))
        #expect(near(middle.currentPoint, CGPoint(x: 22.5, y: 30)))
    }

    @Test func aCurveReachingPastDoublePrecisionEndsItsLengthInsteadOfRecursing() {
        // Its length overflows to infinity, so the integration's error is NaN and never shrinks.
        let huge = Path(elements: [
            .move(to: CGPoint(x: -1e300, y: 0)),
            .curve(
                to: CGPoint(x: 1e300, y: 0), control1: CGPoint(x: -1e300, y: 1e300),
                control2: CGPoint(x: 1e300, y: -1e300))
        ])
        // Before, this call recursed about 2^40 times; now it returns, whatever it makes of the curve.
        _ = huge.trimmed(from: 0.25, to: 0.75)
        #expect(!(huge.length < 1e300), "the length is out of range, not a finite number")
    }

    @Test("a circle's length is 2πr", arguments: [1.0, 50, 1000])
    func circleLength(radius: Double) {
        // Eight 45° arcs: their cubic approximation is within 3e-6 of the true circle.
        var circle = Path()
        for i in 0..<8 {
            circle.addArc(
                center: .zero, radius: radius, startAngle: Double(i) * Double.pi / 4,
                endAngle: Double(i + 1) * Double.pi / 4, clockwise: true)
        }
        #expect(abs(circle.length / (2 * Double.pi * radius) - 1) < 1e-5)
        // The usual four-cubic circle is itself about 1.4e-4 longer than 2πr; its own length is measured exactly.
        let fourCubics = Path(ellipseIn: CGRect(x: -radius, y: -radius, width: 2 * radius, height: 2 * radius))
        #expect(abs(fourCubics.length / (2 * Double.pi * radius) - 1) < 2e-4)
        guard case .curve(let end, let control1, let control2) = fourCubics.elements[1] else {
            Issue.record("expected a curve")
            return
        }
        let quarter = polylineLength(CGPoint(x: radius, y: 0), control1, control2, end)
        #expect(abs(fourCubics.length / (4 * quarter) - 1) < 1e-6)
    }

    @Test("a cubic's length matches a fine polyline, and its pieces add up")
    func cubicLength() {
        let reference = polylineLength(s, c1, c2, e)
        #expect(abs(cubic.length / reference - 1) < 1e-6)
        let first = cubic.trimmed(from: 0, to: 0.3)
        let second = cubic.trimmed(from: 0.3, to: 1)
        #expect(abs(first.length / (0.3 * cubic.length) - 1) < 1e-6)
        #expect(abs(second.length / (0.7 * cubic.length) - 1) < 1e-6)
        // The pieces join where the first ends, and stay single cubic curves.
        #expect(
            near(
                first.currentPoint,
                second.elements.first.flatMap { element -> CGPoint? in
                    if case .move(let p) = element { p } else { nil }
                } ?? .zero, 1e-9))
        #expect(first.elements.count == 2 && second.elements.count == 2)
        if case .curve(let end, _, _) = second.elements[1] { #expect(end == e) } else { Issue.record("not a curve") }
    }

    @Test("the cut is exact: the piece's points lie on the original curve")
    func exactSplit() {
        let piece = cubic.trimmed(from: 0.2, to: 0.6)
        guard case .move(let start) = piece.elements[0], case .curve(let end, let d1, let d2) = piece.elements[1] else {
            Issue.record("expected move + curve, got \(piece.elements)")
            return
        }
        func point(_ p0: CGPoint, _ a: CGPoint, _ b: CGPoint, _ p1: CGPoint, _ t: Double) -> CGPoint {
            let u = 1 - t
            return CGPoint(
                x: u * u * u * p0.x + 3 * u * u * t * a.x + 3 * u * t * t * b.x + t * t * t * p1.x,
                y: u * u * u * p0.y + 3 * u * u * t * a.y + 3 * u * t * t * b.y + t * t * t * p1.y)
        }
        // Every point of the piece is on the original: find its parameter by dense search.
        for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let q = point(start, d1, d2, end, t)
            let closest =
                (0...20_000).map { point(s, c1, c2, e, Double($0) / 20_000) }
                .map { hypot($0.x - q.x, $0.y - q.y) }.min() ?? .infinity
            #expect(closest < 0.01)
        }
    }

    @Test("trimmed(0, 1) keeps the whole path, closes included")
    func wholePath() {
        var path = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        path.addPath(cubic)
        path.move(to: CGPoint(x: 500, y: 500))  // a lone move is dropped
        #expect(near(path.trimmed(from: 0, to: 1).length, path.length))
        #expect(path.trimmed(from: 0, to: 1).elements == Array(path.elements.dropLast()))
        #expect(path.trimmed(from: -1, to: 2).elements == Array(path.elements.dropLast()))
    }

    @Test("a closed square counts its closing side and reopens when cut")
    func closedSquare() {
        let square = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(square.length == 40)
        let threeSides = square.trimmed(from: 0, to: 0.75)
        #expect(
            threeSides.elements == [
                .move(to: CGPoint(x: 0, y: 0)), .line(to: CGPoint(x: 10, y: 0)),
                .line(to: CGPoint(x: 10, y: 10)), .line(to: CGPoint(x: 0, y: 10))
            ])
        // From the middle of the top side round through the closing side: the closing side is a line.
        let wrap = square.trimmed(from: 0.125, to: 1)
        #expect(wrap.elements.last == .line(to: CGPoint(x: 0, y: 0)))
        #expect(near(wrap.length, 35))
        let closingSide = square.trimmed(from: 0.8, to: 0.9)
        #expect(closingSide.elements == [.move(to: CGPoint(x: 0, y: 8)), .line(to: CGPoint(x: 0, y: 4))])
    }

    @Test("several subpaths: lengths run on across them, and each kept part starts with a move")
    func multipleSubpaths() {
        var path = Path()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)])
        path.addLines(between: [CGPoint(x: 0, y: 100), CGPoint(x: 30, y: 100)])
        #expect(path.length == 40)
        let across = path.trimmed(from: 0.125, to: 0.5)
        #expect(
            across.elements == [
                .move(to: CGPoint(x: 5, y: 0)), .line(to: CGPoint(x: 10, y: 0)),
                .move(to: CGPoint(x: 0, y: 100)), .line(to: CGPoint(x: 10, y: 100))
            ])
        #expect(
            path.trimmed(from: 0.5, to: 1).elements == [
                .move(to: CGPoint(x: 10, y: 100)), .line(to: CGPoint(x: 30, y: 100))
            ])
    }

    @Test("quadratic curves stay quadratic and measure right")
    func quadratic() {
        var path = Path()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 50))
        // The closed form of a parabola's arc length.
        let a = 50.0
        let h = 25.0
        let exact = (a * a + 4 * h * h).squareRoot() + a * a / (2 * h) * asinh(2 * h / a)
        #expect(abs(path.length / exact - 1) < 1e-9)
        let half = path.trimmed(from: 0, to: 0.5)
        guard case .quadCurve(let end, _) = half.elements[1] else {
            Issue.record("expected a quadratic curve")
            return
        }
        #expect(near(end, CGPoint(x: 50, y: 25), 1e-6))  // symmetric: half the length is the apex
    }

    @Test("empty results", arguments: [(0.5, 0.5), (0.7, 0.2), (.nan, 1), (0, .nan), (1, 1)] as [(Double, Double)])
    func empty(from: Double, to: Double) {
        #expect(cubic.trimmed(from: from, to: to).isEmpty)
    }

    @Test func degeneratePaths() {
        #expect(Path().length == 0)
        #expect(Path().trimmed(from: 0, to: 1).isEmpty)
        let dot = Path(elements: [.move(to: .zero), .line(to: .zero)])
        #expect(dot.length == 0 && dot.trimmed(from: 0, to: 1).isEmpty)
        let point = Path(elements: [.move(to: .zero), .curve(to: .zero, control1: .zero, control2: .zero)])
        #expect(point.length == 0)
    }

    @Test("a cusp is measured accurately too")
    func cusp() {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 100, y: 10), control2: CGPoint(x: -100, y: 0))
        let reference = polylineLength(
            CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 10), CGPoint(x: -100, y: 0), CGPoint(x: 0, y: 10))
        #expect(abs(path.length / reference - 1) < 1e-6)
    }
}
