/// Anything that has a value at every moment and a duration: keyframes, tweens, springs and timelines.
///
/// A timed value is a pure function of time, so any frame of a movie can be drawn first. Every
/// implementation in MovieKit follows the same rules at its ends, like a CSS animation with `fill: both`:
/// before time 0 it shows its start value, and from `duration` on it holds its end value.
///
/// Timed values compose into `Timeline`s with `delay(_:)`, `speed(_:)`, `repeat(count:autoreverses:)`,
/// `reversed()`, `then(_:)`, `Timeline.sequence(_:_:)` and `Timeline.parallel(_:)`.
public protocol TimedValue<Value>: Sendable {
    /// The type of the animated value.
    associatedtype Value

    /// The time in seconds at which the value reaches its end; it holds from then on.
    var duration: Double { get }

    /// Returns the value at `seconds`, measured from the start.
    ///
    /// - Parameter seconds: The time since the start; may be negative or past `duration`.
    func value(at seconds: Double) -> Value
}

extension Keyframes: TimedValue {}

extension TimedValue {
    /// Returns this animation started `seconds` later; until then it shows its start value.
    ///
    /// A negative delay starts the animation part-way through, as in CSS. The duration grows by the delay
    /// (and never falls below 0); a delay that is not finite counts as 0.
    /// - Parameter seconds: How long to wait before starting.
    public func delay(_ seconds: Double) -> Timeline<Value> {
        let delay = seconds.isFinite ? seconds : 0
        return Timeline(duration: max(duration + delay, 0)) { self.value(at: $0 - delay) }
    }

    /// Returns this animation played `factor` times as fast: 2 plays it in half the time.
    ///
    /// A factor that is not positive and finite leaves the timing unchanged; use `reversed()` to play
    /// backwards.
    /// - Parameter factor: The playback rate.
    public func speed(_ factor: Double) -> Timeline<Value> {
        let rate = factor > 0 && factor.isFinite ? factor : 1
        return Timeline(duration: duration / rate) { self.value(at: $0 * rate) }
    }

    /// Returns this animation played backwards: it starts at its end value and ends at its start value.
    public func reversed() -> Timeline<Value> {
        let length = duration
        return Timeline(duration: length) { self.value(at: length - $0) }
    }

    /// Returns this animation played `count` times in a row.
    ///
    /// Each play counts once, as in CSS and SwiftUI's `repeatCount`: with `autoreverses`, `count: 3` plays
    /// forwards, backwards, forwards. At the boundary between two plays the next play has begun. After the
    /// last play the value holds where that play ended: the end value, or the start value when an even count
    /// autoreverses. A count of 0 or less shows the start value throughout.
    /// - Parameters:
    ///   - count: The number of plays.
    ///   - autoreverses: Whether every second play runs backwards.
    public func `repeat`(count: Int, autoreverses: Bool = false) -> Timeline<Value> {
        repeated(count: Double(max(count, 0)), autoreverses: autoreverses)
    }

    /// Returns this animation repeated without end; its duration is infinite.
    ///
    /// - Parameter autoreverses: Whether every second play runs backwards.
    public func repeatForever(autoreverses: Bool = false) -> Timeline<Value> {
        repeated(count: .infinity, autoreverses: autoreverses)
    }

    /// Repeats `count` whole plays, or forever when `count` is infinite.
    private func repeated(count: Double, autoreverses: Bool) -> Timeline<Value> {
        let length = duration
        guard count > 0 else { return Timeline(duration: 0) { self.value(at: min($0, 0)) } }
        // An animation that takes no time or never ends has nothing to repeat.
        guard length > 0, length.isFinite else { return Timeline(self) }
        let total = count * length
        return Timeline(duration: total) { t in
            guard t >= 0 else { return self.value(at: t) }
            let play = t >= total ? count - 1 : (t / length).rounded(.down)
            let local = t >= total ? length : t - play * length
            let backwards = autoreverses && play.truncatingRemainder(dividingBy: 2) == 1
            return self.value(at: backwards ? length - local : local)
        }
    }

    /// Returns this animation followed by `next`, which starts when this one ends.
    ///
    /// At the moment they meet, `next` has begun. See `Timeline.sequence(_:_:)`.
    /// - Parameter next: The animation to play afterwards.
    public func then(_ next: some TimedValue<Value>) -> Timeline<Value> {
        Timeline.sequence(self, next)
    }

    /// Returns a timeline whose values are this animation's values passed through `transform`.
    ///
    /// - Parameter transform: Turns each value into the value to show, such as a number into a colour.
    public func map<Mapped>(_ transform: @escaping @Sendable (Value) -> Mapped) -> Timeline<Mapped> {
        Timeline(duration: duration) { transform(self.value(at: $0)) }
    }
}
