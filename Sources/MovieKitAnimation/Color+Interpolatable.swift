import FrameValues

extension Color: Interpolatable {
    /// Returns the blend of two colours in premultiplied-alpha space, as CSS and compositors blend them.
    ///
    /// Each colour's red, green and blue are first multiplied by its alpha, the products and the alphas are
    /// blended linearly, and the result is divided by its alpha again. A fade from red to `.clear` therefore
    /// stays pure red while its alpha falls, instead of darkening towards the black hidden in `.clear`.
    /// The resulting alpha is clamped to `0...1` (an overshooting amount cannot make a colour more than
    /// opaque or less than clear); when it is 0 the colour components are blended without premultiplying.
    /// - Parameters:
    ///   - other: The colour at amount 1.
    ///   - amount: How far to go from `self` towards `other`; may be outside `0...1`.
    public func interpolated(to other: Color, amount: Double) -> Color {
        let alpha = min(max(lerp(self.alpha, other.alpha, amount), 0), 1)
        guard alpha > 0 else {
            return Color(
                red: lerp(red, other.red, amount), green: lerp(green, other.green, amount),
                blue: lerp(blue, other.blue, amount), alpha: 0)
        }
        func blend(_ a: Double, _ b: Double) -> Double {
            lerp(a * self.alpha, b * other.alpha, amount) / alpha
        }
        return Color(
            red: blend(red, other.red), green: blend(green, other.green),
            blue: blend(blue, other.blue), alpha: alpha)
    }
}
