import Foundation
import FrameDraw

/// A layer property's value over time: a constant, or an animation (keyframes, an easing tween or
/// a spring) evaluated at each frame's time.
///
/// An `Animated` value is a pure function of time: evaluating it at `t` never depends on an
/// earlier evaluation, which is what lets any frame of a scene be drawn on its own.
///
/// ```swift
/// let fade: Animated<Double> = .tween(from: 0, to: 1, start: 0.5, duration: 1, easing: .easeOut)
/// let width: Animated<Double> = 4          // a constant, from a literal
/// fade.value(at: 1.0)
/// ```
///
/// Times are in seconds on the clock of the layer's parent (the scene's clock for top-level
/// layers, shifted by a group's `timeOffset` inside it).
public struct Animated<Value: Sendable>: Sendable {
    /// How the value is produced, for inspection.
    public enum Kind: String, Sendable, Hashable {
        case constant, keyframes, tween, spring, custom
    }

    /// How the value is produced.
    public let kind: Kind
    /// The value when constant.
    public let constantValue: Value?
    private let evaluate: @Sendable (Double) -> Value

    /// Creates an animation from any pure function of time.
    /// - Parameters:
    ///   - kind: What the function is, for inspection; `.custom` unless it is one of the built-in forms.
    ///   - function: The value at a time in seconds. It must not depend on earlier calls.
    public init(kind: Kind = .custom, _ function: @escaping @Sendable (Double) -> Value) {
        self.kind = kind
        constantValue = nil
        evaluate = function
    }

    private init(constant value: Value) {
        kind = .constant
        constantValue = value
        evaluate = { _ in value }
    }

    /// A value that never changes.
    public static func constant(_ value: Value) -> Animated { Animated(constant: value) }

    /// The value at `time` seconds.
    public func value(at time: Double) -> Value { constantValue ?? evaluate(time) }

    /// Whether the value changes over time.
    public var isAnimated: Bool { kind != .constant }

    /// A new animation whose values are this one's, transformed.
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) -> Other) -> Animated<Other> {
        if let constantValue { return Animated<Other>.constant(transform(constantValue)) }
        let evaluate = self.evaluate
        return Animated<Other>(kind: Animated<Other>.Kind(rawValue: kind.rawValue) ?? .custom) {
            transform(evaluate($0))
        }
    }
}

extension Animated where Value == String {
    /// Text that changes at given times and holds each string until the next: a step function.
    /// - Parameter steps: `(time, text)` pairs in ascending time order; before the first time the
    ///   first text shows.
    public static func steps(_ steps: [(time: Double, value: String)]) -> Animated {
        precondition(!steps.isEmpty, "Animated.steps needs at least one step.")
        precondition(
            zip(steps, steps.dropFirst()).allSatisfy { $0.time <= $1.time }, "Animated.steps needs ascending times.")
        if steps.count == 1 { return .constant(steps[0].value) }
        let table = steps.map { ($0.time, $0.value) }
        return Animated(kind: .keyframes) { time in
            table.last { $0.0 <= time }?.1 ?? table[0].1
        }
    }
}

extension Animated: ExpressibleByIntegerLiteral where Value == Double {
    public init(integerLiteral value: Int) { self.init(constant: Double(value)) }
}

extension Animated: ExpressibleByFloatLiteral where Value == Double {
    public init(floatLiteral value: Double) { self.init(constant: value) }
}

extension Animated: ExpressibleByUnicodeScalarLiteral where Value == String {
    public init(unicodeScalarLiteral value: String) { self.init(constant: value) }
}

extension Animated: ExpressibleByExtendedGraphemeClusterLiteral where Value == String {
    public init(extendedGraphemeClusterLiteral value: String) { self.init(constant: value) }
}

extension Animated: ExpressibleByStringLiteral where Value == String {
    public init(stringLiteral value: String) { self.init(constant: value) }
}
