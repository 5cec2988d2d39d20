import Foundation
import FrameDraw
import Testing

// This file imports Foundation and FrameDraw side by side, as clients do. Foundation declares its own
// `AffineTransform`, so the bare name is ambiguous in type position; this file-level alias is the documented fix.
private typealias AffineTransform = FrameDraw.AffineTransform

@Suite("AffineTransform")
struct TransformTests {
    @Test func qualifiedNameAndLabelledInitialisersNeedNoAlias() {
        // Labels unique to FrameDraw's initialisers pick its type even without the alias.
        let rotation = FrameDraw.AffineTransform(rotationAngle: 0)
        let qualified: FrameDraw.AffineTransform = .identity
        #expect(rotation == qualified)
    }

    private func close(_ p: CGPoint, _ x: Double, _ y: Double, tolerance: Double = 1e-9) -> Bool {
        abs(p.x - x) <= tolerance && abs(p.y - y) <= tolerance
    }

    @Test func nameResolvesToFrameDrawType() {
        let t: AffineTransform = .identity
        #expect(t.a == 1 && t.d == 1 && t.tx == 0)
        #expect(t.isIdentity)
        #expect(!AffineTransform(translationX: 1, y: 0).isIdentity)
    }

    @Test func basicTransformsMapPoints() {
        let p = CGPoint(x: 2, y: 3)
        #expect(close(AffineTransform(translationX: 10, y: -5).apply(to: p), 12, -2))
        #expect(close(AffineTransform(scaleX: 2, y: 3).apply(to: p), 4, 9))
        // Positive angles turn clockwise on screen with y down: +x goes to +y.
        #expect(close(AffineTransform(rotationAngle: .pi / 2).apply(to: CGPoint(x: 1, y: 0)), 0, 1))
    }

    @Test func concatenatingAppliesLeftFirst() {
        let scale = AffineTransform(scaleX: 2, y: 2)
        let move = AffineTransform(translationX: 10, y: 0)
        // Scale first, then translate.
        #expect(close(scale.concatenating(move).apply(to: CGPoint(x: 1, y: 1)), 12, 2))
        // Translate first, then scale.
        #expect(close(move.concatenating(scale).apply(to: CGPoint(x: 1, y: 1)), 22, 2))
    }

    @Test func chainedBuildersApplyNewestFirst() {
        // Like CGAffineTransform: t.translatedBy(...) translates, then applies t.
        let t = AffineTransform.identity.translatedBy(x: 10, y: 20).scaledBy(x: 2, y: 2).rotated(by: .pi / 2)
        // (1, 0) → rotate → (0, 1) → scale → (0, 2) → translate → (10, 22).
        #expect(close(t.apply(to: CGPoint(x: 1, y: 0)), 10, 22))
    }

    @Test func invertedUndoesTheTransform() throws {
        let t = AffineTransform(rotationAngle: 0.7).scaledBy(x: 3, y: -2).translatedBy(x: 5, y: 9)
        let inverse = try #require(t.inverted())
        let p = CGPoint(x: -4.5, y: 13)
        #expect(close(inverse.apply(to: t.apply(to: p)), p.x, p.y, tolerance: 1e-9))
        let product = t.concatenating(inverse)
        #expect(abs(product.a - 1) < 1e-12 && abs(product.b) < 1e-12 && abs(product.tx) < 1e-9)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
    }

    @Test func rectApplicationGivesBoundingBoxOfCorners() {
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        let rotated = AffineTransform(rotationAngle: .pi / 4).apply(to: rect)
        let half = 10 / 2.0.squareRoot()
        #expect(abs(rotated.minX + half) < 1e-9)
        #expect(abs(rotated.width - 2 * half) < 1e-9)
        #expect(abs(rotated.minY) < 1e-9)
        #expect(abs(rotated.height - 2 * half) < 1e-9)
        let flipped = AffineTransform(scaleX: -1, y: 1).apply(to: rect)
        #expect(flipped == CGRect(x: -10, y: 0, width: 10, height: 10))
    }
}
