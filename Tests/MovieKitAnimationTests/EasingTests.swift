import Foundation
import MovieKitAnimation
import TestSupport
import Testing

@Suite("Easing: CSS curves")
struct EasingTests {
    struct Stock: Sendable, CustomTestStringConvertible {
        let easing: Easing
        let points: (Double, Double, Double, Double)
        var testDescription: String { easing.description }
    }

    static let stock: [Stock] = [
        Stock(easing: .ease, points: (0.25, 0.1, 0.25, 1)),
        Stock(easing: .easeIn, points: (0.42, 0, 1, 1)),
        Stock(easing: .easeOut, points: (0, 0, 0.58, 1)),
        Stock(easing: .easeInOut, points: (0.42, 0, 0.58, 1))
    ]

    @Test("ease matches the CSS definition at 0.25, 0.5 and 0.75")
    func easeKnownValues() {
        #expect(near(Easing.ease.value(at: 0.5), 0.8024033877399112, 1e-9))
        for x in [0.25, 0.5, 0.75] {
            #expect(near(Easing.ease.value(at: x), referenceCubicBezier(0.25, 0.1, 0.25, 1, at: x), 1e-9))
        }
    }

    @Test("every stock curve matches its cubic-bezier() definition", arguments: stock)
    func stockCurves(_ stock: Stock) {
        let (x1, y1, x2, y2) = stock.points
        #expect(stock.easing == Easing.cubicBezier(x1, y1, x2, y2))
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(near(stock.easing.value(at: x), referenceCubicBezier(x1, y1, x2, y2, at: x), 1e-9))
        }
        #expect(stock.easing.value(at: 0) == 0)
        #expect(stock.easing.value(at: 1) == 1)
    }

    @Test func linearIsTheIdentity() {
        for x in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(Easing.linear.value(at: x) == x)
        }
        #expect(Easing.easeInOut.value(at: 0.5) == 0.5)
    }

    @Test("an overshooting curve goes beyond 0 and 1 and still matches the reference")
    func overshoot() {
        let back = Easing.cubicBezier(0.68, -0.55, 0.265, 1.55)
        let samples = (0...1000).map { back.value(at: Double($0) / 1000) }
        #expect((samples.min() ?? 0) < -0.05)
        #expect((samples.max() ?? 0) > 1.05)
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(near(back.value(at: x), referenceCubicBezier(0.68, -0.55, 0.265, 1.55, at: x), 1e-9))
        }
    }

    @Test("the solver is accurate to 1e-7 over random curves")
    func solverAccuracy() {
        var random = SeededGenerator(seed: 8)
        var worst = 0.0
        for _ in 0..<500 {
            let x1 = Double.random(in: 0...1, using: &random)
            let y1 = Double.random(in: -2...3, using: &random)
            let x2 = Double.random(in: 0...1, using: &random)
            let y2 = Double.random(in: -2...3, using: &random)
            let easing = Easing.cubicBezier(x1, y1, x2, y2)
            for _ in 0..<20 {
                let x = Double.random(in: 0...1, using: &random)
                worst = max(worst, abs(easing.value(at: x) - referenceCubicBezier(x1, y1, x2, y2, at: x)))
            }
        }
        // Extreme curves too: vertical and flat tangents at the ends.
        for (x1, y1, x2, y2) in [
            (0.0, 1.0, 0.0, 1.0), (1.0, 0.0, 1.0, 0.0), (0.0, 0.0, 1.0, 1.0), (0.0, 3.0, 1.0, -2.0)
        ] {
            for i in 0...200 {
                let x = Double(i) / 200
                worst = max(
                    worst,
                    abs(
                        Easing.cubicBezier(x1, y1, x2, y2).value(at: x)
                            - referenceCubicBezier(x1, y1, x2, y2, at: x)))
            }
        }
        #expect(worst < 1e-7, "worst error \(worst)")
    }

    @Test("a vertical tangent inside the curve limits the accuracy to what doubles allow")
    func interiorVerticalTangent() {
        // cubic-bezier(1, y1, 0, y2) has x(t) − 0.5 = 4(t − 0.5)³: near x = 0.5 a rounding of 1e-16 in x
        // moves t by about 3e-6, so y can only be known to about 1e-5 there, by any double-precision solver.
        let easing = Easing.cubicBezier(1, 2, 0, -1)
        var worst = 0.0
        for i in 0...200 {
            let x = Double(i) / 200
            worst = max(worst, abs(easing.value(at: x) - referenceCubicBezier(1, 2, 0, -1, at: x)))
        }
        #expect(worst < 1e-4, "worst error \(worst)")
        #expect(near(easing.value(at: 0.25), referenceCubicBezier(1, 2, 0, -1, at: 0.25), 1e-7))
    }

    struct StepCase: Sendable, CustomTestStringConvertible {
        let position: Easing.StepPosition
        let input: Double
        let output: Double
        var testDescription: String { "steps(4, \(position.rawValue)) at \(input)" }
    }

    /// `steps(4, …)` at 0, just before and at each jump, and at 1.
    static let stepCases: [StepCase] = {
        let justBefore = { (x: Double) in x.nextDown }
        let expected: [Easing.StepPosition: [Double]] = [
            // Values at 0, then [just before, at] 0.25, 0.5, 0.75, then just before 1 and at 1.
            .jumpEnd: [0, 0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1],
            .jumpStart: [0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1, 1, 1],
            .jumpNone: [0, 0, 1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3, 1, 1, 1],
            .jumpBoth: [0.2, 0.2, 0.4, 0.4, 0.6, 0.6, 0.8, 0.8, 1]
        ]
        let inputs = [0, justBefore(0.25), 0.25, justBefore(0.5), 0.5, justBefore(0.75), 0.75, justBefore(1), 1]
        return Easing.StepPosition.allCases.flatMap { position in
            zip(inputs, expected[position] ?? []).map { StepCase(position: position, input: $0, output: $1) }
        }
    }()

    @Test("steps() at and just before each jump", arguments: stepCases)
    func steps(_ c: StepCase) {
        #expect(near(Easing.steps(4, c.position).value(at: c.input), c.output, 1e-12))
    }

    @Test func stepKeywords() {
        #expect(Easing.stepStart.value(at: 0) == 1)
        #expect(Easing.stepEnd.value(at: 0.999) == 0)
        #expect(Easing.stepEnd.value(at: 1) == 1)
        #expect(Easing.steps(3) == Easing.steps(3, .jumpEnd))
        #expect(Easing.StepPosition.start == .jumpStart && Easing.StepPosition.end == .jumpEnd)
    }

    @Test(
        "input is clamped to 0...1",
        arguments: [
            Easing.linear, .ease, .easeOutBack, .steps(4, .jumpStart), .easeOutElastic,
            .spring(Spring(response: 0.5, dampingRatio: 0.5))
        ])
    func clamping(_ easing: Easing) {
        #expect(easing.value(at: -0.5) == easing.value(at: 0))
        #expect(easing.value(at: -Double.infinity) == easing.value(at: 0))
        #expect(easing.value(at: .nan) == easing.value(at: 0))
        #expect(easing.value(at: 1.5) == easing.value(at: 1))
        #expect(easing.value(at: .infinity) == 1)
    }

    @Test("out-of-range parameters are evaluated as the nearest valid curve, and kept for validate()")
    func lenientEvaluation() throws {
        let tooFar = Easing.cubicBezier(1.5, 0, 0.5, 1)
        let clamped = Easing.cubicBezier(1, 0, 0.5, 1)
        for x in [0.1, 0.5, 0.9] {
            #expect(tooFar.value(at: x) == clamped.value(at: x))
            #expect(Easing.cubicBezier(.nan, 0, 1, 1).value(at: x) == x)
            #expect(Easing.steps(0, .jumpEnd).value(at: x) == Easing.steps(1, .jumpEnd).value(at: x))
            #expect(Easing.steps(1, .jumpNone).value(at: x) == Easing.steps(2, .jumpNone).value(at: x))
        }
        #expect(throws: AnimationError.self) { try tooFar.validate() }
        #expect(try clamped.validated() == clamped)
        try Easing.cubicBezier(0.68, -0.55, 0.265, 1.55).validate()
    }

    @Test func descriptionsUseCSSSyntax() {
        #expect(Easing.ease.description == "ease")
        #expect(Easing.cubicBezier(0.42, 0, 1, 1).description == "ease-in")
        #expect(Easing.linear.description == "linear")
        #expect(Easing.cubicBezier(0.68, -0.55, 0.265, 1.55).description == "cubic-bezier(0.68, -0.55, 0.265, 1.55)")
        #expect(Easing.steps(4, .jumpNone).description == "steps(4, jump-none)")
        #expect(Easing.easeOutBounce.description == "easeOutBounce")
        #expect(
            Easing.spring(Spring(response: 0.5, dampingRatio: 0.6)).description
                == "spring(Spring(response: 0.5, dampingRatio: 0.6))")
    }

    @Test("a spring easing goes from 0 to exactly 1 and overshoots when underdamped")
    func springEasing() {
        let bouncy = Easing.spring(Spring(response: 0.5, dampingRatio: 0.4))
        #expect(bouncy.value(at: 0) == 0)
        #expect(bouncy.value(at: 1) == 1)
        let peak = (0...1000).map { bouncy.value(at: Double($0) / 1000) }.max() ?? 0
        #expect(peak > 1.2)
        // Settled within 0.1 % at the end: the last swing beyond it ends there.
        #expect(abs(bouncy.value(at: 1.0.nextDown) - 1) <= 0.001 * (1 + 1e-6))
        let lateSwing = (750..<1000).map { abs(bouncy.value(at: Double($0) / 1000) - 1) }.max() ?? 0
        #expect(lateSwing > 0.001)
        let smooth = Easing.spring(.smooth)
        #expect((0...1000).allSatisfy { smooth.value(at: Double($0) / 1000) <= 1 })
    }
}
