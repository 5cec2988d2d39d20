import Foundation
import Testing

@testable import FrameDraw

@Suite("Clipping")
struct ClippingTests {
    private let red = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    private let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)

    @Test func clipToRectLimitsPaintingAndResetClipRestores() throws {
        let canvas = try Canvas(width: 20, height: 20)
        let ctx = canvas.context
        ctx.setFillColor(.red)
        ctx.clip(to: CGRect(x: 5, y: 5, width: 10, height: 10))
        ctx.fill(canvas.context.bounds)
        #expect(canvas.pixel(x: 5, y: 5) == red)
        #expect(canvas.pixel(x: 14, y: 14) == red)
        #expect(canvas.pixel(x: 4, y: 10) == clear)
        #expect(canvas.pixel(x: 15, y: 10) == clear)
        #expect(canvas.pixel(x: 10, y: 4) == clear)

        ctx.resetClip()
        ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 3))
        #expect(canvas.pixel(x: 1, y: 1) == red)
    }

    @Test func clipToRectKeepsTheCurrentPath() throws {
        let canvas = try Canvas(width: 20, height: 20)
        let ctx = canvas.context
        ctx.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 20))
        ctx.fillPath()
        #expect(canvas.pixel(x: 5, y: 5).alpha == 255)
        #expect(canvas.pixel(x: 15, y: 5) == clear)
    }

    @Test func clipIsRestoredWithTheGraphicsState() throws {
        let canvas = try Canvas(width: 20, height: 20)
        let ctx = canvas.context
        ctx.setFillColor(.red)
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 5, height: 5))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(canvas.pixel(x: 10, y: 10) == clear)
        ctx.restoreGState()
        ctx.fill(CGRect(x: 8, y: 8, width: 4, height: 4))
        #expect(canvas.pixel(x: 10, y: 10) == red)
    }

    @Test func resetClipDoesNotOutliveRestore() throws {
        let canvas = try Canvas(width: 20, height: 20)
        let ctx = canvas.context
        ctx.setFillColor(.red)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 20))
        ctx.saveGState()
        ctx.resetClip()
        ctx.fill(CGRect(x: 15, y: 0, width: 5, height: 5))
        #expect(canvas.pixel(x: 17, y: 2) == red)
        ctx.restoreGState()
        ctx.fill(CGRect(x: 15, y: 10, width: 5, height: 5))
        #expect(canvas.pixel(x: 17, y: 12) == clear)
    }

    @Test func clipToPathHonoursTheFillRule() throws {
        var frame = Path(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
        frame.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))

        let evenOdd = try Canvas(width: 20, height: 20)
        evenOdd.context.clip(to: frame, using: .evenOdd)
        evenOdd.context.fill(evenOdd.context.bounds)
        #expect(evenOdd.pixel(x: 10, y: 10) == clear)
        #expect(evenOdd.pixel(x: 2, y: 2).alpha == 255)

        let winding = try Canvas(width: 20, height: 20)
        winding.context.clip(to: frame)
        winding.context.fill(winding.context.bounds)
        #expect(winding.pixel(x: 10, y: 10).alpha == 255)
    }

    @Test func clipUsingCurrentPathConsumesIt() throws {
        let canvas = try Canvas(width: 20, height: 20)
        let ctx = canvas.context
        ctx.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.clip()
        #expect(ctx.isPathEmpty)
        ctx.fill(ctx.bounds)
        #expect(canvas.pixel(x: 10, y: 10).alpha == 255)
        #expect(canvas.pixel(x: 0, y: 0) == clear)
        #expect(canvas.pixel(x: 19, y: 19) == clear)
    }

    @Test func antialiasingCanBeTurnedOff() throws {
        let smooth = try Canvas(width: 10, height: 10)
        smooth.context.fill(CGRect(x: 2.5, y: 2, width: 5, height: 5))
        #expect(smooth.pixel(x: 2, y: 4).alpha > 0 && smooth.pixel(x: 2, y: 4).alpha < 255)

        let aliased = try Canvas(width: 10, height: 10)
        aliased.context.setShouldAntialias(false)
        aliased.context.fill(CGRect(x: 2.5, y: 2, width: 5, height: 5))
        let edge = aliased.pixel(x: 2, y: 4).alpha
        #expect(edge == 0 || edge == 255)
    }
}
