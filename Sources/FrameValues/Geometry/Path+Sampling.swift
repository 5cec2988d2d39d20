import Foundation

extension Path {
    /// The point at a fraction of the path's arc length, for moving something along a motion path.
    ///
    /// Lengths are measured as `length` and `trimmed(from:to:)` measure them, so the point moves at
    /// constant speed along the path as `fraction` grows steadily.
    /// - Parameter fraction: Where along the path, `0...1` (clamped); 0 is the start, 1 the end.
    /// - Returns: The point, or `nil` for an empty path.
    public func point(atFraction fraction: Double) -> CGPoint? {
        guard
            let start = elements.first.flatMap({ element -> CGPoint? in
                if case .move(let p) = element { return p }
                return nil
            })
        else { return nil }
        let t = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        if t <= 0 { return start }
        if t >= 1 { return currentPoint ?? start }
        return trimmed(from: 0, to: t).currentPoint ?? start
    }
}
