import Foundation
import FrameDraw
import Testing

@Suite("Gradient values")
struct GradientValueTests {
    @Test func colorsAloneAreSpacedEvenlyWithoutTry() throws {
        let gradient = Gradient(colors: [.red, .green, .blue])
        #expect(gradient.locations == [0, 0.5, 1])
        #expect(gradient.colors == [.red, .green, .blue])
        #expect(
            gradient == (try Gradient(colors: [.red, .green, .blue], locations: nil)), "the same as the checked form")
        let four = Gradient(colors: [Color(rgb: 0x1D3557), Color(rgb: 0x0E1A2B), .white, .black])
        #expect(four.locations == [0, 1.0 / 3, 2.0 / 3, 1])
    }

    @Test func fewerThanTwoColoursWithoutLocationsStopTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = Gradient(colors: [.red])
        }
    }

    @Test func equalNeighbouringLocationsAreAllowed() throws {
        let gradient = try Gradient(colors: [.red, .blue, .green], locations: [0, 0.5, 0.5])
        #expect(gradient.locations == [0, 0.5, 0.5])
    }

    @Test(arguments: [
        ([Color.red], nil as [Double]?, "has 1 colour but needs at least 2"),
        ([Color.red, .blue], [0.0], "has 2 colours but 1 locations"),
        ([Color.red, .blue], [0.0, 1.5], "location 1.5 at index 1 is outside 0...1"),
        ([Color.red, .blue], [-0.1, 1.0], "location -0.1 at index 0 is outside 0...1"),
        ([Color.red, .blue, .green], [0.0, 0.8, 0.4], "location 0.4 at index 2 comes after 0.8"),
        ([Color.red, .blue], [0.0, Double.nan], "is outside 0...1")
    ])
    func invalidGradientsThrowAFullSentence(colors: [Color], locations: [Double]?, fragment: String) {
        do {
            _ = try Gradient(colors: colors, locations: locations)
            Issue.record("Expected Gradient(colors: \(colors), locations: \(String(describing: locations))) to throw.")
        } catch let error as FrameDrawError {
            guard case .invalidGradient = error else {
                Issue.record("Expected invalidGradient, got \(error).")
                return
            }
            #expect(error.description.hasPrefix("The gradient is not valid: "))
            #expect(error.description.contains(fragment))
            #expect(error.description.hasSuffix("."))
        } catch {
            Issue.record("Unexpected error \(error).")
        }
    }
}

@Suite("Drawing gradients")
struct GradientDrawingTests {
    let redToBlue: Gradient

    init() {
        redToBlue = Gradient(colors: [.red, .blue])
    }

    /// The expected red→blue pixel at parameter `t`, clamped to `0...1`.
    func redBlue(_ t: Double, alpha: Double = 1) -> Pixel {
        let u = min(max(t, 0), 1)
        func byte(_ v: Double) -> UInt8 { UInt8((v * alpha * 255).rounded()) }
        return Pixel(red: byte(1 - u), green: 0, blue: byte(u), alpha: byte(1))
    }

    let transparent = Pixel(red: 0, green: 0, blue: 0, alpha: 0)

    @Test func linearGradientHasItsColoursAtBothEndsAndTheMidpoint() throws {
        let canvas = try Canvas(width: 100, height: 4)
        canvas.context.drawLinearGradient(
            redToBlue, start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        for x in [2, 19, 20, 35, 50, 65, 79, 80, 97] {
            let expected = redBlue((Double(x) + 0.5 - 20) / 60)
            #expect(
                canvas.pixel(x: x, y: 2).isClose(to: expected), "x = \(x): \(canvas.pixel(x: x, y: 2)) vs \(expected)")
        }
    }

    @Test(arguments: [
        (GradientDrawingOptions(), false, false),
        (GradientDrawingOptions.drawsBeforeStartLocation, true, false),
        (GradientDrawingOptions.drawsAfterEndLocation, false, true),
        (GradientDrawingOptions([.drawsBeforeStartLocation, .drawsAfterEndLocation]), true, true)
    ])
    func linearOptionsDecideWhatIsPaintedBeyondTheEnds(options: GradientDrawingOptions, before: Bool, after: Bool)
        throws
    {
        let canvas = try Canvas(width: 100, height: 100)
        // A diagonal axis checks the band is perpendicular to it, not to the x axis.
        canvas.context.drawLinearGradient(
            redToBlue, start: CGPoint(x: 30, y: 30), end: CGPoint(x: 70, y: 70), options: options)
        #expect(canvas.pixel(x: 50, y: 50).isClose(to: redBlue(0.5125)))
        #expect(canvas.pixel(x: 80, y: 20).isClose(to: redBlue(0.5125)))  // On the perpendicular through the middle.
        #expect(canvas.pixel(x: 5, y: 5) == (before ? redBlue(0) : transparent))
        #expect(canvas.pixel(x: 94, y: 94) == (after ? redBlue(1) : transparent))
        #expect(canvas.pixel(x: 0, y: 50) == (before ? redBlue(0) : transparent))
        #expect(canvas.pixel(x: 99, y: 60) == (after ? redBlue(1) : transparent))
    }

    @Test(arguments: [
        (GradientDrawingOptions(), false, false),
        (GradientDrawingOptions.drawsBeforeStartLocation, true, false),
        (GradientDrawingOptions.drawsAfterEndLocation, false, true),
        (GradientDrawingOptions([.drawsBeforeStartLocation, .drawsAfterEndLocation]), true, true)
    ])
    func radialGradientInterpolatesBetweenCirclesAndHonoursOptions(
        options: GradientDrawingOptions, before: Bool, after: Bool
    ) throws {
        let canvas = try Canvas(width: 100, height: 100)
        canvas.context.drawRadialGradient(
            redToBlue, startCenter: CGPoint(x: 50, y: 50), startRadius: 10,
            endCenter: CGPoint(x: 50, y: 50), endRadius: 40, options: options)
        // Pixel (75, 50) has its centre 25.5 from the middle: t = 15.5 / 30.
        #expect(canvas.pixel(x: 75, y: 50).isClose(to: redBlue(15.5 / 30)))
        #expect(canvas.pixel(x: 50, y: 35).isClose(to: redBlue(4.5 / 30)))
        #expect(canvas.pixel(x: 50, y: 50) == (before ? redBlue(0) : transparent))
        #expect(canvas.pixel(x: 2, y: 2) == (after ? redBlue(1) : transparent))
    }

    @Test func radialOptionsWorkForCirclesThatAreNotNested() throws {
        // Equal circles side by side: a cylinder that extends to the right "after" and to the left "before".
        for (options, left, right) in [
            (GradientDrawingOptions.drawsAfterEndLocation, transparent, redBlue(1)),
            (GradientDrawingOptions.drawsBeforeStartLocation, redBlue(0), transparent)
        ] {
            let canvas = try Canvas(width: 100, height: 40)
            canvas.context.drawRadialGradient(
                redToBlue, startCenter: CGPoint(x: 30, y: 20), startRadius: 10,
                endCenter: CGPoint(x: 70, y: 20), endRadius: 10, options: options)
            #expect(canvas.pixel(x: 3, y: 20) == left, "\(options)")
            #expect(canvas.pixel(x: 96, y: 20) == right, "\(options)")
            // Between the circles later circles cover earlier ones: x = 59.5 lies on the left edge of t = 0.9875.
            #expect(canvas.pixel(x: 59, y: 20).isClose(to: redBlue(39.5 / 40), tolerance: 3), "\(options)")
            #expect(canvas.pixel(x: 50, y: 2) == transparent, "\(options)")
        }
    }

    @Test func gradientFillIsConfinedToThePathAndClearsIt() throws {
        let canvas = try Canvas(width: 60, height: 60)
        let ctx = canvas.context
        ctx.addRect(CGRect(x: 10, y: 10, width: 40, height: 20))
        ctx.fillPath(with: redToBlue, start: CGPoint(x: 10, y: 0), end: CGPoint(x: 50, y: 0))
        #expect(ctx.isPathEmpty)
        #expect(canvas.pixel(x: 10, y: 15).isClose(to: redBlue(0.5 / 40)))
        #expect(canvas.pixel(x: 30, y: 15).isClose(to: redBlue(20.5 / 40)))
        #expect(canvas.pixel(x: 49, y: 29).isClose(to: redBlue(39.5 / 40)))
        for (x, y) in [(9, 15), (50, 15), (30, 9), (30, 30), (5, 45)] {
            #expect(canvas.pixel(x: x, y: y) == transparent, "(\(x), \(y))")
        }
    }

    @Test func radialGradientFillIsConfinedToThePath() throws {
        let canvas = try Canvas(width: 60, height: 60)
        let ctx = canvas.context
        ctx.addEllipse(in: CGRect(x: 10, y: 10, width: 40, height: 40))
        ctx.fillPath(
            with: redToBlue, startCenter: CGPoint(x: 30, y: 30), startRadius: 0,
            endCenter: CGPoint(x: 30, y: 30), endRadius: 20, using: .evenOdd)
        #expect(ctx.isPathEmpty)
        #expect(canvas.pixel(x: 29, y: 29).isClose(to: redBlue(0.707 / 20)))
        #expect(canvas.pixel(x: 40, y: 30).isClose(to: redBlue(10.5 / 20)))
        #expect(canvas.pixel(x: 12, y: 12) == transparent)
        #expect(canvas.pixel(x: 30, y: 55) == transparent)
    }

    @Test func globalAlphaAppliesToGradients() throws {
        let canvas = try Canvas(width: 40, height: 40)
        let ctx = canvas.context
        ctx.setAlpha(0.5)
        ctx.drawLinearGradient(
            redToBlue, start: .zero, end: CGPoint(x: 40, y: 0),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(canvas.pixel(x: 0, y: 5).isClose(to: Pixel(red: 125, green: 0, blue: 2, alpha: 128)))
        ctx.addRect(CGRect(x: 0, y: 20, width: 40, height: 20))
        ctx.setBlendMode(.copy)
        ctx.fillPath(with: redToBlue, start: .zero, end: CGPoint(x: 40, y: 0))
        #expect(canvas.pixel(x: 39, y: 30).isClose(to: Pixel(red: 2, green: 0, blue: 125, alpha: 128)))
    }

    @Test func gradientFollowsTheTransformAndKeepsTheCurrentPath() throws {
        let canvas = try Canvas(width: 40, height: 40)
        let ctx = canvas.context
        ctx.scaleBy(x: 2, y: 2)
        ctx.addRect(CGRect(x: 1, y: 1, width: 2, height: 2))
        ctx.drawLinearGradient(redToBlue, start: .zero, end: CGPoint(x: 0, y: 10), options: [])
        #expect(!ctx.isPathEmpty)
        #expect(canvas.pixel(x: 30, y: 10).isClose(to: redBlue(10.5 / 20)))
        #expect(canvas.pixel(x: 30, y: 25) == transparent)
        try ctx.checkStatus()
    }
}
