import Foundation

/// Robert Penner's easing equations, with the names and formulas popularised by easings.net.
///
/// Each family comes in three directions: `easeIn…` starts slowly (the curve itself), `easeOut…` ends slowly
/// (the curve mirrored: `1 − f(1 − x)`), and `easeInOut…` does both (the in-curve squeezed into the first
/// half and the out-curve into the second). Every one is 0 at input 0 and 1 at input 1.
///
/// | family | `easeIn…` curve | notes |
/// | --- | --- | --- |
/// | `sine` | `1 − cos(x·π/2)` | gentlest |
/// | `quad`, `cubic`, `quart`, `quint` | `x²`, `x³`, `x⁴`, `x⁵` | increasingly sharp |
/// | `expo` | `2^(10x − 10)` (0 at 0) | very sharp |
/// | `circ` | `1 − √(1 − x²)` | a quarter circle |
/// | `back` | `2.70158·x³ − 1.70158·x²` | pulls back below 0 before going (10 % overshoot) |
/// | `elastic` | a decaying sine | oscillates beyond 0 and 1 like a plucked string |
/// | `bounce` | a ball bouncing | `easeOutBounce` lands like a dropped ball, bouncing within 0…1 |
extension Easing {
    /// A family of Penner easing curves.
    public enum Family: String, Sendable, Hashable, CaseIterable {
        case sine, quad, cubic, quart, quint, expo, circ, back, elastic, bounce
    }

    /// Which end of a Penner curve is slow.
    public enum Direction: String, Sendable, Hashable, CaseIterable {
        /// Starts slowly.
        case easeIn
        /// Ends slowly.
        case easeOut
        /// Starts and ends slowly.
        case easeInOut
    }

    /// Returns the Penner easing of `family` in `direction`; `.penner(.quad, .easeIn)` is `.easeInQuad`.
    ///
    /// - Parameters:
    ///   - family: The curve's family.
    ///   - direction: Which end is slow.
    public static func penner(_ family: Family, _ direction: Direction) -> Easing {
        Easing(.penner(family, direction))
    }

    /// `1 − cos(x·π/2)`.
    public static let easeInSine = penner(.sine, .easeIn)
    /// `sin(x·π/2)`.
    public static let easeOutSine = penner(.sine, .easeOut)
    /// `(1 − cos(x·π)) / 2`.
    public static let easeInOutSine = penner(.sine, .easeInOut)
    /// `x²`.
    public static let easeInQuad = penner(.quad, .easeIn)
    /// `1 − (1 − x)²`.
    public static let easeOutQuad = penner(.quad, .easeOut)
    /// `x²` accelerating into the middle, mirrored after it.
    public static let easeInOutQuad = penner(.quad, .easeInOut)
    /// `x³`.
    public static let easeInCubic = penner(.cubic, .easeIn)
    /// `1 − (1 − x)³`.
    public static let easeOutCubic = penner(.cubic, .easeOut)
    /// `x³` accelerating into the middle, mirrored after it.
    public static let easeInOutCubic = penner(.cubic, .easeInOut)
    /// `x⁴`.
    public static let easeInQuart = penner(.quart, .easeIn)
    /// `1 − (1 − x)⁴`.
    public static let easeOutQuart = penner(.quart, .easeOut)
    /// `x⁴` accelerating into the middle, mirrored after it.
    public static let easeInOutQuart = penner(.quart, .easeInOut)
    /// `x⁵`.
    public static let easeInQuint = penner(.quint, .easeIn)
    /// `1 − (1 − x)⁵`.
    public static let easeOutQuint = penner(.quint, .easeOut)
    /// `x⁵` accelerating into the middle, mirrored after it.
    public static let easeInOutQuint = penner(.quint, .easeInOut)
    /// `2^(10x − 10)`, and exactly 0 at 0.
    public static let easeInExpo = penner(.expo, .easeIn)
    /// `1 − 2^(−10x)`, and exactly 1 at 1.
    public static let easeOutExpo = penner(.expo, .easeOut)
    /// The exponential curve accelerating into the middle, mirrored after it.
    public static let easeInOutExpo = penner(.expo, .easeInOut)
    /// `1 − √(1 − x²)`.
    public static let easeInCirc = penner(.circ, .easeIn)
    /// `√(1 − (x − 1)²)`.
    public static let easeOutCirc = penner(.circ, .easeOut)
    /// The circular curve accelerating into the middle, mirrored after it.
    public static let easeInOutCirc = penner(.circ, .easeInOut)
    /// Pulls back to about −0.1 before moving to 1.
    public static let easeInBack = penner(.back, .easeIn)
    /// Overshoots to about 1.1 before settling at 1.
    public static let easeOutBack = penner(.back, .easeOut)
    /// Pulls back at the start and overshoots at the end.
    public static let easeInOutBack = penner(.back, .easeInOut)
    /// Oscillates with growing swings around 0 before snapping to 1.
    public static let easeInElastic = penner(.elastic, .easeIn)
    /// Snaps past 1 and oscillates with shrinking swings around it.
    public static let easeOutElastic = penner(.elastic, .easeOut)
    /// Oscillates around 0, then around 1.
    public static let easeInOutElastic = penner(.elastic, .easeInOut)
    /// Bounces off 0 with growing bounces before reaching 1.
    public static let easeInBounce = penner(.bounce, .easeIn)
    /// Falls to 1 and bounces with shrinking bounces, like a dropped ball.
    public static let easeOutBounce = penner(.bounce, .easeOut)
    /// Bounces off 0, then lands on 1 bouncing.
    public static let easeInOutBounce = penner(.bounce, .easeInOut)
}

extension Easing.Family {
    /// The Swift name of the easing, such as `easeOutBounce`.
    func name(_ direction: Easing.Direction) -> String {
        let family = rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        return direction.rawValue + family
    }

    /// The curve's value at `x` in `0...1`.
    func value(at x: Double, direction: Easing.Direction) -> Double {
        if self == .bounce {
            // The bounce family is defined from its out-curve.
            switch direction {
            case .easeIn: return 1 - Self.bounceOut(1 - x)
            case .easeOut: return Self.bounceOut(x)
            case .easeInOut:
                return x < 0.5 ? (1 - Self.bounceOut(1 - 2 * x)) / 2 : (1 + Self.bounceOut(2 * x - 1)) / 2
            }
        }
        if self == .elastic, direction == .easeInOut {
            // easings.net's elastic in-out uses its own period rather than halving the in-curve.
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            let c5 = 2 * Double.pi / 4.5
            let wave = sin((20 * x - 11.125) * c5)
            return x < 0.5 ? -pow(2, 20 * x - 10) * wave / 2 : pow(2, -20 * x + 10) * wave / 2 + 1
        }
        if self == .back, direction == .easeInOut {
            // easings.net's back in-out overshoots by the larger constant 1.70158 · 1.525.
            let c2 = 1.70158 * 1.525
            return x < 0.5
                ? pow(2 * x, 2) * ((c2 + 1) * 2 * x - c2) / 2
                : (pow(2 * x - 2, 2) * ((c2 + 1) * (x * 2 - 2) + c2) + 2) / 2
        }
        switch direction {
        case .easeIn: return easeIn(x)
        case .easeOut: return 1 - easeIn(1 - x)
        case .easeInOut: return x < 0.5 ? easeIn(2 * x) / 2 : 1 - easeIn(2 - 2 * x) / 2
        }
    }

    /// The ease-in curve of the family (not used for `bounce`, which is defined from its out-curve).
    private func easeIn(_ x: Double) -> Double {
        switch self {
        case .sine: return 1 - cos(x * Double.pi / 2)
        case .quad: return x * x
        case .cubic: return x * x * x
        case .quart: return x * x * x * x
        case .quint: return x * x * x * x * x
        case .expo: return x <= 0 ? 0 : pow(2, 10 * x - 10)
        case .circ: return 1 - (1 - min(x * x, 1)).squareRoot()
        case .back:
            let c1 = 1.70158
            return (c1 + 1) * x * x * x - c1 * x * x
        case .elastic:
            if x <= 0 { return 0 }
            if x >= 1 { return 1 }
            let c4 = 2 * Double.pi / 3
            return -pow(2, 10 * x - 10) * sin((x * 10 - 10.75) * c4)
        case .bounce: return 1 - Self.bounceOut(1 - x)
        }
    }

    /// easings.net's `easeOutBounce`: four parabolic arcs of shrinking height.
    private static func bounceOut(_ x: Double) -> Double {
        let n1 = 7.5625
        let d1 = 2.75
        if x < 1 / d1 {
            return n1 * x * x
        } else if x < 2 / d1 {
            let u = x - 1.5 / d1
            return n1 * u * u + 0.75
        } else if x < 2.5 / d1 {
            let u = x - 2.25 / d1
            return n1 * u * u + 0.9375
        } else {
            let u = x - 2.625 / d1
            return n1 * u * u + 0.984375
        }
    }
}
