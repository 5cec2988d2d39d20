import Foundation

/// A timing curve that maps an input progress in `0...1` to an output progress, following CSS Easing
/// Functions Level 1 for `linear`, `ease`, `easeIn`, `easeOut`, `easeInOut`, `cubicBezier(_:_:_:_:)` and
/// `steps(_:_:)`.
///
/// ```swift
/// Easing.easeInOut.value(at: 0.5)                   // 0.5
/// Easing.cubicBezier(0.68, -0.55, 0.265, 1.55)      // overshoots below 0 and above 1
/// Easing.steps(4, .jumpEnd)                         // 0, 0.25, 0.5, 0.75, then 1 at the end
/// Easing.easeOutBounce                              // Robert Penner's family, see Easing+Penner.swift
/// Easing.spring(Spring(response: 0.5, dampingRatio: 0.6))
/// ```
///
/// The output is 0 at input 0 and 1 at input 1 for every easing except `steps` with `jumpStart` or
/// `jumpBoth` (which are above 0 at input 0, as CSS specifies); in between it may leave `0...1` for curves
/// that overshoot. The input is clamped to `0...1` first (a NaN input counts as 0): MovieKit applies easings
/// to the progress through one keyframe segment or tween, which never leaves that range, so the CSS rules
/// for extrapolating outside it and the step "before flag" are not needed. The before flag is taken as unset,
/// so at the exact time of a jump a step easing shows the step after it.
///
/// Easing values never stop the program. A curve with an out-of-range parameter (see
/// `cubicBezier(_:_:_:_:)`, `steps(_:_:)` and `spring(_:)`) keeps the parameter as written, so that
/// `validate()` can report it, and is evaluated with the parameter brought into range. Scene readers call
/// `try easing.validated()` to turn such a curve into a `AnimationError` that names the value.
public struct Easing: Sendable, Hashable, CustomStringConvertible {
    /// Where the jumps of a `steps(_:_:)` easing fall, named as in CSS.
    public enum StepPosition: String, Sendable, Hashable, CaseIterable {
        /// The first jump happens at input 0: `steps(n, jump-start)` takes the values 1/n … 1.
        case jumpStart = "jump-start"
        /// The last jump happens at input 1: `steps(n, jump-end)` takes the values 0 … (n−1)/n, then 1.
        case jumpEnd = "jump-end"
        /// No jump at either end: `steps(n, jump-none)` takes the values 0, 1/(n−1) … 1, holding each
        /// for 1/n of the time. Needs at least 2 steps.
        case jumpNone = "jump-none"
        /// Jumps at both ends: `steps(n, jump-both)` takes the values 1/(n+1) … n/(n+1), then 1.
        case jumpBoth = "jump-both"

        /// CSS `start`, the same as `jumpStart`.
        public static let start = StepPosition.jumpStart
        /// CSS `end`, the same as `jumpEnd`.
        public static let end = StepPosition.jumpEnd
    }

    /// The curve, with its parameters exactly as written.
    enum Storage: Sendable, Hashable {
        case linear
        case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
        case steps(count: Int, position: StepPosition)
        case penner(Family, Direction)
        case spring(Spring)
    }

    let storage: Storage

    init(_ storage: Storage) {
        self.storage = storage
    }

    // MARK: - CSS keywords

    /// The identity: output equals input. CSS `linear`.
    public static let linear = Easing(.linear)
    /// CSS `ease`, `cubic-bezier(0.25, 0.1, 0.25, 1)`: a quick start and a long gentle finish.
    public static let ease = Easing(.cubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
    /// CSS `ease-in`, `cubic-bezier(0.42, 0, 1, 1)`: starts slowly.
    public static let easeIn = Easing(.cubicBezier(x1: 0.42, y1: 0, x2: 1, y2: 1))
    /// CSS `ease-out`, `cubic-bezier(0, 0, 0.58, 1)`: ends slowly.
    public static let easeOut = Easing(.cubicBezier(x1: 0, y1: 0, x2: 0.58, y2: 1))
    /// CSS `ease-in-out`, `cubic-bezier(0.42, 0, 0.58, 1)`: starts and ends slowly.
    public static let easeInOut = Easing(.cubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1))
    /// CSS `step-start`, `steps(1, jump-start)`: jumps to the end at once.
    public static let stepStart = Easing(.steps(count: 1, position: .jumpStart))
    /// CSS `step-end`, `steps(1, jump-end)`: holds the start until the end.
    public static let stepEnd = Easing(.steps(count: 1, position: .jumpEnd))

    // MARK: - Parameterised curves

    /// Returns CSS `cubic-bezier(x1, y1, x2, y2)`: the curve from (0, 0) to (1, 1) whose control points are
    /// (x1, y1) and (x2, y2).
    ///
    /// The y values may lie outside `0...1`, which makes the curve overshoot. The x values must lie in
    /// `0...1` so that each input has one output; this function never fails, and evaluates an x outside that
    /// range as if it were clamped to it, and a curve with a NaN or infinite value as `linear`. The values
    /// are kept as written, so `validate()` reports them: use `try Easing.cubicBezier(…).validated()` for
    /// values read from a file.
    /// - Parameters:
    ///   - x1: The first control point's x, in `0...1`.
    ///   - y1: The first control point's y; any finite value.
    ///   - x2: The second control point's x, in `0...1`.
    ///   - y2: The second control point's y; any finite value.
    public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Easing {
        Easing(.cubicBezier(x1: x1, y1: y1, x2: x2, y2: y2))
    }

    /// Returns CSS `steps(count, position)`: a staircase of `count` equal intervals.
    ///
    /// `count` must be at least 1, and at least 2 for `jumpNone`. This function never fails: a smaller count
    /// is evaluated as the smallest valid one, and kept as written so that `validate()` reports it.
    /// - Parameters:
    ///   - count: The number of intervals.
    ///   - position: Where the jumps fall; CSS's default is `jumpEnd`.
    public static func steps(_ count: Int, _ position: StepPosition = .jumpEnd) -> Easing {
        Easing(.steps(count: count, position: position))
    }

    /// Returns the motion of `spring` from 0 to 1, stretched or squeezed so that it settles (comes within
    /// 0.1 % of 1) exactly at the end of the segment it eases.
    ///
    /// The output overshoots 1 for an underdamped spring and is exactly 1 at input 1. Because the segment's
    /// duration replaces the spring's own timing, only the spring's shape (its damping ratio) matters here;
    /// to keep the spring's physical timing, animate with `SpringAnimation`. An undamped spring, which never
    /// settles, plays one `response` period over the segment; an invalid spring jumps to 1.
    /// - Parameter spring: The spring whose motion shapes the segment.
    public static func spring(_ spring: Spring) -> Easing {
        Easing(.spring(spring))
    }

    // MARK: - Evaluation

    /// Returns the output progress for `progress`, which is clamped to `0...1` first.
    ///
    /// - Parameter progress: The input progress; 0 at the start of the segment, 1 at its end.
    public func value(at progress: Double) -> Double {
        let x = progress.isNaN ? 0 : min(max(progress, 0), 1)
        switch storage {
        case .linear:
            return x
        case .cubicBezier(let x1, let y1, let x2, let y2):
            guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else { return x }
            let solver = CubicBezierSolver(x1: min(max(x1, 0), 1), y1: y1, x2: min(max(x2, 0), 1), y2: y2)
            return solver.value(at: x)
        case .steps(let count, let position):
            return Self.step(x, count: count, position: position)
        case .penner(let family, let direction):
            return family.value(at: x, direction: direction)
        case .spring(let spring):
            return Self.springProgress(spring, x)
        }
    }

    /// The CSS step easing algorithm with the before flag unset, for an input in `0...1`.
    private static func step(_ x: Double, count: Int, position: StepPosition) -> Double {
        let steps = max(count, position == .jumpNone ? 2 : 1)
        var current = (x * Double(steps)).rounded(.down)
        if position == .jumpStart || position == .jumpBoth { current += 1 }
        let jumps: Double =
            switch position {
            case .jumpStart, .jumpEnd: Double(steps)
            case .jumpNone: Double(steps - 1)
            case .jumpBoth: Double(steps + 1)
            }
        return min(max(current, 0), jumps) / jumps
    }

    /// The progress of `spring` from 0 to 1 with its settling duration mapped onto `0...1`.
    private static func springProgress(_ spring: Spring, _ x: Double) -> Double {
        if x >= 1 { return 1 }
        guard spring.isValid else { return x > 0 ? 1 : 0 }
        let settling = spring.settlingDuration
        let span = settling.isFinite && settling > 0 ? settling : spring.response
        return spring.value(at: x * span, from: 0, to: 1)
    }

    // MARK: - Validation

    /// Why the easing cannot be evaluated as written, or `nil` when it can.
    var problem: AnimationError? {
        switch storage {
        case .linear, .penner:
            return nil
        case .cubicBezier(let x1, let y1, let x2, let y2):
            for (name, value, isX) in [("x1", x1, true), ("y1", y1, false), ("x2", x2, true), ("y2", y2, false)] {
                if !value.isFinite {
                    return .invalidEasing(
                        easing: description,
                        reason: "\(name) \(value) is not a finite number; use a number such as 0.5")
                }
                if isX, !(0...1).contains(value) {
                    return .invalidEasing(
                        easing: description,
                        reason: "\(name) \(formatNumber(value)) is outside 0…1; use an x value "
                            + "from 0 to 1 (only the y values may go beyond that range)")
                }
            }
            return nil
        case .steps(let count, let position):
            if count < 1 {
                return .invalidEasing(
                    easing: description,
                    reason: "the step count \(count) is less than 1; use 1 or more steps")
            }
            if position == .jumpNone, count < 2 {
                return .invalidEasing(
                    easing: description,
                    reason: "jump-none needs at least 2 steps; use 2 or more, or another jump position")
            }
            return nil
        case .spring(let spring):
            return spring.problem
        }
    }

    /// Checks that the easing can be evaluated as written.
    ///
    /// - Throws: `AnimationError.invalidEasing` for a cubic Bézier curve with an x value outside `0...1` or
    ///   a value that is not finite, or for `steps` with fewer than 1 step (2 for `jumpNone`);
    ///   `AnimationError.invalidSpring` for a spring easing with an invalid spring.
    public func validate() throws {
        if let problem { throw problem }
    }

    /// Returns the easing after checking it, for use in one expression:
    /// `let easing = try Easing.cubicBezier(x1, y1, x2, y2).validated()`.
    ///
    /// - Throws: The errors of `validate()`.
    public func validated() throws -> Easing {
        try validate()
        return self
    }

    // MARK: - CustomStringConvertible

    /// The easing in CSS syntax where CSS has it (`ease`, `cubic-bezier(0.68, -0.55, 0.265, 1.55)`,
    /// `steps(4, jump-end)`), and by its Swift name otherwise (`easeOutBounce`, `spring(…)`).
    public var description: String {
        switch storage {
        case .linear:
            return "linear"
        case .cubicBezier(let x1, let y1, let x2, let y2):
            let keywords: [(Easing, String)] = [
                (.ease, "ease"), (.easeIn, "ease-in"), (.easeOut, "ease-out"), (.easeInOut, "ease-in-out")
            ]
            if let keyword = keywords.first(where: { $0.0 == self }) { return keyword.1 }
            return "cubic-bezier(\([x1, y1, x2, y2].map(formatNumber).joined(separator: ", ")))"
        case .steps(let count, let position):
            return "steps(\(count), \(position.rawValue))"
        case .penner(let family, let direction):
            return family.name(direction)
        case .spring(let spring):
            return "spring(\(spring))"
        }
    }
}
