import Foundation
import MovieKitAnimation
import Testing

@Suite("Easing: Penner family")
struct PennerEasingTests {
    static let all: [Easing] = Easing.Family.allCases.flatMap { family in
        Easing.Direction.allCases.map { Easing.penner(family, $0) }
    }

    @Test("every Penner curve runs from 0 to 1", arguments: all)
    func endpoints(_ easing: Easing) {
        #expect(near(easing.value(at: 0), 0, 1e-12))
        #expect(near(easing.value(at: 1), 1, 1e-12))
    }

    @Test("in-out curves pass through the middle", arguments: Easing.Family.allCases)
    func inOutMiddle(_ family: Easing.Family) {
        #expect(near(Easing.penner(family, .easeInOut).value(at: 0.5), 0.5, 1e-12))
    }

    @Test("out curves mirror in curves", arguments: Easing.Family.allCases)
    func mirror(_ family: Easing.Family) {
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            let easeIn = Easing.penner(family, .easeIn).value(at: x)
            let easeOut = Easing.penner(family, .easeOut).value(at: 1 - x)
            #expect(near(easeIn, 1 - easeOut, 1e-12))
        }
    }

    @Test func knownValues() {
        #expect(Easing.easeInQuad.value(at: 0.5) == 0.25)
        #expect(Easing.easeOutQuad.value(at: 0.5) == 0.75)
        #expect(Easing.easeInCubic.value(at: 0.5) == 0.125)
        #expect(near(Easing.easeInOutCubic.value(at: 0.25), 0.0625, 1e-15))
        #expect(near(Easing.easeInQuart.value(at: 0.5), 0.0625, 1e-15))
        #expect(near(Easing.easeInQuint.value(at: 0.5), 0.03125, 1e-15))
        #expect(near(Easing.easeInSine.value(at: 0.5), 1 - cos(Double.pi / 4), 1e-15))
        #expect(near(Easing.easeOutSine.value(at: 0.5), sin(Double.pi / 4), 1e-15))
        #expect(near(Easing.easeInExpo.value(at: 0.5), 0.03125, 1e-15))
        #expect(near(Easing.easeOutExpo.value(at: 0.5), 0.96875, 1e-15))
        #expect(near(Easing.easeInCirc.value(at: 0.5), 1 - 0.75.squareRoot(), 1e-15))
        #expect(near(Easing.easeOutBounce.value(at: 0.5), 0.765625, 1e-12))
        #expect(near(Easing.easeOutBounce.value(at: 1 / 2.75), 1, 1e-12))  // the first landing
        #expect(near(Easing.easeInBounce.value(at: 0.5), 0.234375, 1e-12))
        #expect(near(Easing.easeInBack.value(at: 0.5), 2.70158 * 0.125 - 1.70158 * 0.25, 1e-12))
    }

    @Test("back pulls below 0 and overshoots above 1 by about 10 %")
    func backOvershoots() {
        let samples = (0...10_000).map { Double($0) / 10_000 }
        let lowest = samples.map(Easing.easeInBack.value(at:)).min() ?? 0
        let highest = samples.map(Easing.easeOutBack.value(at:)).max() ?? 0
        #expect(lowest < -0.09 && lowest > -0.11)
        #expect(highest > 1.09 && highest < 1.11)
        #expect((samples.map(Easing.easeInOutBack.value(at:)).min() ?? 0) < 0)
    }

    @Test("elastic oscillates beyond 0 and 1; bounce stays within 0...1")
    func elasticAndBounce() {
        let samples = (0...10_000).map { Double($0) / 10_000 }
        #expect((samples.map(Easing.easeOutElastic.value(at:)).max() ?? 0) > 1.3)
        #expect((samples.map(Easing.easeInElastic.value(at:)).min() ?? 0) < -0.3)
        #expect((samples.map(Easing.easeInOutElastic.value(at:)).max() ?? 0) > 1.05)
        for easing in [Easing.easeInBounce, .easeOutBounce, .easeInOutBounce] {
            #expect(samples.allSatisfy { (0...1).contains(easing.value(at: $0)) })
        }
    }

    @Test func namesAreTheStaticNames() {
        #expect(Easing.easeOutBounce == .penner(.bounce, .easeOut))
        #expect(Easing.easeInOutElastic.description == "easeInOutElastic")
        #expect(Set(Self.all.map(\.description)).count == 30)
        #expect(Self.all.allSatisfy { $0.description.hasPrefix("ease") })
    }
}
