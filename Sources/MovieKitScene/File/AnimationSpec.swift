import Foundation

/// An animation exactly as a scene file writes it, checked but not yet turned into `Animated`.
enum AnimationSpec<Value> {
    /// One keyframe: a value at a time, reached with `easing` from the keyframe before.
    struct Keyframe {
        var time: Double
        var value: Value
        var easing: EasingSpec?
    }

    /// Keyframes in time order, with a calculation mode (`linear`, `discrete`, `catmullRom`, `paced`).
    case keyframes([Keyframe], mode: KeyframeModeSpec)
    /// From one value to another over `duration` seconds from `start`, along `easing`.
    case tween(from: Value, to: Value, start: Double, duration: Double, easing: EasingSpec)
    /// From one value to another with a spring released at `start`.
    case spring(from: Value, to: Value, start: Double, spring: SpringSpec, initialVelocity: Double)
}

/// A keyframe calculation mode as written in a file.
enum KeyframeModeSpec: String, CaseIterable {
    case linear, discrete, catmullRom, paced
}

/// A spring as written in a file: `{response: 0.5, dampingRatio: 0.7}`.
struct SpringSpec {
    var response: Double
    var dampingRatio: Double
}

/// An easing as written in a file.
enum EasingSpec {
    /// `linear`, `ease`, `easeIn`, `easeOut`, `easeInOut`, or a Penner name such as `easeOutBack`.
    case named(String)
    /// `cubicBezier(x1, y1, x2, y2)`.
    case cubicBezier(Double, Double, Double, Double)
    /// `steps(n)` or `steps(n, jumpStart)`.
    case steps(Int, StepPositionSpec)
    /// `{spring: {response, dampingRatio}}`.
    case spring(SpringSpec)

    /// The names `named` accepts.
    static let names: [String] = {
        let families = ["Sine", "Quad", "Cubic", "Quart", "Quint", "Expo", "Circ", "Back", "Elastic", "Bounce"]
        return ["linear", "ease", "easeIn", "easeOut", "easeInOut"]
            + families.flatMap { ["easeIn\($0)", "easeOut\($0)", "easeInOut\($0)"] }
    }()
}

/// Where `steps(n, …)` jumps, as in CSS.
enum StepPositionSpec: String, CaseIterable {
    case jumpStart, jumpEnd, jumpNone, jumpBoth, start, end
}
