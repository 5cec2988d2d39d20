import Foundation
import Testing

@testable import FrameDraw

/// Dashed strokes that would make more dashes than Cairo can hold (DashedStroke.swift): FrameDraw
/// dashes the visible part itself, or strokes it through a mask of the dashes' coverage.
@Suite("Dashed strokes past Cairo's reach")
struct DashedStrokeTests {
    /// Found by FuzzSceneRender: a path layer with a coordinate of 1e300, which Cairo clamps to the
    /// edge of its range, dashed in 0.01-pixel steps. Cairo alone spent seconds on it, then reported
    /// an out-of-memory error for every later drawing call.
    @Test(arguments: [false, true])
    func aDashedLineAtTheEdgeOfCairosRangeLeavesTheContextUsable(shadow: Bool) throws {
        let canvas = try Canvas(width: 48, height: 4)
        canvas.context.saveGState()
        canvas.context.translateBy(x: 0, y: 0.43)
        canvas.context.scaleBy(x: 0.0029296875, y: 0.0029296875)
        if shadow { canvas.context.setShadow(offset: CGSize(width: 8, height: 5.6), blur: 8, color: .black) }
        canvas.context.move(to: CGPoint(x: -35, y: 1e300))
        canvas.context.closePath()
        canvas.context.addLine(to: CGPoint(x: -1e300, y: 1e300))
        canvas.context.setLineWidth(2)
        canvas.context.setLineDash(phase: 0, lengths: [3.821225299458305, 0, 4.496162355992981])
        canvas.context.setStrokeColor(.red)
        canvas.context.strokePath()
        canvas.context.restoreGState()
        try canvas.context.checkStatus()
        canvas.context.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        try canvas.context.checkStatus()
        #expect(canvas.pixel(x: 4, y: 2).alpha == 255)
    }

    /// A line 8 million pixels long (400000 dashes) crossing the canvas keeps its visible dashes where
    /// Cairo puts them on the same line cut to the canvas (the cut falls on a whole number of periods).
    /// Cairo's fixed-point coordinates end near 8.4 million pixels, so the line stays inside them.
    @Test func theVisibleDashesOfAVeryLongLineAreWhereCairoPutsThem() throws {
        let period = 20.0
        let far = 4e6  // a whole number of periods
        let long = try Canvas(width: 200, height: 20)
        long.context.move(to: CGPoint(x: -far, y: 10))
        long.context.addLine(to: CGPoint(x: far, y: 10))
        let short = try Canvas(width: 200, height: 20)
        short.context.move(to: CGPoint(x: -100, y: 10))
        short.context.addLine(to: CGPoint(x: 300, y: 10))
        for canvas in [long, short] {
            canvas.context.setLineWidth(6)
            canvas.context.setLineDash(phase: 3, lengths: [period / 2, period / 2])
            canvas.context.strokePath()
            try canvas.context.checkStatus()
        }
        #expect(long.positions { $0.alpha > 128 }.count > 200 * 6 / 3, "dashes are drawn")
        let differing = (0..<200).filter { !long.pixel(x: $0, y: 10).isClose(to: short.pixel(x: $0, y: 10)) }
        #expect(differing.isEmpty)
    }

    /// FrameDraw's own dashes, forced on an ordinary outline of curves and corners, against Cairo's.
    @Test(arguments: [LineCap.butt, .round, .square])
    func frameDrawsDashesMatchCairos(cap: LineCap) throws {
        func draw(cairoLimit: Int) throws -> Canvas {
            let canvas = try Canvas(width: 160, height: 120)
            canvas.context.dashLimits.cairo = cairoLimit
            canvas.context.translateBy(x: 80, y: 60)
            canvas.context.rotate(by: 0.3)
            canvas.context.addRoundedRect(CGRect(x: -60, y: -40, width: 120, height: 80), cornerRadius: 25)
            canvas.context.move(to: CGPoint(x: -50, y: 0))
            canvas.context.addCurve(to: CGPoint(x: 50, y: 0), control1: CGPoint(x: -20, y: -60), control2: .zero)
            canvas.context.setLineWidth(5)
            canvas.context.setLineCap(cap)
            canvas.context.setLineDash(phase: 4, lengths: [12, 5, 3])
            canvas.context.setStrokeColor(.blue)
            canvas.context.strokePath()
            try canvas.context.checkStatus()
            return canvas
        }
        let cairo = try draw(cairoLimit: .max)
        let ours = try draw(cairoLimit: 0)
        let (differing, inked) = ours.difference(from: cairo, tolerance: 24)
        #expect(inked > 1000)
        // Curves are flattened alike but not identically, and a closed outline's first and last dash
        // meet in a join with Cairo and in two caps here.
        #expect(differing * 100 < inked * 3, "\(differing) of \(inked) inked pixels differ")
    }

    /// Dashes finer than a pixel, too many even where visible, stroke as a solid line with the
    /// dashes' share of coverage, as Cairo's anti-aliasing of them does.
    @Test func dashesFinerThanAPixelCoverTheirShare() throws {
        func draw(limits: DashLimits) throws -> Canvas {
            let canvas = try Canvas(width: 200, height: 20)
            canvas.context.dashLimits = limits
            canvas.context.move(to: CGPoint(x: -10, y: 10))
            canvas.context.addLine(to: CGPoint(x: 210, y: 10))
            canvas.context.setLineWidth(8)
            canvas.context.setLineDash(phase: 0, lengths: [0.05, 0.15])
            canvas.context.strokePath()
            try canvas.context.checkStatus()
            return canvas
        }
        // 1100 dashes: Cairo's, and FrameDraw's when it may make only 100.
        let cairo = try draw(limits: DashLimits())
        let ours = try draw(limits: DashLimits(cairo: 100, own: 100))
        for x in stride(from: 5, to: 200, by: 17) {
            let alpha = Int(ours.pixel(x: x, y: 10).alpha)
            #expect(abs(alpha - 64) <= 2, "a quarter covered at column \(x): \(alpha)")
            #expect(abs(alpha - Int(cairo.pixel(x: x, y: 10).alpha)) <= 8, "as Cairo at column \(x)")
        }
        #expect(ours.pixel(x: 100, y: 2).alpha == 0, "nothing outside the line")
    }

    /// Found by FuzzSceneRender (a timeout): a layer scaled down a billionfold, whose dashes, a few
    /// units long in its own space, number ten billion across the visible line. Their count is known
    /// from the visible length before any is made, and the line is stroked at their share of coverage.
    @Test func dashesTooManyToWalkAreNotWalked() throws {
        let canvas = try Canvas(width: 40, height: 10)
        canvas.context.translateBy(x: 0, y: 5)
        canvas.context.scaleBy(x: 1e-9, y: 1e-9)
        canvas.context.move(to: CGPoint(x: 0, y: 0))
        canvas.context.addLine(to: CGPoint(x: 40e9, y: 0))
        canvas.context.setLineWidth(4e9)
        canvas.context.setLineDash(phase: 0, lengths: [1, 3])
        canvas.context.strokePath()
        try canvas.context.checkStatus()
        #expect(abs(Int(canvas.pixel(x: 20, y: 5).alpha) - 64) <= 2, "\(canvas.pixel(x: 20, y: 5))")
        let pattern = try #require(DashedStroke(lengths: [1, 3], offset: 0))
        let line = DashedStroke.Polyline(points: [.zero, CGPoint(x: 40e9, y: 0)])
        guard
            case .coverage(let share, let runs) = pattern.plan(
                for: [line], limits: DashLimits(), visiblePart: { _, _ in 0...1 })
        else {
            Issue.record("the plan walks the dashes")
            return
        }
        #expect(share == 0.25 && runs.count == 1)
    }

    @Test func segmentsAreCutToBoxes() {
        let box = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(DrawingContext.part(of: CGPoint(x: -5, y: 5), CGPoint(x: 15, y: 5), inside: box) == 0.25...0.75)
        #expect(DrawingContext.part(of: CGPoint(x: 2, y: 2), CGPoint(x: 3, y: 3), inside: box) == 0...1)
        #expect(DrawingContext.part(of: CGPoint(x: -5, y: -1), CGPoint(x: 15, y: -1), inside: box) == nil)
        #expect(DrawingContext.part(of: CGPoint(x: -5, y: 0), CGPoint(x: 0, y: -5), inside: box) == nil)
        #expect(DrawingContext.part(of: CGPoint(x: -1, y: 3), CGPoint(x: 3, y: -1), inside: box) == 0.25...0.75)
        #expect(DrawingContext.part(of: CGPoint(x: 1e300, y: 1), CGPoint(x: 2e300, y: 1), inside: box) == nil)
        #expect(DrawingContext.part(of: CGPoint(x: -.infinity, y: 1), CGPoint(x: 1, y: 1), inside: box) == nil)
    }

    /// Found by FuzzSceneRender: a 1,000-point star 1e100 wide, moved back into view by its layer, dashed.
    /// Its points sit where the transformation cannot place them to a pixel; Cairo, dashing in user space
    /// and mapping each dash back, took 18 seconds on a 15x46 canvas. Such paths are dashed by FrameDraw.
    @Test func aPathBeyondTheDevicesPrecisionIsDashedByFrameDraw() throws {
        func line(_ x: Double) -> [DashedStroke.Polyline] {
            [DashedStroke.Polyline(points: [CGPoint(x: x, y: 0), CGPoint(x: x, y: 10)])]
        }
        let identity = FrameDraw.AffineTransform.identity
        #expect(!DashedStroke.isBeyondDevicePrecision(line(1e6), ctm: identity))
        #expect(DashedStroke.isBeyondDevicePrecision(line(5e99), ctm: identity))
        #expect(
            DashedStroke.isBeyondDevicePrecision(line(0), ctm: FrameDraw.AffineTransform(translationX: -5e99, y: 0)))
        // A million times magnified, a coordinate of 1e10 is past 2^50 pixels on the device.
        #expect(DashedStroke.isBeyondDevicePrecision(line(1e10), ctm: FrameDraw.AffineTransform(scaleX: 1e6, y: 1e6)))
        #expect(
            !DashedStroke.isBeyondDevicePrecision(line(1e10), ctm: FrameDraw.AffineTransform(scaleX: 1e-6, y: 1e-6)))

        let canvas = try Canvas(width: 15, height: 46)
        canvas.context.translateBy(x: -5e99, y: 20)
        for index in 0...2000 {
            let point = CGPoint(x: 5e99, y: index.isMultiple(of: 2) ? -3.45 : 3.45)
            if index == 0 { canvas.context.move(to: point) } else { canvas.context.addLine(to: point) }
        }
        canvas.context.setLineWidth(7.37)
        canvas.context.setLineDash(phase: 0, lengths: [6.24, 5.77, 1.18])
        canvas.context.setStrokeColor(.red)
        canvas.context.strokePath()
        try canvas.context.checkStatus()
        #expect(!canvas.positions { $0.alpha > 0 }.isEmpty, "the dashes drew where Cairo placed the line")
    }
}
