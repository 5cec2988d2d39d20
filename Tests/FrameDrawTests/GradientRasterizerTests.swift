import Foundation
import FrameDraw
import Testing

/// Large gradients are drawn by FrameDraw's own rasterizer (GradientRasterizer.swift) instead of pixman's
/// per-pixel walker. These tests draw the same thing both ways and require the same pixels: the rasterizer
/// must be a faster route to Cairo's picture, not a different picture.
@Suite("Gradient rasterizer")
struct GradientRasterizerTests {
    static let width = 240
    static let height = 200

    /// A case: what to draw, and whether the rasterizer is expected to draw it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// How many pixels may differ by more than 2: those on the abrupt edge of a gradient that does not
        /// extend, where rounding puts a pixel centre on either side.
        var hardEdgePixels = 0
        var draw: @Sendable (DrawingContext) -> Void
        var testDescription: String { name }
    }

    static let threeStops = try? Gradient(
        colors: [Color(red: 0.9, green: 0.2, blue: 0.1), Color(red: 0.1, green: 0.6, blue: 0.9, alpha: 0.5), .white],
        locations: [0.1, 0.6, 0.9])
    static let stops = threeStops ?? Gradient(colors: [.red, .blue])

    static let cases: [Case] = [
        Case(name: "linear fill under rotation and skew") { context in
            context.translateBy(x: 120, y: 100)
            context.rotate(by: 0.6)
            context.concatenate(AffineTransform(a: 1, b: 0.2, c: -0.3, d: 0.8, tx: 0, ty: 0))
            context.addRect(CGRect(x: -100, y: -80, width: 200, height: 160))
            context.fillPath(with: stops, start: CGPoint(x: -60, y: -10), end: CGPoint(x: 70, y: 30))
        },
        Case(name: "nearly vertical linear fill") { context in
            context.addEllipse(in: CGRect(x: 10, y: 10, width: 220, height: 180))
            context.fillPath(with: stops, start: CGPoint(x: 0, y: 20), end: CGPoint(x: 3, y: 180))
        },
        Case(name: "full-canvas linear background, opaque") { context in
            context.addRect(context.bounds)
            context.fillPath(
                with: Gradient(colors: [Color(rgb: 0x1D3557), Color(rgb: 0xE63946)]), start: CGPoint(x: 10, y: 190),
                end: CGPoint(x: 230, y: 5))
        },
        Case(name: "concentric radial fill") { context in
            context.addRect(CGRect(x: 5, y: 5, width: 230, height: 190))
            context.fillPath(
                with: stops, startCenter: CGPoint(x: 120, y: 100), startRadius: 0, endCenter: CGPoint(x: 120, y: 100),
                endRadius: 90)
        },
        Case(name: "radial fill with a focal point (Lottie's highlight)") { context in
            context.addRect(CGRect(x: 0, y: 0, width: 240, height: 200))
            context.fillPath(
                with: stops, startCenter: CGPoint(x: 150, y: 80), startRadius: 0, endCenter: CGPoint(x: 120, y: 100),
                endRadius: 80)
        },
        Case(name: "radial fill of circles that are not nested") { context in
            context.addRect(CGRect(x: 0, y: 0, width: 240, height: 200))
            context.fillPath(
                with: stops, startCenter: CGPoint(x: 50, y: 100), startRadius: 20, endCenter: CGPoint(x: 180, y: 90),
                endRadius: 50)
        },
        Case(name: "radial fill squashed into an ellipse") { context in
            context.scaleBy(x: 2.2, y: 0.7)
            context.addRect(CGRect(x: 0, y: 0, width: 110, height: 280))
            context.fillPath(
                with: stops, startCenter: CGPoint(x: 55, y: 140), startRadius: 10, endCenter: CGPoint(x: 55, y: 140),
                endRadius: 60)
        },
        Case(name: "drawLinearGradient with one end extended") { context in
            context.drawLinearGradient(
                stops, start: CGPoint(x: 40, y: 30), end: CGPoint(x: 200, y: 170), options: .drawsAfterEndLocation)
        },
        Case(name: "drawRadialGradient without extension", hardEdgePixels: 8) { context in
            context.drawRadialGradient(
                stops, startCenter: CGPoint(x: 100, y: 90), startRadius: 15, endCenter: CGPoint(x: 120, y: 100),
                endRadius: 85)
        },
        Case(name: "drawRadialGradient extended after the end") { context in
            context.drawRadialGradient(
                stops, startCenter: CGPoint(x: 120, y: 100), startRadius: 20, endCenter: CGPoint(x: 120, y: 100),
                endRadius: 70, options: .drawsAfterEndLocation)
        },
        Case(name: "wide gradient stroke") { context in
            context.setLineWidth(24)
            context.addEllipse(in: CGRect(x: 30, y: 30, width: 180, height: 140))
            context.strokePath(with: stops, start: CGPoint(x: 30, y: 0), end: CGPoint(x: 210, y: 0))
        },
        Case(name: "global alpha, multiply blending and a clip") { context in
            context.setFillColor(Color(rgb: 0x88CC44))
            context.fill(context.bounds)
            context.setAlpha(0.6)
            context.setBlendMode(.multiply)
            context.clip(to: CGRect(x: 20, y: 15, width: 190, height: 170))
            context.addEllipse(in: CGRect(x: 0, y: 0, width: 240, height: 200))
            context.fillPath(
                with: stops, startCenter: CGPoint(x: 80, y: 70), startRadius: 5, endCenter: CGPoint(x: 120, y: 100),
                endRadius: 110)
        },
        Case(name: "shadowed gradient fill") { context in
            context.setShadow(offset: CGSize(width: 8, height: 6), blur: 6, color: Color(white: 0, alpha: 0.6))
            context.addRect(CGRect(x: 30, y: 30, width: 160, height: 120))
            context.fillPath(with: stops, start: CGPoint(x: 30, y: 30), end: CGPoint(x: 190, y: 150))
        }
    ]

    /// Draws `testCase` through the rasterizer and through Cairo's patterns.
    func drawBothWays(_ testCase: Case) throws -> (rasterized: Canvas, cairo: Canvas, rasterizedCount: Int) {
        let rasterized = try Canvas(width: Self.width, height: Self.height)
        rasterized.context.minimumRasterizedGradientArea = 0
        testCase.draw(rasterized.context)
        try rasterized.context.checkStatus()
        let cairo = try Canvas(width: Self.width, height: Self.height)
        cairo.context.minimumRasterizedGradientArea = .max
        testCase.draw(cairo.context)
        try cairo.context.checkStatus()
        #expect(cairo.context.rasterizedGradientCountForTesting == 0)
        return (rasterized, cairo, rasterized.context.rasterizedGradientCountForTesting)
    }

    /// pixman fills each row of a gradient that does not change along rows with one colour, faster
    /// than a rasterized image can be composited: such gradients keep Cairo's pattern, even rotated
    /// or scaled into that position.
    @Test func gradientsConstantAlongRowsAreLeftToPixman() throws {
        for transformed in [false, true] {
            let canvas = try Canvas(width: Self.width, height: Self.height)
            canvas.context.minimumRasterizedGradientArea = 0
            if transformed {
                // A horizontal gradient turned a quarter turn runs down the device rows.
                canvas.context.translateBy(x: Double(Self.width), y: 0)
                canvas.context.rotate(by: .pi / 2)
                canvas.context.scaleBy(x: 2, y: 1)
            }
            canvas.context.addRect(CGRect(x: -1000, y: -1000, width: 3000, height: 3000))
            let end = transformed ? CGPoint(x: 90, y: 0) : CGPoint(x: 0, y: 180)
            canvas.context.fillPath(with: Self.stops, start: .zero, end: end)
            try canvas.context.checkStatus()
            #expect(canvas.context.rasterizedGradientCountForTesting == 0, "transformed: \(transformed)")
            // Still a gradient down the rows, the same across each row.
            #expect(canvas.pixel(x: 5, y: 10) == canvas.pixel(x: Self.width - 5, y: 10))
            #expect(canvas.pixel(x: 5, y: 10) != canvas.pixel(x: 5, y: Self.height - 10))
        }
    }

    @Test(arguments: cases)
    func rasterizedGradientsMatchCairosPatterns(_ testCase: Case) throws {
        let (rasterized, cairo, count) = try drawBothWays(testCase)
        #expect(count > 0, "the rasterizer drew the gradient")
        var worst = 0
        var worstAt = (x: 0, y: 0)
        var painted = 0
        var outliers = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let a = rasterized.pixel(x: x, y: y)
                let b = cairo.pixel(x: x, y: y)
                if b.alpha > 0 { painted += 1 }
                let difference =
                    [
                        abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)),
                        abs(Int(a.alpha) - Int(b.alpha))
                    ].max() ?? 0
                if difference > 2 { outliers += 1 }
                if difference > worst { (worst, worstAt) = (difference, (x, y)) }
            }
        }
        #expect(painted > Self.width * Self.height / 10, "the case paints a sizeable area")
        // A gradient that does not extend ends abruptly at its first and last stops; a pixel whose centre
        // lies within rounding error of that circle may fall on either side.
        #expect(outliers <= testCase.hardEdgePixels, "\(outliers) pixels differ by more than 2")
        #expect(
            worst <= 2 || outliers <= testCase.hardEdgePixels,
            "largest channel difference \(worst) at \(worstAt): \(rasterized.pixel(x: worstAt.x, y: worstAt.y)) against Cairo's \(cairo.pixel(x: worstAt.x, y: worstAt.y))"
        )
    }

    @Test func smallFillsUseCairosPatternAndLargeOnesTheRasterizer() throws {
        let canvas = try Canvas(width: 400, height: 300)
        canvas.context.minimumRasterizedGradientArea = 128 * 128
        canvas.context.addRect(CGRect(x: 10, y: 10, width: 40, height: 40))
        canvas.context.fillPath(with: Self.stops, start: .zero, end: CGPoint(x: 50, y: 50))
        #expect(canvas.context.rasterizedGradientCountForTesting == 0)
        canvas.context.addRect(CGRect(x: 0, y: 0, width: 400, height: 300))
        canvas.context.fillPath(with: Self.stops, start: .zero, end: CGPoint(x: 400, y: 300))
        #expect(canvas.context.rasterizedGradientCountForTesting == 1)
    }

    @Test func coincidentStopsMakeAHardEdgeWhereCairoPutsIt() throws {
        let hard = try Gradient(colors: [.red, .red, .blue, .blue], locations: [0, 0.5, 0.5, 1])
        let canvas = try Canvas(width: 200, height: 100)
        canvas.context.addRect(canvas.context.bounds)
        canvas.context.fillPath(with: hard, start: .zero, end: CGPoint(x: 200, y: 0))
        #expect(canvas.context.rasterizedGradientCountForTesting == 1)
        #expect(canvas.pixel(x: 99, y: 50) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(canvas.pixel(x: 100, y: 50) == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    @Test func degenerateGradientsDrawAsCairoDoes() throws {
        // A zero-length linear gradient and a cone of two equal circles at one centre: the rasterizer
        // declines and Cairo's rules decide, as before.
        for draw in [
            { (context: DrawingContext) in
                context.addRect(context.bounds)
                context.fillPath(with: Self.stops, start: CGPoint(x: 50, y: 50), end: CGPoint(x: 50, y: 50))
            },
            { (context: DrawingContext) in
                context.addRect(context.bounds)
                context.fillPath(
                    with: Self.stops, startCenter: CGPoint(x: 50, y: 50), startRadius: 10,
                    endCenter: CGPoint(x: 50, y: 50), endRadius: 10)
            }
        ] {
            let rasterized = try Canvas(width: 160, height: 160)
            draw(rasterized.context)
            let cairo = try Canvas(width: 160, height: 160)
            cairo.context.minimumRasterizedGradientArea = .max
            draw(cairo.context)
            for (x, y) in [(5, 5), (50, 50), (150, 100)] {
                #expect(rasterized.pixel(x: x, y: y) == cairo.pixel(x: x, y: y), "(\(x), \(y))")
            }
        }
    }

    @Test(arguments: [
        (CGPoint(x: 1e15, y: 0), CGPoint(x: 1e15 + 1, y: 0), 1.0),
        (CGPoint(x: 0, y: 0), CGPoint(x: 1e-7, y: 0), 1.0),
        (CGPoint(x: -1e9, y: -1e9), CGPoint(x: 1e9, y: 1e9), 1.0),
        (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), 1e8),
        (CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), 1e-8)
    ])
    func extremeGeometryRendersWithoutFailing(start: CGPoint, end: CGPoint, scale: Double) throws {
        let canvas = try Canvas(width: 160, height: 160)
        canvas.context.scaleBy(x: scale, y: scale)
        let canvasInUserSpace = CGRect(x: 0, y: 0, width: 160 / scale, height: 160 / scale)
        canvas.context.addRect(canvasInUserSpace)
        canvas.context.fillPath(with: Self.stops, start: start, end: end)
        canvas.context.addRect(canvasInUserSpace)
        canvas.context.fillPath(
            with: Self.stops, startCenter: start, startRadius: 0, endCenter: end, endRadius: abs(end.x - start.x) * 1e6)
        try canvas.context.checkStatus()
        // Painted by one rasterizer or the other: whatever the geometry, no pixel is left unpainted.
        #expect(canvas.positions { $0.alpha == 0 }.isEmpty)
    }
}
