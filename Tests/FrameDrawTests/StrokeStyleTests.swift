import Foundation
import Testing

@testable import FrameDraw

@Suite("Stroke style")
struct StrokeStyleTests {
    private let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)

    /// Strokes a 4-wide horizontal line from x = 10 to x = 30 at y = 10 with `cap`.
    private func line(cap: LineCap) throws -> Canvas {
        let canvas = try Canvas(width: 40, height: 20)
        let ctx = canvas.context
        ctx.setLineWidth(4)
        ctx.setLineCap(cap)
        ctx.move(to: CGPoint(x: 10, y: 10))
        ctx.addLine(to: CGPoint(x: 30, y: 10))
        ctx.strokePath()
        return canvas
    }

    @Test func lineCapsExtendTheEnds() throws {
        let butt = try line(cap: .butt)
        #expect(butt.boundingBox(where: { $0.alpha > 0 }) == CGRect(x: 10, y: 8, width: 20, height: 4))

        let square = try line(cap: .square)
        #expect(square.boundingBox(where: { $0.alpha > 0 }) == CGRect(x: 8, y: 8, width: 24, height: 4))
        #expect(square.pixel(x: 8, y: 8).alpha == 255)  // A square cap fills the corner.

        let round = try line(cap: .round)
        #expect(round.pixel(x: 8, y: 9).alpha > 200)  // The cap's middle reaches 2 px out.
        #expect(round.pixel(x: 8, y: 8).alpha < 200)  // Its corner is rounded off.
        #expect(round.pixel(x: 8, y: 8).alpha < square.pixel(x: 8, y: 8).alpha)
    }

    @Test func dashesLeaveGapsWhereThePatternSaysSo() throws {
        let canvas = try Canvas(width: 40, height: 10)
        let ctx = canvas.context
        ctx.setLineWidth(2)
        ctx.setLineDash(phase: 0, lengths: [4, 2])
        ctx.move(to: CGPoint(x: 0, y: 5))
        ctx.addLine(to: CGPoint(x: 40, y: 5))
        ctx.strokePath()
        // Painted on [0,4), [6,10), [12,16) …; gaps on [4,6), [10,12) ….
        for x in [0, 3, 6, 9, 12, 15, 36] {
            #expect(canvas.pixel(x: x, y: 5).alpha == 255, "x = \(x) should be painted")
        }
        for x in [4, 5, 10, 11, 34, 35] { #expect(canvas.pixel(x: x, y: 5) == clear, "x = \(x) should be a gap") }
    }

    @Test func dashPhaseShiftsThePattern() throws {
        let canvas = try Canvas(width: 40, height: 10)
        let ctx = canvas.context
        ctx.setLineWidth(2)
        ctx.setLineDash(phase: 2, lengths: [4, 2])
        ctx.move(to: CGPoint(x: 0, y: 5))
        ctx.addLine(to: CGPoint(x: 40, y: 5))
        ctx.strokePath()
        // Starting 2 into the pattern: painted on [0,2), gap [2,4), painted [4,8) ….
        #expect(canvas.pixel(x: 1, y: 5).alpha == 255)
        #expect(canvas.pixel(x: 2, y: 5) == clear)
        #expect(canvas.pixel(x: 3, y: 5) == clear)
        #expect(canvas.pixel(x: 5, y: 5).alpha == 255)

        // An empty pattern strokes solid again.
        let solid = try Canvas(width: 40, height: 10)
        solid.context.setLineWidth(2)
        solid.context.setLineDash(phase: 0, lengths: [4, 2])
        solid.context.setLineDash(phase: 0, lengths: [])
        solid.context.move(to: CGPoint(x: 0, y: 5))
        solid.context.addLine(to: CGPoint(x: 40, y: 5))
        solid.context.strokePath()
        #expect(solid.positions(where: { $0.alpha == 255 }).count == 80)
    }

    @Test func lineJoinsShapeTheCorner() throws {
        func corner(_ join: LineJoin, miterLimit: Double = 10) throws -> Pixel {
            let canvas = try Canvas(width: 40, height: 40)
            let ctx = canvas.context
            ctx.setLineWidth(10)
            ctx.setLineJoin(join)
            ctx.setMiterLimit(miterLimit)
            ctx.move(to: CGPoint(x: 5, y: 20))
            ctx.addLine(to: CGPoint(x: 20, y: 20))
            ctx.addLine(to: CGPoint(x: 20, y: 35))
            ctx.strokePath()
            // The outer corner of a miter join is at (25, 15).
            return canvas.pixel(x: 24, y: 15)
        }
        #expect(try corner(.miter).alpha == 255)
        #expect(try corner(.bevel) == clear)
        #expect(try corner(.round).alpha < 255)
        // A miter limit below √2 turns a right-angle miter into a bevel.
        #expect(try corner(.miter, miterLimit: 1.2) == clear)
    }
}
