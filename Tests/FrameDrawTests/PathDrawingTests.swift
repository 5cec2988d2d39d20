import Foundation
import Testing

@testable import FrameDraw

@Suite("Drawing paths")
struct PathDrawingTests {
    private let red = Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    private let blue = Pixel(red: 0, green: 0, blue: 255, alpha: 255)
    private let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)

    private func nestedRects(_ ctx: DrawingContext) {
        ctx.addRect(CGRect(x: 2, y: 2, width: 16, height: 16))
        ctx.addRect(CGRect(x: 6, y: 6, width: 8, height: 8))
    }

    @Test func evenOddLeavesTheHoleWindingFillsIt() throws {
        let eo = try Canvas(width: 20, height: 20)
        eo.context.setFillColor(.red)
        nestedRects(eo.context)
        eo.context.drawPath(using: .eoFill)
        #expect(eo.pixel(x: 10, y: 10) == clear)
        #expect(eo.pixel(x: 4, y: 10) == red)

        let winding = try Canvas(width: 20, height: 20)
        winding.context.setFillColor(.red)
        nestedRects(winding.context)
        winding.context.drawPath(using: .fill)
        #expect(winding.pixel(x: 10, y: 10) == red)
        #expect(winding.pixel(x: 4, y: 10) == red)
        #expect(winding.context.isPathEmpty)
    }

    @Test func fillStrokePaintsStrokeOverFill() throws {
        let canvas = try Canvas(width: 30, height: 30)
        let ctx = canvas.context
        ctx.setFillColor(.red)
        ctx.setStrokeColor(.blue)
        ctx.setLineWidth(2)
        nestedRects(ctx)
        ctx.drawPath(using: .eoFillStroke)
        #expect(canvas.pixel(x: 10, y: 10) == clear)  // The hole.
        #expect(canvas.pixel(x: 4, y: 10) == red)  // Between the two outlines.
        #expect(canvas.pixel(x: 2, y: 10) == blue)  // On the outer outline, inside the fill.
        #expect(canvas.pixel(x: 1, y: 10) == blue)  // Half the line width outside the fill.
        #expect(canvas.pixel(x: 0, y: 10) == clear)

        let strokeOnly = try Canvas(width: 30, height: 30)
        strokeOnly.context.setLineWidth(2)
        strokeOnly.context.setStrokeColor(.blue)
        strokeOnly.context.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        strokeOnly.context.drawPath(using: .stroke)
        #expect(strokeOnly.pixel(x: 5, y: 10) == blue)
        #expect(strokeOnly.pixel(x: 10, y: 10) == clear)

        let windingFillStroke = try Canvas(width: 30, height: 30)
        windingFillStroke.context.setFillColor(.red)
        windingFillStroke.context.setStrokeColor(.blue)
        nestedRects(windingFillStroke.context)
        windingFillStroke.context.drawPath(using: .fillStroke)
        #expect(windingFillStroke.pixel(x: 10, y: 10) == red)
    }

    @Test func clearMakesTheRectTransparentAndKeepsThePath() throws {
        let canvas = try Canvas(width: 20, height: 20, background: 200)
        let ctx = canvas.context
        ctx.setBlendMode(.normal)
        ctx.move(to: CGPoint(x: 1, y: 1))
        ctx.addLine(to: CGPoint(x: 5, y: 1))
        ctx.clear(CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(canvas.pixel(x: 10, y: 10) == clear)
        #expect(canvas.pixel(x: 2, y: 2) == Pixel(red: 200, green: 200, blue: 200, alpha: 255))
        #expect(ctx.currentPointOfPath == CGPoint(x: 5, y: 1))
        // Later drawing paints normally again.
        ctx.setFillColor(.red)
        ctx.fill(CGRect(x: 8, y: 8, width: 4, height: 4))
        #expect(canvas.pixel(x: 10, y: 10) == red)
    }

    @Test func contextAndPathArcsAgree() throws {
        // The same clockwise quarter-circle wedge through the context and through Path fills the same pixels.
        let viaContext = try Canvas(width: 24, height: 24)
        viaContext.context.move(to: CGPoint(x: 2, y: 2))
        viaContext.context.addArc(
            center: CGPoint(x: 2, y: 2), radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        viaContext.context.closePath()
        viaContext.context.fillPath()

        var wedge = Path()
        wedge.move(to: CGPoint(x: 2, y: 2))
        wedge.addArc(center: CGPoint(x: 2, y: 2), radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        wedge.closePath()
        let viaPath = try Canvas(width: 24, height: 24)
        viaPath.context.addPath(wedge)
        viaPath.context.fillPath()

        // Clockwise on screen from 0 to π/2 is the lower-right quarter.
        #expect(viaContext.pixel(x: 10, y: 10).alpha == 255)
        #expect(viaPath.pixel(x: 10, y: 10).alpha == 255)
        for (x, y) in [(3, 3), (16, 16), (20, 4), (4, 20), (2, 21), (21, 2)] {
            #expect(
                viaContext.pixel(x: x, y: y).isClose(to: viaPath.pixel(x: x, y: y), tolerance: 3),
                "Pixel (\(x), \(y)) differs between the context arc and the Path arc.")
        }
        #expect(viaContext.pixel(x: 18, y: 18) == clear)  // Outside the radius.

        // Counter-clockwise from 0 to π/2 covers the other three quarters.
        let counter = try Canvas(width: 44, height: 44)
        counter.context.move(to: CGPoint(x: 22, y: 22))
        counter.context.addArc(
            center: CGPoint(x: 22, y: 22), radius: 20, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        counter.context.closePath()
        counter.context.fillPath()
        #expect(counter.pixel(x: 30, y: 30) == clear)
        #expect(counter.pixel(x: 14, y: 14).alpha == 255)
    }

    @Test func contextTangentArcQuadCurveAndLines() throws {
        let canvas = try Canvas(width: 30, height: 30)
        let ctx = canvas.context
        ctx.move(to: CGPoint(x: 0, y: 0))
        ctx.addArc(tangent1End: CGPoint(x: 20, y: 0), tangent2End: CGPoint(x: 20, y: 20), radius: 10)
        let end = try #require(ctx.currentPointOfPath)
        #expect(abs(end.x - 20) < 1e-9 && abs(end.y - 10) < 1e-9)
        ctx.addQuadCurve(to: CGPoint(x: 0, y: 20), control: CGPoint(x: 20, y: 20))
        #expect(ctx.currentPointOfPath == CGPoint(x: 0, y: 20))
        ctx.closePath()
        ctx.fillPath()
        #expect(canvas.pixel(x: 5, y: 5).alpha == 255)
        #expect(canvas.pixel(x: 19, y: 1) == clear)  // Rounded off by the arc.

        let lines = try Canvas(width: 10, height: 10)
        lines.context.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        lines.context.fillPath()
        #expect(lines.pixel(x: 8, y: 2).alpha == 255)
        #expect(lines.pixel(x: 2, y: 8) == clear)

        let rounded = try Canvas(width: 20, height: 20)
        rounded.context.addRoundedRect(CGRect(x: 0, y: 0, width: 20, height: 20), cornerRadius: 8)
        rounded.context.fillPath()
        #expect(rounded.pixel(x: 0, y: 0) == clear)
        #expect(rounded.pixel(x: 10, y: 0).alpha == 255)
        #expect(rounded.pixel(x: 10, y: 10).alpha == 255)
    }
}
