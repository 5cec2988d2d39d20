/// An animation from one value to another over a duration, shaped by an easing.
///
/// Before time 0 the value is `from`; from `duration` on it is exactly `to`. In between it is
/// `from.interpolated(to: to, amount: easing.value(at: seconds / duration))`, which overshoots for easings
/// that do.
public struct Tween<Value: Interpolatable>: TimedValue {
    /// The value at the start.
    public var from: Value
    /// The value at the end.
    public var to: Value
    /// The length in seconds. A duration that is negative or not finite counts as 0 (the value jumps to
    /// `to` at time 0); `validate()` reports it.
    public var duration: Double
    /// The easing that shapes the progress.
    public var easing: Easing

    /// Creates a tween.
    ///
    /// - Parameters:
    ///   - from: The value at the start.
    ///   - to: The value at the end.
    ///   - duration: The length in seconds.
    ///   - easing: The easing that shapes the progress; `linear` by default.
    public init(from: Value, to: Value, duration: Double, easing: Easing = .linear) {
        self.from = from
        self.to = to
        self.duration = duration
        self.easing = easing
    }

    /// Returns the value at `seconds`.
    ///
    /// - Parameter seconds: The time since the start.
    public func value(at seconds: Double) -> Value {
        if seconds.isNaN || seconds < 0 { return from }
        guard duration > 0, duration.isFinite else {
            // A zero, negative or NaN duration jumps at time 0; an infinite one never leaves its start.
            return duration == .infinity ? from.interpolated(to: to, amount: easing.value(at: 0)) : to
        }
        if seconds >= duration { return to }
        let progress = easing.value(at: seconds / duration)
        return progress == 0 ? from : from.interpolated(to: to, amount: progress)
    }

    /// Checks the duration and the easing.
    ///
    /// - Throws: `AnimationError.invalidTiming` for a duration that is negative or not finite; the errors of
    ///   `Easing.validate()` for an invalid easing.
    public func validate() throws {
        if !duration.isFinite {
            throw AnimationError.invalidTiming(
                name: "Tween duration", value: duration,
                reason: "is not a finite number; use a number of seconds such as 1")
        }
        if duration < 0 {
            throw AnimationError.invalidTiming(
                name: "Tween duration", value: duration,
                reason: "is negative; use 0 or more seconds")
        }
        try easing.validate()
    }
}
