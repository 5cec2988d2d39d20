import Foundation
import MovieKitCore

/// Turns checked animation specs from a file into `Animated` values.
enum AnimationConversion {
    /// An animation of an interpolatable value.
    /// - Throws: `SceneError.invalidValue` at `reader` when the keyframe mode does not suit the value
    ///   (`paced` needs a value whose distance can be measured).
    static func animated<Value: Interpolatable>(_ spec: AnimationSpec<Value>, reader: NodeReader) throws -> Animated<
        Value
    > {
        switch spec {
        case .keyframes(let keyframes, let modeName):
            if keyframes.count == 1, let only = keyframes.first { return .constant(only.value) }
            let mode = Keyframes<Value>.Mode(rawValue: modeName.rawValue) ?? .linear
            let list = keyframes.map { Keyframe(time: $0.time, value: $0.value, easing: $0.easing ?? .linear) }
            do {
                return .keyframes(try Keyframes.validated(list, mode: mode))
            } catch let error as AnimationError {
                throw reader.invalid(
                    "keyframes that cannot be used (\(error.description))",
                    expected: "keyframes in time order with a mode that suits the value")
            }
        case .tween(let from, let to, let start, let duration, let easing):
            return .tween(from: from, to: to, start: start, duration: duration, easing: easing)
        case .spring(let from, let to, let start, let spring, let initialVelocity):
            return .spring(from: from, to: to, start: start, spring: spring, initialVelocity: initialVelocity)
        }
    }

    /// Text that changes in steps: only keyframes make sense for strings.
    static func steps(_ spec: AnimationSpec<String>, reader: NodeReader) throws -> Animated<String> {
        guard case .keyframes(let keyframes, _) = spec else {
            throw reader.invalid(
                "a tween or spring of text", expected: "a list of keyframes [{time, value}]: text changes in steps")
        }
        return .steps(keyframes.map { (time: $0.time, value: $0.value) })
    }
}
