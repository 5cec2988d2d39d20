import Foundation
import Testing

@testable import FrameDraw

@Suite("DrawingContext transforms")
struct TransformDrawingTests {
    @Test func ctmReflectsTranslateScaleAndConcatenate() throws {
        let canvas = try Canvas(width: 8, height: 8)
        let ctx = canvas.context
        #expect(ctx.ctm.isIdentity)
        ctx.translateBy(x: 3, y: 4)
        ctx.scaleBy(x: 2, y: 2)
        ctx.concatenate(AffineTransform(translationX: 1, y: 0))
        let ctm = ctx.ctm
        #expect(ctm == AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 4))
        ctx.saveGState()
        ctx.concatenate(AffineTransform(rotationAngle: .pi))
        #expect(ctx.ctm != ctm)
        ctx.restoreGState()
        #expect(ctx.ctm == ctm)
        // A singular transform is ignored rather than breaking the context.
        ctx.concatenate(AffineTransform(scaleX: 0, y: 0))
        #expect(ctx.ctm == ctm)
        try ctx.checkStatus()
    }

    @Test func rotatedSquareCornersPointOutAlongTheAxes() throws {
        // A 20×20 square centred at (20, 20), turned 45° about its centre, becomes a diamond reaching
        // 20/√2 ≈ 14.1 from the centre along the axes.
        let canvas = try Canvas(width: 40, height: 40)
        let ctx = canvas.context
        ctx.setFillColor(.red)
        ctx.translateBy(x: 20, y: 20)
        ctx.concatenate(AffineTransform(rotationAngle: .pi / 4))
        ctx.fill(CGRect(x: -10, y: -10, width: 20, height: 20))
        let red = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
        let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)
        // Beyond the original square's edge along the axes (x = 32 > 30) but inside the diamond's tip.
        #expect(canvas.pixel(x: 32, y: 20) == red)
        #expect(canvas.pixel(x: 20, y: 7) == red)
        // The original square's corner region is now empty.
        #expect(canvas.pixel(x: 11, y: 11) == clear)
        #expect(canvas.pixel(x: 28, y: 28) == clear)
        // Just outside the diamond's tip.
        #expect(canvas.pixel(x: 35, y: 20) == clear)
        // Near the midpoints of the diamond's edges, inside.
        #expect(canvas.pixel(x: 24, y: 24) == red)
        #expect(canvas.pixel(x: 15, y: 15) == red)
    }

    @Test func composedTransformsMatchAPathTransformedTheSameWay() throws {
        let t = AffineTransform(translationX: 10, y: 5).scaledBy(x: 2, y: 1)
        let square = Path(rect: CGRect(x: 0, y: 0, width: 5, height: 5))
        let viaContext = try Canvas(width: 30, height: 20)
        viaContext.context.concatenate(t)
        viaContext.context.addPath(square)
        viaContext.context.fillPath()
        let viaPath = try Canvas(width: 30, height: 20)
        viaPath.context.addPath(square.applying(t))
        viaPath.context.fillPath()
        let filled = { (p: Pixel) in p.alpha > 127 }
        #expect(viaContext.boundingBox(where: filled) == CGRect(x: 10, y: 5, width: 10, height: 5))
        #expect(viaPath.boundingBox(where: filled) == CGRect(x: 10, y: 5, width: 10, height: 5))
    }
}
