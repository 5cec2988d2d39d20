import Foundation
import MovieKitCore

/// An animation exactly as a scene file writes it, checked but not yet turned into `Animated`.
enum AnimationSpec<Value> {
    /// One keyframe: a value at a time, reached with `easing` from the keyframe before.
    struct Keyframe {
        var time: Double
        var value: Value
        var easing: Easing?
    }

    /// Keyframes in time order, with a calculation mode.
    case keyframes([Keyframe], mode: Keyframes<Double>.Mode)
    /// From one value to another over `duration` seconds from `start`, along `easing`.
    case tween(from: Value, to: Value, start: Double, duration: Double, easing: Easing)
    /// From one value to another with a spring released at `start`.
    case spring(from: Value, to: Value, start: Double, spring: Spring, initialVelocity: Double)
}

/// The easing names scene files accept: CSS's keywords and Penner's family.
enum EasingNames {
    static let all: [(name: String, easing: Easing)] = {
        let css: [(String, Easing)] = [
            ("linear", .linear), ("ease", .ease), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut)
        ]
        let penner = Easing.Family.allCases.flatMap { family in
            Easing.Direction.allCases.map { direction in
                (
                    direction.rawValue + family.rawValue.prefix(1).uppercased() + family.rawValue.dropFirst(),
                    Easing.penner(family, direction)
                )
            }
        }
        return css + penner
    }()
}

/// Where `steps(n, …)` jumps, as written in files (camel case, or CSS's `jump-end`).
enum StepPositionNames {
    static let all: [(name: String, position: Easing.StepPosition)] = [
        ("jumpStart", .jumpStart), ("jumpEnd", .jumpEnd), ("jumpNone", .jumpNone), ("jumpBoth", .jumpBoth),
        ("start", .jumpStart), ("end", .jumpEnd)
    ]
}
