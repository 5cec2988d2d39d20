import Foundation
import MovieKitAnimation
import Testing

@Suite("Spring")
struct SpringTests {
    @Test("SwiftUI's response and damping ratio map to mass 1, stiffness (2π/response)², damping 4π·ratio/response")
    func swiftUIParameters() {
        let spring = Spring(response: 0.5, dampingRatio: 0.6)
        #expect(spring.mass == 1)
        #expect(near(spring.stiffness, pow(2 * Double.pi / 0.5, 2), 1e-9))
        #expect(near(spring.damping, 4 * Double.pi * 0.6 / 0.5, 1e-12))
        #expect(near(spring.response, 0.5, 1e-12))
        #expect(near(spring.dampingRatio, 0.6, 1e-12))
        let physical = Spring(mass: 2, stiffness: 200, damping: 10)
        #expect(near(physical.response, 2 * Double.pi * (2.0 / 200).squareRoot(), 1e-12))
        #expect(near(physical.dampingRatio, 10 / (2 * (200.0 * 2).squareRoot()), 1e-12))
    }

    static let springs: [Spring] = [
        Spring(response: 0.5, dampingRatio: 0.15), Spring(response: 0.5, dampingRatio: 0.6),
        Spring(response: 0.3, dampingRatio: 0.95), Spring(response: 0.5, dampingRatio: 1),
        Spring(response: 1, dampingRatio: 1.5), Spring(response: 0.4, dampingRatio: 4),
        Spring(mass: 3, stiffness: 50, damping: 2)
    ]

    @Test("the spring stays within 0.1 % from settlingDuration on, and not before", arguments: springs)
    func settles(_ spring: Spring) {
        let settle = spring.settlingDuration
        #expect(settle > 0 && settle.isFinite)
        func offset(_ t: Double) -> Double { abs(spring.value(at: t, from: 0, to: 1) - 1) }
        #expect(near(offset(settle), 0.001, 1e-9))
        let window = 10 * spring.response + settle
        for i in 0...4000 {
            let t = settle + window * Double(i) / 4000
            #expect(offset(t) <= 0.001 + 1e-12)
        }
        #expect(offset(settle * (1 - 1e-6)) > 0.001)
        // A brute-force scan agrees: the last sampled time outside 0.1 % lies just before settlingDuration.
        let step = settle / 20_000
        let lastOutside = (0...40_000).map { Double($0) * step }.last { offset($0) > 0.001 } ?? 0
        #expect(lastOutside < settle && settle - lastOutside <= step * 1.0001)
    }

    @Test("an underdamped spring overshoots by exp(−ζπ/√(1−ζ²))", arguments: [0.1, 0.3, 0.6, 0.9])
    func overshoot(dampingRatio zeta: Double) {
        let spring = Spring(response: 0.8, dampingRatio: zeta)
        let expected = exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
        let peakTime = spring.response / 2 / (1 - zeta * zeta).squareRoot()  // π / ω_d
        #expect(near(spring.value(at: peakTime, from: 0, to: 1) - 1, expected, 1e-12))
        let sampled = (0...20_000).map { spring.value(at: Double($0) * 0.0002, from: 0, to: 1) }.max() ?? 0
        #expect(near(sampled - 1, expected, 1e-6))
        #expect(near(spring.value(at: peakTime, from: 100, to: 0), -100 * expected, 1e-9))
    }

    @Test("critically damped and overdamped springs never overshoot", arguments: [1.0, 1.2, 3.0])
    func noOvershoot(dampingRatio: Double) {
        let spring = Spring(response: 0.5, dampingRatio: dampingRatio)
        var previous = 0.0
        for i in 1...5000 {
            let value = spring.value(at: Double(i) * 0.001, from: 0, to: 1)
            #expect(value <= 1)
            #expect(value >= previous)
            previous = value
        }
    }

    @Test(
        "the closed form matches a numerical integration",
        arguments: springs + [Spring(mass: 1, stiffness: 100, damping: 0)])
    func matchesIntegration(_ spring: Spring) {
        // Fourth-order Runge–Kutta on m·x″ + c·x′ + k·x = 0, from x = 30 − 100 with velocity 250.
        var x = -70.0
        var v = 250.0
        let h = 1e-4
        func acceleration(_ x: Double, _ v: Double) -> Double {
            -(spring.stiffness * x + spring.damping * v) / spring.mass
        }
        for step in 1...10_000 {
            let (k1x, k1v) = (v, acceleration(x, v))
            let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
            let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
            let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            if step % 1000 == 0 {
                let t = Double(step) * h
                #expect(near(spring.value(at: t, from: 30, to: 100, initialVelocity: 250), 100 + x, 1e-6))
                #expect(near(spring.velocity(at: t, from: 30, to: 100, initialVelocity: 250), v, 1e-5))
            }
        }
    }

    @Test("the initial velocity is the derivative at time 0", arguments: springs)
    func initialVelocity(_ spring: Spring) {
        let h = 1e-7
        let slope = (spring.value(at: h, from: 10, to: 50, initialVelocity: -300) - 10) / h
        #expect(near(slope, -300, 1e-2))
        #expect(near(spring.velocity(at: 1e-12, from: 10, to: 50, initialVelocity: -300), -300, 1e-6))
        #expect(spring.velocity(at: 0, from: 10, to: 50, initialVelocity: -300) == -300)
    }

    @Test func endsAndDegenerateSprings() {
        let spring = Spring(response: 0.5, dampingRatio: 0.7)
        #expect(spring.value(at: -1, from: 3, to: 9) == 3)
        #expect(spring.value(at: 0, from: 3, to: 9) == 3)
        #expect(near(spring.value(at: 60, from: 3, to: 9), 9, 1e-12))
        #expect(spring.value(at: 0.3, from: 5, to: 5) == 5)
        #expect(Spring(mass: 1, stiffness: 100, damping: 0).settlingDuration == .infinity)
        let invalid = Spring(response: -1, dampingRatio: 0.5)
        #expect(invalid.value(at: 0.1, from: 0, to: 1) == 1)
        #expect(invalid.settlingDuration == 0)
        #expect(throws: AnimationError.self) { try invalid.validate() }
        #expect(throws: Never.self) { try Spring.bouncy.validated() }
    }

    @Test func springsCompareByPhysics() {
        let a = Spring(response: 0.5, dampingRatio: 1)
        let b = Spring(mass: 1, stiffness: a.stiffness, damping: a.damping)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a.description == "Spring(response: 0.5, dampingRatio: 1)")
        #expect(
            Spring(mass: 1, stiffness: 100, damping: 10).description == "Spring(mass: 1, stiffness: 100, damping: 10)")
    }
}
