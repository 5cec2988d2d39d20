import Foundation
import Testing

@testable import FrameDraw

@Suite("Path")
struct PathTests {
    private func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

    private func near(_ r: CGRect, _ expected: CGRect, _ tolerance: Double = 1e-6) -> Bool {
        near(r.minX, expected.minX, tolerance) && near(r.minY, expected.minY, tolerance)
            && near(r.width, expected.width, tolerance) && near(r.height, expected.height, tolerance)
    }

    @Test func buildersRecordElements() {
        var path = Path()
        #expect(path.isEmpty && path.currentPoint == nil)
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 3, y: 4))
        path.addQuadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 4, y: 0))
        path.addCurve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 6, y: 7), control2: CGPoint(x: 8, y: 8))
        path.closePath()
        #expect(
            path.elements == [
                .move(to: CGPoint(x: 1, y: 2)),
                .line(to: CGPoint(x: 3, y: 4)),
                .quadCurve(to: CGPoint(x: 5, y: 6), control: CGPoint(x: 4, y: 0)),
                .curve(to: CGPoint(x: 9, y: 9), control1: CGPoint(x: 6, y: 7), control2: CGPoint(x: 8, y: 8)),
                .closeSubpath
            ])
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))
        // A segment after a close starts a new subpath at the closed subpath's start.
        path.addLine(to: CGPoint(x: 0, y: 0))
        #expect(path.elements.suffix(2) == [.move(to: CGPoint(x: 1, y: 2)), .line(to: CGPoint(x: 0, y: 0))])
    }

    @Test func lineWithoutCurrentPointMoves() {
        var path = Path()
        path.addLine(to: CGPoint(x: 5, y: 5))
        #expect(path.elements == [.move(to: CGPoint(x: 5, y: 5)), .line(to: CGPoint(x: 5, y: 5))])
        var other = Path()
        other.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)])
        other.addPath(path)
        #expect(other.elements.count == 5)
        #expect(other.currentPoint == CGPoint(x: 5, y: 5))
    }

    @Test(arguments: [3, 5, 8])
    func polygonHasOneVertexPerSide(sides: Int) {
        let polygon = Path.polygon(center: CGPoint(x: 50, y: 50), radius: 10, sides: sides)
        let vertices = polygon.elements.filter { if case .closeSubpath = $0 { false } else { true } }
        #expect(vertices.count == sides)
        #expect(polygon.elements.last == .closeSubpath)
        // The first vertex points straight up.
        guard case .move(let first) = polygon.elements.first else {
            Issue.record("The polygon does not start with a move.")
            return
        }
        #expect(near(first.x, 50) && near(first.y, 40))
    }

    @Test func starAlternatesOuterAndInnerVertices() {
        let star = Path.star(center: .zero, outerRadius: 10, innerRadius: 4, points: 5)
        var points: [CGPoint] = []
        for element in star.elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            default: break
            }
        }
        #expect(points.count == 10)
        let radii = points.map { hypot($0.x, $0.y) }
        #expect(radii.enumerated().allSatisfy { near($0.element, $0.offset.isMultiple(of: 2) ? 10 : 4) })
        #expect(star.contains(.zero))
        #expect(!star.contains(CGPoint(x: 0, y: 9)))  // Between the two lower tips.
        #expect(star.contains(CGPoint(x: 0, y: -9)))  // Inside the top tip.
    }

    @Test func boundingBoxUsesCurveExtremaNotControlPoints() {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        // The curve peaks at t = 0.5: y = 3·0.25·0.5·100 + 3·0.5·0.25·100 = 75.
        #expect(near(path.boundingBox, CGRect(x: 0, y: 0, width: 100, height: 75)))

        var quad = Path()
        quad.move(to: CGPoint(x: 0, y: 0))
        quad.addQuadCurve(to: CGPoint(x: 20, y: 0), control: CGPoint(x: 10, y: -20))
        #expect(near(quad.boundingBox, CGRect(x: 0, y: -10, width: 20, height: 10)))

        let circle = Path(ellipseIn: CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(near(circle.boundingBox, CGRect(x: 10, y: 20, width: 30, height: 40), 1e-9))
        #expect(Path().boundingBox.isNull)
    }

    @Test func containsHonoursTheFillRule() {
        var path = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        path.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))  // Same direction: winding 2 in the middle.
        let centre = CGPoint(x: 50, y: 50)
        #expect(path.contains(centre, using: .winding))
        #expect(!path.contains(centre, using: .evenOdd))
        #expect(path.contains(CGPoint(x: 10, y: 10), using: .evenOdd))
        #expect(!path.contains(CGPoint(x: 150, y: 50)))

        // An inner subpath drawn the other way cancels the winding number too.
        var ring = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.addArc(center: centre, radius: 20, startAngle: 0, endAngle: 2 * .pi - 0.0001, clockwise: true)
        ring.closePath()
        var reversed = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        reversed.move(to: CGPoint(x: 70, y: 50))
        reversed.addArc(center: centre, radius: 20, startAngle: 0, endAngle: 0.0001, clockwise: false)
        reversed.closePath()
        #expect(ring.contains(centre, using: .winding))
        #expect(!reversed.contains(centre, using: .winding))
        #expect(!reversed.contains(centre, using: .evenOdd))
        #expect(reversed.contains(CGPoint(x: 50, y: 15), using: .winding))
        // Curves are flattened: a point just inside the circle's edge on a diagonal.
        let inside = CGPoint(x: 50 + 49 * cos(0.8), y: 50 + 49 * sin(0.8))
        let outside = CGPoint(x: 50 + 51 * cos(0.8), y: 50 + 51 * sin(0.8))
        #expect(ring.contains(inside))
        #expect(!ring.contains(outside))
    }

    @Test func arcDirectionFollowsTheScreen() {
        // Clockwise on screen from angle 0 (right) to π/2 (down) is a quarter turn through the lower right.
        var clockwise = Path()
        clockwise.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(near(clockwise.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10)))
        // Counter-clockwise between the same angles goes the long way round, through the top.
        var counter = Path()
        counter.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(near(counter.boundingBox, CGRect(x: -10, y: -10, width: 20, height: 20)))
        #expect(near(Double(counter.currentPoint?.y ?? 0), 10))
    }

    @Test func tangentArcRoundsTheCorner() {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
        guard case .line(let tangentPoint) = path.elements[1] else {
            Issue.record("Expected a line to the arc's start, got \(path.elements[1]).")
            return
        }
        #expect(near(tangentPoint.x, 6) && near(tangentPoint.y, 0))
        let end = path.currentPoint ?? .zero
        #expect(near(end.x, 10) && near(end.y, 4))
        #expect(near(path.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 4)))
        // Collinear points give a straight line.
        var straight = Path()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 9, y: 0), radius: 2)
        #expect(straight.elements.last == .line(to: CGPoint(x: 5, y: 0)))
    }

    @Test func roundedRectStaysInsideItsRect() {
        let rect = CGRect(x: 10, y: 10, width: 40, height: 20)
        let path = Path(roundedRect: rect, cornerRadius: 50)  // Clamped to 10.
        #expect(near(path.boundingBox, rect))
        #expect(!path.contains(CGPoint(x: 11, y: 11)))  // Cut off by the corner.
        #expect(path.contains(CGPoint(x: 30, y: 11)))
        #expect(path.elements.last == .closeSubpath)
    }

    @Test func applyingTransformsEveryPoint() {
        let path = Path(rect: CGRect(x: 0, y: 0, width: 10, height: 5))
        let moved = path.applying(AffineTransform(translationX: 3, y: 4).scaledBy(x: 2, y: 2))
        #expect(moved.boundingBox == CGRect(x: 3, y: 4, width: 20, height: 10))
        #expect(moved.elements.count == path.elements.count)
    }

    @Test func smoothedPassesThroughTheOriginalPoints() {
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20), CGPoint(x: 30, y: 5), CGPoint(x: 40, y: 25)]
        var open = Path()
        open.addLines(between: points)
        let smooth = open.smoothed(granularity: 6)
        let smoothPoints = smooth.elements.compactMap { element -> CGPoint? in
            switch element {
            case .move(let p), .line(let p): p
            default: nil
            }
        }
        #expect(smoothPoints.count == 1 + 3 * 6)
        for (i, p) in points.enumerated() {
            #expect(smoothPoints[i * 6] == p)
        }
        #expect(smooth.elements.last != .closeSubpath)
        // The spline bends: an in-between sample is off the straight segment from (0,0) to (10,20).
        let mid = smoothPoints[3]
        #expect(abs(mid.y - 2 * mid.x) > 0.1)

        let closed = Path.polygon(center: CGPoint(x: 50, y: 50), radius: 20, sides: 4).smoothed(granularity: 4)
        #expect(closed.elements.last == .closeSubpath)
        #expect(closed.elements.filter { if case .move = $0 { true } else { false } }.count == 1)
        // Four spans of four lines each, through all four corners.
        #expect(closed.elements.count == 1 + 16 + 1)
        #expect(closed.contains(CGPoint(x: 50, y: 50)))
        // Halfway between two corners the spline bulges outwards past the straight edge (14.1 from the centre).
        guard case .line(let halfway) = closed.elements[2] else {
            Issue.record("Expected a line at element 2, got \(closed.elements[2]).")
            return
        }
        #expect(hypot(halfway.x - 50, halfway.y - 50) > 15)
    }
}
