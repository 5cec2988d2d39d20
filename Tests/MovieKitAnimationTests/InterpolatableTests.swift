import Foundation
import FrameDraw
import MovieKitAnimation
import TestSupport
import Testing

@Suite("Interpolatable")
struct InterpolatableTests {
    @Test func geometry() {
        #expect(2.0.interpolated(to: 4, amount: 0.25) == 2.5)
        #expect(2.0.interpolated(to: 4, amount: 1.5) == 5)
        #expect(CGPoint(x: 0, y: 10).interpolated(to: CGPoint(x: 10, y: 20), amount: 0.5) == CGPoint(x: 5, y: 15))
        #expect(
            CGSize(width: 10, height: 0).interpolated(to: CGSize(width: 20, height: 4), amount: -0.5)
                == CGSize(width: 5, height: -2))
        #expect(
            CGRect(x: 0, y: 0, width: 10, height: 10).interpolated(
                to: CGRect(x: 10, y: 20, width: 30, height: 50), amount: 0.5)
                == CGRect(x: 5, y: 10, width: 20, height: 30))
        #expect(CGPoint(x: 0, y: 0).interpolationDistance(to: CGPoint(x: 3, y: 4)) == 5)
        #expect(
            CGRect(x: 0, y: 0, width: 0, height: 0).interpolationDistance(to: CGRect(x: 1, y: 1, width: 1, height: 1))
                == 2)
    }

    @Test("colours blend in premultiplied space, so a fade to clear does not darken")
    func premultipliedColour() {
        let half = Color.red.interpolated(to: .clear, amount: 0.5)
        #expect(half == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        let white = Color.white.interpolated(to: .clear, amount: 0.75)
        #expect(near(white.red, 1, 1e-12) && near(white.green, 1, 1e-12) && near(white.alpha, 0.25, 1e-12))
        // Opaque colours blend as usual.
        #expect(Color.red.interpolated(to: .blue, amount: 0.5) == Color(red: 0.5, green: 0, blue: 0.5))
        // A half-transparent colour weighs less in the mix.
        let mix = Color(red: 1, green: 0, blue: 0, alpha: 0.2).interpolated(to: .blue, amount: 0.5)
        #expect(near(mix.alpha, 0.6, 1e-12) && near(mix.red, 0.1 / 0.6, 1e-12) && near(mix.blue, 0.5 / 0.6, 1e-12))
        // Alpha stays within 0...1 when overshooting.
        #expect(Color.red.interpolated(to: .clear, amount: 1.5).alpha == 0)
        #expect(Color.clear.interpolated(to: .red, amount: -1).alpha == 0)
    }

    @Test("transforms blend by their parts: a rotation keeps its scale halfway")
    func decomposedTransform() {
        let quarter = FrameDraw.AffineTransform(rotationAngle: Double.pi / 2)
        let half = FrameDraw.AffineTransform.identity.interpolated(to: quarter, amount: 0.5)
        let expected = FrameDraw.AffineTransform(rotationAngle: Double.pi / 4)
        #expect(near(half.a, expected.a, 1e-12) && near(half.b, expected.b, 1e-12))
        #expect(near(half.c, expected.c, 1e-12) && near(half.d, expected.d, 1e-12))
        #expect(near(hypot(half.a, half.b), 1, 1e-12))  // scale 1, not cos 45°
        #expect(near(atan2(half.b, half.a), Double.pi / 4, 1e-12))
        #expect(near(half.determinant, 1, 1e-12))
    }

    @Test("rotation takes the shorter way round")
    func shortestRotation() {
        let from = FrameDraw.AffineTransform(rotationAngle: 170 * Double.pi / 180)
        let to = FrameDraw.AffineTransform(rotationAngle: -170 * Double.pi / 180)
        let half = from.interpolated(to: to, amount: 0.5)
        #expect(near(half.a, -1, 1e-12) && near(half.b, 0, 1e-12))
    }

    @Test("translation, scale and skew blend linearly, and the ends are reproduced")
    func transformParts() {
        let from = FrameDraw.AffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 3)
        let to = FrameDraw.AffineTransform(translationX: 30, y: 0).scaledBy(x: 4, y: 1)
        let half = from.interpolated(to: to, amount: 0.5)
        #expect(near(half.tx, 20) && near(half.ty, 10) && near(half.a, 3) && near(half.d, 2))
        #expect(near(half.b, 0) && near(half.c, 0))
        var random = SeededGenerator(seed: 1)
        for _ in 0..<100 {
            func randomTransform() -> FrameDraw.AffineTransform {
                FrameDraw.AffineTransform(
                    a: .random(in: -3...3, using: &random), b: .random(in: -3...3, using: &random),
                    c: .random(in: -3...3, using: &random), d: .random(in: -3...3, using: &random),
                    tx: .random(in: -50...50, using: &random), ty: .random(in: -50...50, using: &random))
            }
            let a = randomTransform()
            let b = randomTransform()
            for (amount, end) in [(0.0, a), (1.0, b)] {
                let t = a.interpolated(to: b, amount: amount)
                #expect(
                    near(t.a, end.a, 1e-9) && near(t.b, end.b, 1e-9) && near(t.c, end.c, 1e-9)
                        && near(t.d, end.d, 1e-9) && near(t.tx, end.tx, 1e-9) && near(t.ty, end.ty, 1e-9))
            }
        }
        // A transform that collapses the plane blends its coefficients.
        let flat = FrameDraw.AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
        #expect(
            flat.interpolated(to: .identity, amount: 0.5)
                == FrameDraw.AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0))
    }

    @Test("paths with the same structure blend point by point")
    func pathInterpolation() throws {
        var square = Path()
        square.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        square.addCurve(to: CGPoint(x: 0, y: 10), control1: CGPoint(x: 5, y: 10), control2: CGPoint(x: 5, y: 10))
        square.closePath()
        let bigger = square.applying(FrameDraw.AffineTransform(scaleX: 3, y: 3))
        let half = try square.interpolated(to: bigger, amount: 0.5)
        #expect(half == square.applying(FrameDraw.AffineTransform(scaleX: 2, y: 2)))
        #expect(try square.interpolated(to: bigger, amount: 0) == square)
    }

    @Test("paths with different structure cannot be blended")
    func incompatiblePaths() {
        let line = Path(elements: [.move(to: .zero), .line(to: CGPoint(x: 1, y: 1))])
        let curve = Path(elements: [.move(to: .zero), .curve(to: CGPoint(x: 1, y: 1), control1: .zero, control2: .zero)]
        )
        #expect(
            throws: AnimationError.incompatiblePaths(
                reason: "element 1 is a line in the first path but a cubic curve in the second")
        ) {
            try line.interpolated(to: curve, amount: 0.5)
        }
        #expect(throws: AnimationError.self) {
            try line.interpolated(to: Path(rect: CGRect(x: 0, y: 0, width: 1, height: 1)), amount: 0.5)
        }
    }
}
