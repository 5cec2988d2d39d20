import Foundation

/// One value of a keyframe animation: the value at a time, and the easing of the segment that starts here.
public struct Keyframe<Value: Interpolatable>: Sendable {
    /// The time in seconds at which the animation has `value`.
    public var time: Double
    /// The value at `time`.
    public var value: Value
    /// The easing of the segment from this keyframe to the next, as in Web Animations; the last keyframe's
    /// easing is not used.
    public var easing: Easing

    /// Creates a keyframe.
    ///
    /// - Parameters:
    ///   - time: The time in seconds at which the animation has `value`.
    ///   - value: The value at `time`.
    ///   - easing: The easing of the segment from this keyframe to the next one.
    public init(time: Double, value: Value, easing: Easing = .linear) {
        self.time = time
        self.value = value
        self.easing = easing
    }
}

extension Keyframe: Equatable where Value: Equatable {}
extension Keyframe: Hashable where Value: Hashable {}

/// A value animated through keyframes, with the semantics of CSS animations and Web Animations.
///
/// ```swift
/// let x = Keyframes<Double>([
///     Keyframe(time: 0.0, value: 0, easing: .easeIn),     // eases the segment 0.0 → 0.3
///     Keyframe(time: 0.3, value: 200, easing: .easeOut),  // eases the segment 0.3 → 0.8
///     Keyframe(time: 0.8, value: 1000),
///     Keyframe(time: 1.0, value: 400),
/// ])
/// x.value(at: 0.5)
/// ```
///
/// - Before the first keyframe's time the value is the first value; after the last keyframe's time it is
///   the last value (CSS `fill: both`).
/// - Between two keyframes, the progress through the segment is shaped by the easing of the keyframe that
///   starts the segment, then the two values are blended according to `mode`.
/// - Keyframe times must not decrease. Two keyframes at the same time make the value jump there: just before
///   that time it approaches the first of them, and at that time it is the second.
/// - `duration` is the last keyframe's time, so a keyframe animation can be sequenced in a `Timeline`.
///
/// Keyframes never stop the program for bad data, except an empty array literal, which is a programming
/// error (`init(_:mode:)` has no value to show). Keyframes in the wrong order are evaluated as if sorted by
/// time (keeping the order of equal times), and a keyframe whose time is not finite is skipped. Scene readers
/// build keyframes with `Keyframes.validated(_:mode:)`, which throws a `AnimationError` for each of these
/// cases instead.
public struct Keyframes<Value: Interpolatable>: Sendable {
    /// How values between keyframes are computed. The names follow Core Animation's calculation modes.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// Blends the two neighbouring values with `interpolated(to:amount:)`. The default.
        case linear
        /// Holds each value until the next keyframe's time, then jumps; easings are not used.
        case discrete
        /// A smooth curve through every value (a Catmull-Rom spline over the keyframe times, built from
        /// `interpolated(to:amount:)` alone, so it works for any value type). The value passes through each
        /// keyframe with no kink; the ends continue the direction of the first and last segments; a jump
        /// (equal times) splits the curve in two. Easings reshape the progress along each segment.
        case catmullRom
        /// Moves at a constant speed along the values, ignoring the times of the inner keyframes and the
        /// easings (like Core Animation's `paced`): the motion starts at the first keyframe's time and ends at
        /// the last's, and each segment gets time in proportion to its distance. Needs a `DistanceMeasurable`
        /// value such as `CGPoint`; other values fall back to `linear`, and `validate()` reports them.
        case paced
    }

    /// The keyframes as given.
    public let keyframes: [Keyframe<Value>]
    /// How values between keyframes are computed.
    public let mode: Mode

    /// The keyframes used for evaluation: finite times only, stably sorted by time. Never empty.
    private let sorted: [Keyframe<Value>]
    /// For `paced` mode: the distance along the values from the first keyframe to each keyframe.
    private let cumulativeDistances: [Double]?

    /// Creates a keyframe animation from keyframes written in the code.
    ///
    /// This initialiser does not throw, so literal keyframes need no `try`; keyframes in the wrong order or
    /// with non-finite times are evaluated as described in the type's documentation. For keyframes read
    /// from a file, use `validated(_:mode:)`.
    /// - Precondition: `keyframes` is not empty: an animation needs at least one value.
    /// - Parameters:
    ///   - keyframes: The keyframes, in time order.
    ///   - mode: How values between keyframes are computed; `linear` by default.
    public init(_ keyframes: [Keyframe<Value>], mode: Mode = .linear) {
        precondition(
            !keyframes.isEmpty,
            "Keyframes needs at least one keyframe; use Keyframes.validated(_:mode:) for keyframes read from a file.")
        self.keyframes = keyframes
        self.mode = mode
        let finite = keyframes.enumerated().filter { $0.element.time.isFinite }
        let ordered = finite.sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var usable = ordered.isEmpty ? [keyframes[0]] : ordered
        if ordered.isEmpty { usable[0].time = 0 }
        self.sorted = usable
        self.cumulativeDistances = mode == .paced ? Self.cumulativeDistances(usable.map(\.value)) : nil
    }

    /// Creates a keyframe animation after checking the keyframes, for keyframes read from a file.
    ///
    /// - Parameters:
    ///   - keyframes: The keyframes, in time order.
    ///   - mode: How values between keyframes are computed; `linear` by default.
    /// - Throws: `AnimationError.noKeyframes` for an empty list; `AnimationError.invalidKeyframe` naming the
    ///   first keyframe whose time is not finite, whose time is earlier than the keyframe before it, or whose
    ///   easing is invalid; `AnimationError.unsupportedKeyframeMode` for `paced` with a value type that is not
    ///   `DistanceMeasurable`.
    public static func validated(_ keyframes: [Keyframe<Value>], mode: Mode = .linear) throws -> Keyframes {
        guard !keyframes.isEmpty else { throw AnimationError.noKeyframes }
        let result = Keyframes(keyframes, mode: mode)
        try result.validate()
        return result
    }

    /// Checks that the keyframes have finite, non-decreasing times and valid easings, and that the mode
    /// suits the value type.
    ///
    /// - Throws: The errors of `validated(_:mode:)`.
    public func validate() throws {
        for (index, keyframe) in keyframes.enumerated() {
            guard keyframe.time.isFinite else {
                throw AnimationError.invalidKeyframe(
                    index: index,
                    reason: "its time \(keyframe.time) is not a finite number; use a time in seconds, such as 0")
            }
            if index > 0, keyframe.time < keyframes[index - 1].time {
                throw AnimationError.invalidKeyframe(
                    index: index,
                    reason:
                        "its time \(formatNumber(keyframe.time)) is earlier than the time \(formatNumber(keyframes[index - 1].time)) "
                        + "of keyframe \(index - 1); keyframe times must not decrease, so sort the keyframes by time")
            }
            if let problem = keyframe.easing.problem {
                let reason =
                    switch problem {
                    case .invalidEasing(let easing, let reason):
                        "in its easing \(easing), \(reason)"
                    case .invalidSpring(let parameter, let value, let reason):
                        "in its easing \(keyframe.easing), the spring \(parameter) \(formatNumber(value)) \(reason)"
                    default:
                        "its easing \(keyframe.easing) cannot be used"
                    }
                throw AnimationError.invalidKeyframe(index: index, reason: reason)
            }
        }
        if mode == .paced, cumulativeDistances == nil {
            throw AnimationError.unsupportedKeyframeMode(mode: "paced", valueType: "\(Value.self)")
        }
    }

    /// Returns the keyframes after checking them, for use in one expression.
    ///
    /// - Throws: The errors of `validated(_:mode:)`.
    public func validated() throws -> Keyframes {
        try validate()
        return self
    }

    // MARK: - Evaluation

    /// The time of the last keyframe: when the animation reaches its final value.
    public var duration: Double { max(sorted[sorted.count - 1].time, 0) }

    /// Returns the animated value at `seconds`.
    ///
    /// - Parameter seconds: The time; before the first keyframe gives the first value, after the last
    ///   keyframe the last value.
    public func value(at seconds: Double) -> Value {
        let first = sorted[0]
        let last = sorted[sorted.count - 1]
        if seconds.isNaN || seconds < first.time { return first.value }
        if seconds >= last.time { return last.value }
        if mode == .paced, let cumulativeDistances {
            return pacedValue(at: seconds, distances: cumulativeDistances)
        }
        // The segment starts at the last keyframe whose time is at or before `seconds`.
        var low = 0
        var high = sorted.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if sorted[middle].time <= seconds { low = middle } else { high = middle }
        }
        let start = sorted[low]
        let end = sorted[low + 1]
        if mode == .discrete { return start.value }
        let progress = start.easing.value(at: (seconds - start.time) / (end.time - start.time))
        // Exactly the keyframe's value at its own time, whatever rounding a blend would add.
        if progress == 0 { return start.value }
        if mode == .catmullRom {
            return catmullRomValue(segment: low, time: start.time + progress * (end.time - start.time))
        }
        return start.value.interpolated(to: end.value, amount: progress)
    }

    /// The Catmull-Rom value at `time` in the segment from `sorted[segment]` to `sorted[segment + 1]`.
    ///
    /// Uses the Barry–Goldman pyramid, which needs nothing but blends (some extrapolating), with the
    /// keyframe times as knots. A missing neighbour (at an end or across a jump) is replaced by the
    /// segment's far value reflected through its near value, one segment's time away.
    private func catmullRomValue(segment: Int, time: Double) -> Value {
        let p1 = sorted[segment]
        let p2 = sorted[segment + 1]
        let span = p2.time - p1.time
        var p0 = (value: p2.value.interpolated(to: p1.value, amount: 2), time: p1.time - span)
        if segment > 0, sorted[segment - 1].time < p1.time {
            p0 = (sorted[segment - 1].value, sorted[segment - 1].time)
        }
        var p3 = (value: p1.value.interpolated(to: p2.value, amount: 2), time: p2.time + span)
        if segment + 2 < sorted.count, sorted[segment + 2].time > p2.time {
            p3 = (sorted[segment + 2].value, sorted[segment + 2].time)
        }
        func blend(_ a: Value, _ ta: Double, _ b: Value, _ tb: Double) -> Value {
            a.interpolated(to: b, amount: (time - ta) / (tb - ta))
        }
        let a1 = blend(p0.value, p0.time, p1.value, p1.time)
        let a2 = blend(p1.value, p1.time, p2.value, p2.time)
        let a3 = blend(p2.value, p2.time, p3.value, p3.time)
        let b1 = blend(a1, p0.time, a2, p2.time)
        let b2 = blend(a2, p1.time, a3, p3.time)
        return blend(b1, p1.time, b2, p2.time)
    }

    /// The paced value at `seconds`, strictly between the first and last keyframe times.
    private func pacedValue(at seconds: Double, distances: [Double]) -> Value {
        let first = sorted[0]
        let last = sorted[sorted.count - 1]
        let total = distances[distances.count - 1]
        guard total > 0 else { return seconds < last.time ? first.value : last.value }
        let target = (seconds - first.time) / (last.time - first.time) * total
        // The segment whose distance range holds the target, skipping segments of zero length.
        var low = 0
        var high = distances.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if distances[middle] <= target { low = middle } else { high = middle }
        }
        let length = distances[low + 1] - distances[low]
        let amount = length > 0 ? (target - distances[low]) / length : 1
        return sorted[low].value.interpolated(to: sorted[low + 1].value, amount: amount)
    }

    /// The running distance along `values`, or `nil` when `Value` is not `DistanceMeasurable`.
    private static func cumulativeDistances(_ values: [Value]) -> [Double]? {
        guard let measurable = Value.self as? any DistanceMeasurable.Type else { return nil }
        return cumulativeDistances(values, as: measurable)
    }

    /// The running distance along `values`, measured as `Measured` (which is `Value` itself).
    private static func cumulativeDistances<Measured: DistanceMeasurable>(
        _ values: [Value], as _: Measured.Type
    ) -> [Double]? {
        let points = values.compactMap { $0 as? Measured }
        guard points.count == values.count else { return nil }
        var distances = [0.0]
        distances.reserveCapacity(points.count)
        for (from, to) in zip(points, points.dropFirst()) {
            let step = from.interpolationDistance(to: to)
            distances.append((distances.last ?? 0) + (step.isFinite ? step : 0))
        }
        return distances
    }
}
