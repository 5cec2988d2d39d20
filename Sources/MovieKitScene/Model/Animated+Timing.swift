import Foundation
import FrameDraw
import MovieKitCore

/// Animations from MovieKitCore's timing library: keyframes, tweens, springs and timelines.
extension Animated {
    /// Follows any timed value (`Keyframes`, `Tween`, `SpringAnimation`, `Timeline`) on the layer's clock.
    /// - Parameters:
    ///   - timed: The animation; its time 0 is `start`.
    ///   - start: When the animation starts, in seconds on the parent's clock. Before it, the
    ///     animation shows its start value; after its duration, its end value.
    ///   - kind: What sort of animation it is, which decides how the renderer may cache the layer.
    public init(_ timed: some TimedValue<Value>, start: Double = 0, kind: Kind = .custom) {
        self.init(kind: kind) { time in timed.value(at: time - start) }
    }

    /// Keyframes: values at times (on the parent's clock), each reached along its easing.
    public static func keyframes(_ keyframes: Keyframes<Value>) -> Animated where Value: Interpolatable {
        Animated(keyframes, kind: .keyframes)
    }

    /// Keyframes from a list, interpolated linearly between values unless each says otherwise.
    public static func keyframes(_ keyframes: [Keyframe<Value>], mode: Keyframes<Value>.Mode = .linear) -> Animated
    where Value: Interpolatable {
        .keyframes(Keyframes(keyframes, mode: mode))
    }

    /// From one value to another over `duration` seconds from `start`, along `easing`.
    public static func tween(from: Value, to: Value, start: Double = 0, duration: Double, easing: Easing = .ease)
        -> Animated
    where Value: Interpolatable {
        Animated(Tween(from: from, to: to, duration: duration, easing: easing), start: start, kind: .tween)
    }

    /// From one value to another on a spring released at `start`; it may overshoot `to`.
    public static func spring(
        from: Value, to: Value, start: Double = 0, spring: Spring = .smooth, initialVelocity: Double = 0
    )
        -> Animated where Value: Interpolatable
    {
        Animated(
            SpringAnimation(from: from, to: to, spring: spring, initialVelocity: initialVelocity), start: start,
            kind: .spring)
    }
}
