/// An animation from one value to another driven by a spring, in the spring's own time.
///
/// The value follows `spring` released at `from` towards `to`, overshooting for an underdamped spring:
/// `from.interpolated(to: to, amount: p)` where `p` goes from 0 to 1 as `Spring.value(at:from:to:)` does.
/// Unlike `Easing.spring(_:)`, the duration is not chosen: it is the time the spring takes to settle within
/// 0.1 % of the distance, after which the value is exactly `to`. Before time 0 the value is `from`.
public struct SpringAnimation<Value: Interpolatable>: TimedValue {
    /// The value at the start.
    public let from: Value
    /// The value the spring pulls towards.
    public let to: Value
    /// The spring.
    public let spring: Spring
    /// The velocity at the start, in distances per second: 1 would cover the whole distance in one second.
    public let initialVelocity: Double
    /// The time in seconds until the motion stays within 0.1 % of the distance to `to`; infinite for an
    /// undamped spring.
    public let duration: Double

    /// Creates a spring animation.
    ///
    /// - Parameters:
    ///   - from: The value at the start.
    ///   - to: The value the spring pulls towards.
    ///   - spring: The spring.
    ///   - initialVelocity: The velocity at the start, as a fraction of the distance per second; 0 by default.
    public init(from: Value, to: Value, spring: Spring, initialVelocity: Double = 0) {
        self.from = from
        self.to = to
        self.spring = spring
        self.initialVelocity = initialVelocity
        self.duration = spring.settlingTime(x0: -1, v0: initialVelocity)
    }

    /// Returns the value at `seconds`.
    ///
    /// - Parameter seconds: The time since the spring was released.
    public func value(at seconds: Double) -> Value {
        if seconds.isNaN || seconds <= 0 { return from }
        if seconds >= duration { return to }
        let progress = spring.value(at: seconds, from: 0, to: 1, initialVelocity: initialVelocity)
        return from.interpolated(to: to, amount: progress)
    }
}
