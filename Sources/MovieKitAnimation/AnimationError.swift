import Foundation

/// Every error the timing library throws: an easing, keyframe list, spring, tween or path that cannot
/// be evaluated as given. Each description is a full sentence that names the value, says what is wrong
/// and what to use instead.
public enum AnimationError: Error, Equatable, CustomStringConvertible {
    /// An easing curve cannot be evaluated as written. `easing` is the curve in CSS syntax, such as
    /// `cubic-bezier(1.5, 0, 0.5, 1)`; `reason` says which value is wrong and what to use instead.
    case invalidEasing(easing: String, reason: String)
    /// A keyframe list has no keyframes.
    case noKeyframes
    /// The keyframe at `index` (counted from 0, in the order given) has a time or easing that cannot be used.
    case invalidKeyframe(index: Int, reason: String)
    /// The keyframes' calculation mode needs something that their value type does not provide.
    case unsupportedKeyframeMode(mode: String, valueType: String)
    /// A spring parameter (`mass`, `stiffness`, `damping`, `response` or `damping ratio`) is out of range.
    case invalidSpring(parameter: String, value: Double, reason: String)
    /// Two paths cannot be interpolated because their elements differ.
    case incompatiblePaths(reason: String)
    /// A duration, speed or repeat count of an animation is out of range. `name` says which one.
    case invalidTiming(name: String, value: Double, reason: String)

    public var description: String {
        switch self {
        case .invalidEasing(let easing, let reason):
            return "Easing \(easing) is invalid: \(reason)."
        case .noKeyframes:
            return "The keyframe list is empty; add at least one keyframe, such as Keyframe(time: 0, value: …)."
        case .invalidKeyframe(let index, let reason):
            return "Keyframe \(index) is invalid: \(reason)."
        case .unsupportedKeyframeMode(let mode, let valueType):
            return "Keyframes of \(valueType) cannot use the \(mode) mode, which needs values whose distance "
                + "can be measured; use .linear or .catmullRom, or animate a position such as CGPoint."
        case .invalidSpring(let parameter, let value, let reason):
            return "Spring \(parameter) \(formatNumber(value)) \(reason)."
        case .incompatiblePaths(let reason):
            return "The paths cannot be interpolated: \(reason); give both paths the same elements (move, line, "
                + "quadratic curve, curve, close) in the same order, for example by drawing lines as curves."
        case .invalidTiming(let name, let value, let reason):
            return "\(name) \(formatNumber(value)) \(reason)."
        }
    }
}

extension AnimationError: LocalizedError {
    public var errorDescription: String? { description }
}
