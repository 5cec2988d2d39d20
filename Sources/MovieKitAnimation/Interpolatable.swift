import Foundation

/// A value that can be blended with another value of its type, so it can be animated by `Keyframes` or `Tween`.
///
/// `interpolated(to:amount:)` returns `self` at amount 0 and `other` at amount 1. Amounts outside `0...1`
/// extrapolate along the same blend; easings such as `.easeOutBack` or a spring use them to overshoot, and
/// Catmull-Rom keyframes use them to build their curve. Interpolatable values are `Sendable`, so animations
/// can be evaluated from several rendering threads at once.
///
/// MovieKit provides conformances for `Double`, `CGPoint`, `CGSize`, `CGRect`, `Color` (blended with
/// premultiplied alpha) and `AffineTransform` (blended by its decomposed parts). `Path` does not conform,
/// because two paths with different elements cannot be blended; use its throwing
/// `interpolated(to:amount:)` instead.
public protocol Interpolatable: Sendable {
    /// Returns the blend of `self` and `other`: `self` at amount 0, `other` at amount 1.
    ///
    /// - Parameters:
    ///   - other: The value at amount 1.
    ///   - amount: How far to go from `self` towards `other`; may be below 0 or above 1 to overshoot.
    func interpolated(to other: Self, amount: Double) -> Self
}

/// An interpolatable value with a distance between two values, which paced keyframes need to move at a
/// constant speed.
///
/// The distance of `Double` is the absolute difference, that of `CGPoint` the straight-line distance, and
/// those of `CGSize` and `CGRect` the Euclidean distance between their components.
public protocol DistanceMeasurable: Interpolatable {
    /// The distance between `self` and `other`: zero for equal values, never negative.
    ///
    /// - Parameter other: The value to measure to.
    func interpolationDistance(to other: Self) -> Double
}

/// The linear blend of two numbers, `a` at amount 0 and `b` at amount 1.
@inline(__always)
func lerp(_ a: Double, _ b: Double, _ amount: Double) -> Double {
    a + (b - a) * amount
}

extension Double: DistanceMeasurable {
    /// Returns `self + (other − self) · amount`.
    ///
    /// - Parameters:
    ///   - other: The value at amount 1.
    ///   - amount: How far to go from `self` towards `other`; may be outside `0...1`.
    public func interpolated(to other: Double, amount: Double) -> Double {
        lerp(self, other, amount)
    }

    /// The absolute difference `|other − self|`.
    ///
    /// - Parameter other: The value to measure to.
    public func interpolationDistance(to other: Double) -> Double {
        abs(other - self)
    }
}

extension CGPoint: DistanceMeasurable {
    /// Returns the point on the line through `self` and `other` at `amount`, with each coordinate blended
    /// linearly.
    ///
    /// - Parameters:
    ///   - other: The point at amount 1.
    ///   - amount: How far to go from `self` towards `other`; may be outside `0...1`.
    public func interpolated(to other: CGPoint, amount: Double) -> CGPoint {
        CGPoint(x: lerp(x, other.x, amount), y: lerp(y, other.y, amount))
    }

    /// The straight-line distance between the two points.
    ///
    /// - Parameter other: The point to measure to.
    public func interpolationDistance(to other: CGPoint) -> Double {
        hypot(other.x - x, other.y - y)
    }
}

extension CGSize: DistanceMeasurable {
    /// Returns the size with its width and height each blended linearly.
    ///
    /// - Parameters:
    ///   - other: The size at amount 1.
    ///   - amount: How far to go from `self` towards `other`; may be outside `0...1`.
    public func interpolated(to other: CGSize, amount: Double) -> CGSize {
        CGSize(width: lerp(width, other.width, amount), height: lerp(height, other.height, amount))
    }

    /// The Euclidean distance between the two sizes taken as vectors `(width, height)`.
    ///
    /// - Parameter other: The size to measure to.
    public func interpolationDistance(to other: CGSize) -> Double {
        hypot(other.width - width, other.height - height)
    }
}

extension CGRect: DistanceMeasurable {
    /// Returns the rectangle with its origin and size each blended linearly.
    ///
    /// The rectangles are blended as stored, without standardising negative sizes first.
    /// - Parameters:
    ///   - other: The rectangle at amount 1.
    ///   - amount: How far to go from `self` towards `other`; may be outside `0...1`.
    public func interpolated(to other: CGRect, amount: Double) -> CGRect {
        CGRect(
            origin: origin.interpolated(to: other.origin, amount: amount),
            size: size.interpolated(to: other.size, amount: amount))
    }

    /// The Euclidean distance between the two rectangles taken as vectors `(x, y, width, height)`.
    ///
    /// - Parameter other: The rectangle to measure to.
    public func interpolationDistance(to other: CGRect) -> Double {
        let dx = other.origin.x - origin.x
        let dy = other.origin.y - origin.y
        let dw = other.size.width - size.width
        let dh = other.size.height - size.height
        return (dx * dx + dy * dy + dw * dw + dh * dh).squareRoot()
    }
}
