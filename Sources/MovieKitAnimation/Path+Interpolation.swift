import Foundation
import FrameValues

extension Path {
    /// Returns the blend of two paths with the same structure, point by point.
    ///
    /// Both paths must have the same elements in the same order: a move where the other has a move, a
    /// line where it has a line, and so on. Each end point and control point is then blended linearly, so
    /// a star can morph into another star, or a shape drawn with curves into another drawn with as many
    /// curves. `Path` does not conform to `Interpolatable` because paths of different structure cannot be
    /// blended, and a silent fallback would hide the mistake; to animate a path, animate a `Double`
    /// progress with `Keyframes` or `Tween` and call this method with it, after checking the two shapes
    /// once with `try`.
    /// - Parameters:
    ///   - other: The path at amount 1.
    ///   - amount: How far to go from `self` towards `other`; may be outside `0...1`.
    /// - Throws: `AnimationError.incompatiblePaths` when the paths have different numbers of elements, or
    ///   elements of different kinds at the same position.
    public func interpolated(to other: Path, amount: Double) throws -> Path {
        guard elements.count == other.elements.count else {
            throw AnimationError.incompatiblePaths(
                reason: "the first path has \(elements.count) elements and the second has \(other.elements.count)"
            )
        }
        var blended: [Element] = []
        blended.reserveCapacity(elements.count)
        for (index, (from, to)) in zip(elements, other.elements).enumerated() {
            guard let element = Self.blend(from, to, amount) else {
                throw AnimationError.incompatiblePaths(
                    reason: "element \(index) is \(from.kindDescription) in the first path but "
                        + "\(to.kindDescription) in the second"
                )
            }
            blended.append(element)
        }
        return Path(elements: blended)
    }

    /// Blends two elements of the same kind, or returns `nil` when their kinds differ.
    private static func blend(_ from: Element, _ to: Element, _ amount: Double) -> Element? {
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint { p.interpolated(to: q, amount: amount) }
        switch (from, to) {
        case (.move(let p), .move(let q)):
            return .move(to: mix(p, q))
        case (.line(let p), .line(let q)):
            return .line(to: mix(p, q))
        case (.quadCurve(let p, let c), .quadCurve(let q, let d)):
            return .quadCurve(to: mix(p, q), control: mix(c, d))
        case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)):
            return .curve(to: mix(p, q), control1: mix(c1, d1), control2: mix(c2, d2))
        case (.closeSubpath, .closeSubpath):
            return .closeSubpath
        default:
            return nil
        }
    }
}

extension Path.Element {
    /// The element's kind with an article, for error messages: "a line", "a cubic curve" …
    fileprivate var kindDescription: String {
        switch self {
        case .move: "a move"
        case .line: "a line"
        case .quadCurve: "a quadratic curve"
        case .curve: "a cubic curve"
        case .closeSubpath: "a close"
        }
    }
}
