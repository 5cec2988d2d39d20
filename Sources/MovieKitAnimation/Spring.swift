import Foundation

/// A damped spring, described either the way SwiftUI does (`response`, `dampingRatio`) or physically
/// (`mass`, `stiffness`, `damping`), evaluated in closed form.
///
/// The spring pulls a value from `from` towards `to`. Its displacement `x = value − to` obeys
/// `mass · x″ + damping · x′ + stiffness · x = 0`, which has an exact solution for each of the three regimes:
/// underdamped (`dampingRatio < 1`, overshoots and rings), critically damped (`dampingRatio == 1`, the
/// fastest approach without overshoot) and overdamped (`dampingRatio > 1`, slower, no overshoot). So
/// `value(at:from:to:)` does not step a simulation: any frame can be drawn first, as MovieKit requires.
///
/// SwiftUI's parameters map to physical ones with a mass of 1:
/// `stiffness = (2π / response)²` and `damping = 4π · dampingRatio / response`.
///
/// Invalid parameters (a mass, stiffness or response that is not positive, a negative damping or damping
/// ratio, or a value that is not finite) do not stop the program: such a spring jumps straight to its
/// target and has a `settlingDuration` of 0. Call `validate()` or `validated()` on springs read from a file
/// to report them instead.
public struct Spring: Sendable, Hashable, CustomStringConvertible {
    /// The moving mass; 1 for springs made from `response` and `dampingRatio`.
    public let mass: Double
    /// The spring constant: how strongly the spring pulls towards the target per unit of displacement.
    public let stiffness: Double
    /// The damping coefficient: how strongly motion is slowed per unit of velocity.
    public let damping: Double

    /// How the spring was described, so errors and descriptions use the caller's own terms.
    private enum Specification: Sendable {
        case physical
        case response(Double, dampingRatio: Double)
    }

    private let specification: Specification

    /// The fraction of the distance within which a spring counts as settled: 0.1 %.
    static let settlingThreshold = 0.001

    /// Creates a spring from SwiftUI's parameters, with a mass of 1.
    ///
    /// - Parameters:
    ///   - response: The period in seconds of the spring's undamped oscillation; smaller is snappier. Positive.
    ///   - dampingRatio: 0 oscillates forever, values below 1 overshoot and settle, 1 is critically damped
    ///     (no overshoot), values above 1 approach the target more slowly. Not negative.
    public init(response: Double, dampingRatio: Double) {
        let omega = 2 * Double.pi / response
        self.mass = 1
        self.stiffness = omega * omega
        self.damping = 4 * Double.pi * dampingRatio / response
        self.specification = .response(response, dampingRatio: dampingRatio)
    }

    /// Creates a spring from its physical parameters.
    ///
    /// - Parameters:
    ///   - mass: The moving mass. Positive.
    ///   - stiffness: The spring constant. Positive.
    ///   - damping: The damping coefficient. Not negative; 0 oscillates forever.
    public init(mass: Double = 1, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.specification = .physical
    }

    /// A critically damped spring with a response of 0.5 s: smooth, with no overshoot.
    public static let smooth = Spring(response: 0.5, dampingRatio: 1)
    /// A spring with a response of 0.5 s and a damping ratio of 0.85: a small overshoot.
    public static let snappy = Spring(response: 0.5, dampingRatio: 0.85)
    /// A spring with a response of 0.5 s and a damping ratio of 0.7: a visible bounce.
    public static let bouncy = Spring(response: 0.5, dampingRatio: 0.7)

    // MARK: - Derived parameters

    /// The period in seconds of the undamped oscillation, `2π · √(mass / stiffness)`.
    public var response: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }

    /// The damping relative to critical damping, `damping / (2 · √(stiffness · mass))`.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Whether every parameter is finite and in range, so the spring moves as described.
    var isValid: Bool {
        mass > 0 && mass.isFinite && stiffness > 0 && stiffness.isFinite && damping >= 0 && damping.isFinite
    }

    // MARK: - Motion

    /// Returns the spring's value `seconds` after it was released at `from` with `initialVelocity`.
    ///
    /// Before time 0 the value is `from`. The value approaches `to` and, for an underdamped spring,
    /// overshoots it first.
    /// - Parameters:
    ///   - seconds: The time since the spring was released.
    ///   - from: The value at time 0.
    ///   - to: The target the spring pulls towards.
    ///   - initialVelocity: The velocity at time 0, in value units per second.
    public func value(at seconds: Double, from: Double, to: Double, initialVelocity: Double = 0) -> Double {
        guard seconds > 0 else { return from }
        return to + motion(at: seconds, x0: from - to, v0: initialVelocity).displacement
    }

    /// Returns the spring's velocity, in value units per second, `seconds` after it was released.
    ///
    /// Before time 0 the velocity is `initialVelocity`.
    /// - Parameters:
    ///   - seconds: The time since the spring was released.
    ///   - from: The value at time 0.
    ///   - to: The target the spring pulls towards.
    ///   - initialVelocity: The velocity at time 0, in value units per second.
    public func velocity(at seconds: Double, from: Double, to: Double, initialVelocity: Double = 0) -> Double {
        guard seconds > 0 else { return initialVelocity }
        return motion(at: seconds, x0: from - to, v0: initialVelocity).velocity
    }

    /// The time in seconds after which a spring released from rest stays within 0.1 % of the distance
    /// to its target.
    ///
    /// This is the exact last moment the displacement is 0.1 % of the distance: for an underdamped spring
    /// it lies just after the last swing that still reaches beyond 0.1 %, and for critically damped and
    /// overdamped springs, which approach without overshoot, it is where the approach passes 0.1 %.
    /// An undamped spring (`damping` 0) never settles: its settling duration is infinite. An invalid spring
    /// jumps to its target and settles at once.
    public var settlingDuration: Double {
        settlingTime(x0: 1, v0: 0)
    }

    /// The displacement from the target and the velocity after `t` seconds, for a start displacement `x0`
    /// and start velocity `v0`.
    func motion(at t: Double, x0: Double, v0: Double) -> (displacement: Double, velocity: Double) {
        guard isValid else { return (0, 0) }
        let omega = (stiffness / mass).squareRoot()
        let zeta = dampingRatio
        let alpha = damping / (2 * mass)
        if abs(zeta - 1) <= 1e-9 {
            let c = v0 + omega * x0
            let decay = exp(-omega * t)
            return (decay * (x0 + c * t), decay * (v0 - omega * c * t))
        }
        if zeta < 1 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + alpha * x0) / omegaD
            let decay = exp(-alpha * t)
            let cosine = cos(omegaD * t)
            let sine = sin(omegaD * t)
            return (
                decay * (x0 * cosine + b * sine),
                decay * (v0 * cosine - (alpha * b + x0 * omegaD) * sine)
            )
        }
        let (r1, r2, c1, c2) = overdampedTerms(x0: x0, v0: v0)
        let e1 = exp(r1 * t)
        let e2 = exp(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }

    /// The rates `r1 > r2` (both negative) and weights of `x(t) = c1·e^(r1·t) + c2·e^(r2·t)` for an
    /// overdamped spring.
    private func overdampedTerms(x0: Double, v0: Double) -> (r1: Double, r2: Double, c1: Double, c2: Double) {
        let omega = (stiffness / mass).squareRoot()
        let zeta = dampingRatio
        let root = (zeta * zeta - 1).squareRoot()
        // r1 = −ω(ζ − √(ζ²−1)), written without the cancellation of the difference.
        let r1 = -omega / (zeta + root)
        let r2 = -omega * (zeta + root)
        let c2 = (v0 - r1 * x0) / (r2 - r1)
        return (r1, r2, x0 - c2, c2)
    }

    /// The last time the displacement of a motion starting at `x0` with velocity `v0` is more than 0.1 % of
    /// its scale (`|x0|`, or `|v0| / ω` when it starts at the target).
    func settlingTime(x0: Double, v0: Double) -> Double {
        guard isValid else { return 0 }
        let omega = (stiffness / mass).squareRoot()
        let scale = x0 != 0 ? abs(x0) : abs(v0) / omega
        guard scale > 0 else { return 0 }
        let threshold = Self.settlingThreshold * scale
        func unsettled(_ t: Double) -> Bool { abs(motion(at: t, x0: x0, v0: v0).displacement) > threshold }
        guard damping > 0 else { return .infinity }

        // Find a start `low` after which "unsettled" is true up to one moment and false from then on.
        var low = 0.0
        let zeta = dampingRatio
        let alpha = damping / (2 * mass)
        var high: Double?
        if zeta < 1 - 1e-9 {
            // x(t) = A·e^(−αt)·cos(ω_d·t − φ); its extrema fall at ω_d·t − φ = kπ − β with β = atan(α/ω_d),
            // where |x| = A·(ω_d/ω)·e^(−αt). The peaks shrink, so the last one above the threshold bounds it.
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (v0 + alpha * x0) / omegaD
            let amplitude = hypot(x0, b)
            let phase = atan2(b, x0)
            let beta = atan(alpha / omegaD)
            func extremum(_ k: Double) -> Double { (k * Double.pi - beta + phase) / omegaD }
            let firstK = ((beta - phase) / Double.pi).rounded(.up)
            let lastAbove = log(amplitude * omegaD / (omega * threshold)) / alpha
            let lastK = ((lastAbove * omegaD + beta - phase) / Double.pi).rounded(.up) - 1
            if lastK >= firstK {
                low = extremum(lastK)
                high = extremum(lastK + 1)
            } else {
                high = extremum(firstK)
            }
        } else {
            let extremumTime: Double?
            if abs(zeta - 1) <= 1e-9 {
                let c = v0 + omega * x0
                extremumTime = c != 0 ? v0 / (omega * c) : nil
            } else {
                let (r1, r2, c1, c2) = overdampedTerms(x0: x0, v0: v0)
                let ratio = -(c2 * r2) / (c1 * r1)
                extremumTime = ratio > 0 && ratio.isFinite ? log(ratio) / (r1 - r2) : nil
            }
            if let t = extremumTime, t > 0, unsettled(t) { low = t }
        }
        guard unsettled(low) else { return low }
        var upper = high ?? low + 1 / alpha
        var doublings = 0
        while unsettled(upper), doublings < 200 {
            upper = low + 2 * (upper - low)
            doublings += 1
        }
        var lower = low
        var halvings = 0
        while upper - lower > 1e-13 * max(1, upper), halvings < 200 {
            let middle = (lower + upper) / 2
            if unsettled(middle) { lower = middle } else { upper = middle }
            halvings += 1
        }
        return upper
    }

    // MARK: - Validation

    /// The first parameter that is out of range, as the error that names it, or `nil` for a valid spring.
    var problem: AnimationError? {
        func check(_ name: String, _ value: Double, allowsZero: Bool, fix: String) -> AnimationError? {
            if !value.isFinite {
                return .invalidSpring(parameter: name, value: value, reason: "is not a finite number; \(fix)")
            }
            if allowsZero ? value < 0 : value <= 0 {
                let what = allowsZero ? "is negative" : "is not positive"
                return .invalidSpring(parameter: name, value: value, reason: "\(what); \(fix)")
            }
            return nil
        }
        switch specification {
        case .response(let response, let ratio):
            return check(
                "response", response, allowsZero: false,
                fix: "use a positive number of seconds, such as 0.5")
                ?? check(
                    "damping ratio", ratio, allowsZero: true,
                    fix: "use 0 (no damping) up to 1 (critically damped), or more to approach without overshoot")
        case .physical:
            return check("mass", mass, allowsZero: false, fix: "use a positive mass, such as 1")
                ?? check("stiffness", stiffness, allowsZero: false, fix: "use a positive stiffness, such as 100")
                ?? check(
                    "damping", damping, allowsZero: true,
                    fix: "use 0 (no damping) or more, such as 10")
        }
    }

    /// Checks that every parameter is in range.
    ///
    /// - Throws: `AnimationError.invalidSpring` naming the first parameter that is out of range, in the
    ///   terms the spring was created with (`response` and `damping ratio`, or `mass`, `stiffness` and
    ///   `damping`).
    public func validate() throws {
        if let problem { throw problem }
    }

    /// Returns the spring after checking that every parameter is in range, for use in one expression:
    /// `let spring = try Spring(response: r, dampingRatio: z).validated()`.
    ///
    /// - Throws: `AnimationError.invalidSpring`, as `validate()` does.
    public func validated() throws -> Spring {
        try validate()
        return self
    }

    // MARK: - Hashable, CustomStringConvertible

    /// Springs are equal when their physical parameters are, however they were described.
    public static func == (lhs: Spring, rhs: Spring) -> Bool {
        lhs.mass == rhs.mass && lhs.stiffness == rhs.stiffness && lhs.damping == rhs.damping
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(mass)
        hasher.combine(stiffness)
        hasher.combine(damping)
    }

    /// The spring in the terms it was created with, such as `Spring(response: 0.5, dampingRatio: 0.6)`.
    public var description: String {
        switch specification {
        case .response(let response, let ratio):
            "Spring(response: \(formatNumber(response)), dampingRatio: \(formatNumber(ratio)))"
        case .physical:
            "Spring(mass: \(formatNumber(mass)), stiffness: \(formatNumber(stiffness)), "
                + "damping: \(formatNumber(damping)))"
        }
    }
}
