import Foundation
import Testing

@testable import FrameDraw

@Suite("SVG path data")
struct SVGPathTests {
    private func p(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }

    private func near(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-6) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    private func near(_ r: CGRect, _ e: CGRect, _ tolerance: Double = 1e-6) -> Bool {
        abs(r.minX - e.minX) <= tolerance && abs(r.minY - e.minY) <= tolerance
            && abs(r.width - e.width) <= tolerance && abs(r.height - e.height) <= tolerance
    }

    private func endPoint(_ element: Path.Element) -> CGPoint? {
        switch element {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): p
        case .closeSubpath: nil
        }
    }

    @Test func moveLineAndCloseAbsoluteAndRelative() throws {
        let absolute = try Path(svgPathData: "M10 20 L30 40 Z")
        #expect(absolute.elements == [.move(to: p(10, 20)), .line(to: p(30, 40)), .closeSubpath])
        let relative = try Path(svgPathData: "m10 20 l20 20 z m5 5 l1 1")
        #expect(
            relative.elements == [
                .move(to: p(10, 20)), .line(to: p(30, 40)), .closeSubpath,
                .move(to: p(15, 25)), .line(to: p(16, 26))
            ])
    }

    @Test func implicitRepeatsAfterMoveAreLines() throws {
        let absolute = try Path(svgPathData: "M0,0 10,0 10,10")
        #expect(absolute.elements == [.move(to: p(0, 0)), .line(to: p(10, 0)), .line(to: p(10, 10))])
        let relative = try Path(svgPathData: "m1 1 2 0 0 2")
        #expect(relative.elements == [.move(to: p(1, 1)), .line(to: p(3, 1)), .line(to: p(3, 3))])
        let repeatedLines = try Path(svgPathData: "M0 0 l1 0 1 0 1 0")
        #expect(repeatedLines.currentPoint == p(3, 0))
    }

    @Test func horizontalAndVertical() throws {
        let path = try Path(svgPathData: "M5 5 H20 V30 h-5 v-10")
        #expect(path.elements.compactMap(endPoint) == [p(5, 5), p(20, 5), p(20, 30), p(15, 30), p(15, 20)])
    }

    @Test func packedNumbersAndExponents() throws {
        let path = try Path(svgPathData: "M-.5.5L1e1-2E-1l+3,.25")
        let points = path.elements.compactMap(endPoint)
        let expected = [p(-0.5, 0.5), p(10, -0.2), p(13, 0.05)]
        #expect(points.count == expected.count)
        #expect(zip(points, expected).allSatisfy { near($0, $1, 1e-12) })
        let tiny = try Path(svgPathData: "M1e-3 0")
        #expect(tiny.currentPoint == p(0.001, 0))
    }

    @Test func cubicAndSmoothCubic() throws {
        let path = try Path(svgPathData: "M0 0 C10 0 20 10 20 20 S30 40 40 40 c1 1 2 2 3 3 s5 0 5 5")
        #expect(path.elements[1] == .curve(to: p(20, 20), control1: p(10, 0), control2: p(20, 10)))
        // S reflects the previous second control point (20,10) about (20,20).
        #expect(path.elements[2] == .curve(to: p(40, 40), control1: p(20, 30), control2: p(30, 40)))
        #expect(path.elements[3] == .curve(to: p(43, 43), control1: p(41, 41), control2: p(42, 42)))
        // s reflects (42,42) about (43,43) and is relative to (43,43).
        #expect(path.elements[4] == .curve(to: p(48, 48), control1: p(44, 44), control2: p(48, 43)))
        // S without a preceding cubic uses the current point as its first control point.
        let lone = try Path(svgPathData: "M1 1 S5 0 6 6")
        #expect(lone.elements[1] == .curve(to: p(6, 6), control1: p(1, 1), control2: p(5, 0)))
    }

    @Test func quadraticAndSmoothQuadratic() throws {
        let path = try Path(svgPathData: "M0 0 Q10 -10 20 0 T40 0 q5 5 10 0 t10 0")
        #expect(path.elements[1] == .quadCurve(to: p(20, 0), control: p(10, -10)))
        #expect(path.elements[2] == .quadCurve(to: p(40, 0), control: p(30, 10)))
        #expect(path.elements[3] == .quadCurve(to: p(50, 0), control: p(45, 5)))
        #expect(path.elements[4] == .quadCurve(to: p(60, 0), control: p(55, -5)))
        #expect(near(path.boundingBox, CGRect(x: 0, y: -5, width: 60, height: 10)))
        // T after a non-quadratic command uses the current point as control: a straight curve.
        let lone = try Path(svgPathData: "M0 0 L1 1 T5 5")
        #expect(lone.elements[2] == .quadCurve(to: p(5, 5), control: p(1, 1)))
    }

    @Test func ellipticalArcsBecomeCubics() throws {
        // Half circle of radius 10 from (0,0) to (20,0); sweep 1 turns clockwise on screen, through y = -10.
        let upper = try Path(svgPathData: "M0 0 A10 10 0 0 1 20 0")
        #expect(upper.elements.dropFirst().allSatisfy { if case .curve = $0 { true } else { false } })
        #expect(upper.currentPoint == p(20, 0))
        #expect(near(upper.boundingBox, CGRect(x: 0, y: -10, width: 20, height: 10), 1e-3))
        let lower = try Path(svgPathData: "M0 0 a10 10 0 0 0 20 0")
        #expect(near(lower.boundingBox, CGRect(x: 0, y: 0, width: 20, height: 10), 1e-3))
        // Large-arc flag with packed flags: three quarters of a radius-5 circle, counter-clockwise on screen
        // around the centre (0, 5).
        let large = try Path(svgPathData: "M0 0a5 5 0 105 5")
        #expect(near(large.currentPoint ?? .zero, p(5, 5)))
        #expect(near(large.boundingBox, CGRect(x: -5, y: 0, width: 10, height: 10), 1e-3))
        // The example from the brief: flags "00" then the end point.
        let packed = try Path(svgPathData: "M0 0 a1 1 0 00 1 1")
        #expect(near(packed.currentPoint ?? .zero, p(1, 1)))
        // Radii too small are scaled up until the arc fits: a half circle of radius 10.
        let scaled = try Path(svgPathData: "M0 0 A1 1 0 0 1 20 0")
        #expect(near(scaled.boundingBox, CGRect(x: 0, y: -10, width: 20, height: 10), 1e-3))
        // A rotated ellipse: radii 20 × 10 rotated 90°, so it is tall.
        let rotated = try Path(svgPathData: "M0 0 A20 10 90 0 1 0 40")
        #expect(near(rotated.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 40), 1e-3))
        // Zero radius gives a straight line.
        let flat = try Path(svgPathData: "M0 0 A0 5 0 0 1 7 7")
        #expect(flat.elements.last == .line(to: p(7, 7)))
        // Points on the half circle are on the circle.
        for element in upper.elements {
            if let end = endPoint(element) { #expect(abs(hypot(end.x - 10, end.y) - 10) < 1e-9) }
        }
    }

    @Test func emptyDataGivesEmptyPath() throws {
        #expect(try Path(svgPathData: "").isEmpty)
        #expect(try Path(svgPathData: "  \n ").isEmpty)
    }

    @Test(arguments: [
        ("L10 10", 0),  // Must start with a move.
        ("10 10", 0),
        ("M10", 3),  // Missing y at the end.
        ("M10 10 L5 x", 10),  // Not a number.
        ("M0 0 A1 1 0 2 1 3 3", 12),  // A flag must be 0 or 1.
        ("M0 0 Z 5", 7),  // Z takes no numbers.
        ("M1 2 K3 4", 5),  // Unknown command.
        ("M1e 2", 2),  // Exponent without digits.
        ("M1 2 L3 4 C1", 12),  // Truncated curve.
        ("M 1,,2", 4),  // Two commas.
        ("M1 2 Lé3", 6),  // Non-ASCII: offsets count characters, not bytes.
        ("M1 2 é 3", 5)
    ])
    func malformedDataThrowsWithOffset(data: String, offset: Int) {
        #expect {
            _ = try Path(svgPathData: data)
        } throws: { error in
            guard case FrameDrawError.invalidSVGPath(let found, let reason) = error else { return false }
            return found == offset && !reason.isEmpty
        }
    }

    @Test func errorDescriptionNamesTheCharacterAndTheRemedy() {
        do {
            _ = try Path(svgPathData: "M0 0 Lq")
            Issue.record("Malformed data parsed.")
        } catch {
            #expect(
                "\(error)" == "SVG path data is malformed at character 7: expected a number for the \"L\" command, "
                    + "but found \"q\" (in \"M0 0 Lq\"). " + ErrorMessageTests.svgRemedy)
        }
    }

    @Test func parsedPathFillsLikeTheEquivalentRectangle() throws {
        let canvas = try Canvas(width: 20, height: 20)
        canvas.context.addPath(try Path(svgPathData: "M4 4 h10 v6 H4 z"))
        canvas.context.fillPath()
        #expect(canvas.boundingBox(where: { $0.alpha == 255 }) == CGRect(x: 4, y: 4, width: 10, height: 6))
    }
}
