/// A composed animation: a value that depends on time, with a duration, built from other timed values.
///
/// ```swift
/// let slide = Tween(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 300, y: 0), duration: 1, easing: .easeInOut)
/// let wobble = Keyframes<Double>([Keyframe(time: 0, value: 0), Keyframe(time: 0.5, value: 10)])
/// let position = Timeline.sequence(slide, slide.reversed()).delay(0.5).repeat(count: 2)
/// let both = Timeline.parallel(position, wobble.speed(2))   // Timeline<(CGPoint, Double)>
/// let (point, angle) = both.value(at: 1.25)
/// ```
///
/// Every timeline follows `TimedValue`'s rules at its ends: before 0 it shows its start value, from
/// `duration` on it holds its end value.
public struct Timeline<Value>: TimedValue {
    /// The time in seconds at which the timeline reaches its end value.
    public let duration: Double

    private let evaluate: @Sendable (Double) -> Value

    /// Creates a timeline from a function of time.
    ///
    /// The function should itself hold its start value before 0 and its end value after `duration`.
    /// - Parameters:
    ///   - duration: When the value reaches its end.
    ///   - value: The value at a time in seconds.
    public init(duration: Double, value: @escaping @Sendable (Double) -> Value) {
        self.duration = duration
        self.evaluate = value
    }

    /// Creates a timeline that plays `animation` unchanged.
    ///
    /// - Parameter animation: The animation to wrap.
    public init(_ animation: some TimedValue<Value>) {
        self.init(duration: animation.duration) { animation.value(at: $0) }
    }

    /// Returns the value at `seconds`.
    ///
    /// - Parameter seconds: The time since the start.
    public func value(at seconds: Double) -> Value {
        evaluate(seconds)
    }

    /// Returns a timeline that plays the animations one after another, each starting when the one
    /// before it ends.
    ///
    /// At the moment one animation ends and the next begins, the next one's start value is shown (so an
    /// animation of zero duration in the middle is never seen). Before 0 the first animation's start value
    /// is shown; after the end, the last animation's end value.
    /// - Parameters:
    ///   - first: The animation that plays first.
    ///   - rest: The animations that follow, in order.
    public static func sequence(_ first: any TimedValue<Value>, _ rest: any TimedValue<Value>...) -> Timeline {
        sequence(first, rest)
    }

    /// Returns a timeline that plays `first` and then each of `rest`, one after another.
    ///
    /// The array form of `sequence(_:_:)`, for animations built in a loop.
    /// - Parameters:
    ///   - first: The animation that plays first.
    ///   - rest: The animations that follow, in order.
    public static func sequence(_ first: any TimedValue<Value>, _ rest: [any TimedValue<Value>]) -> Timeline {
        let parts = [first] + rest
        var starts: [Double] = []
        var time = 0.0
        for part in parts {
            starts.append(time)
            time += max(part.duration, 0)
        }
        return Timeline(duration: time) { [starts] t in
            // The last part that has started by `t`, or the first part before the start.
            var index = 0
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= t {
                    index = middle
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return parts[index].value(at: t - starts[index])
        }
    }
}

extension Timeline {
    /// Returns a timeline that plays several animations side by side, starting together, and gives their
    /// values as a tuple.
    ///
    /// The duration is the longest of the animations'; each shorter one holds its end value until then.
    /// - Parameter animations: The animations to play together, each with its own value type.
    public static func parallel<each Part: TimedValue>(
        _ animations: repeat each Part
    ) -> Timeline where Value == (repeat (each Part).Value) {
        var longest = 0.0
        for animation in repeat each animations {
            longest = max(longest, animation.duration)
        }
        return Timeline(duration: longest) { t in
            (repeat (each animations).value(at: t))
        }
    }
}
