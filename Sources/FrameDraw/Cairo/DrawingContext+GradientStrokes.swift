internal import CCairo
import Foundation

extension DrawingContext {
    /// Strokes the current path with a linear gradient and the current line style, then clears the path.
    ///
    /// The end colours extend past `start` and `end`, so the whole stroke is painted. The global alpha,
    /// blend mode and shadow apply. Corresponds to `cairo_stroke` with a `cairo_pattern_create_linear` source.
    /// - Parameters:
    ///   - gradient: The colours and their locations.
    ///   - start: Where location 0 lies, in user space.
    ///   - end: Where location 1 lies, in user space.
    public func strokePath(with gradient: Gradient, start: CGPoint, end: CGPoint) {
        let alpha = state.alpha
        strokeCurrentPath(with: gradient, .linear(start: start, end: end)) {
            makeLinearPattern(gradient, start: start, end: end, alpha: alpha)
        }
    }

    /// Strokes the current path with a radial gradient and the current line style, then clears the path.
    ///
    /// The end colours extend before the start circle and after the end circle, so the whole stroke is
    /// painted. The global alpha, blend mode and shadow apply. Corresponds to `cairo_stroke` with a
    /// `cairo_pattern_create_radial` source.
    /// - Parameters:
    ///   - gradient: The colours and their locations.
    ///   - startCenter: The centre of the start circle, in user space.
    ///   - startRadius: The radius of the start circle; negative values count as 0.
    ///   - endCenter: The centre of the end circle, in user space.
    ///   - endRadius: The radius of the end circle; negative values count as 0.
    public func strokePath(
        with gradient: Gradient, startCenter: CGPoint, startRadius: Double, endCenter: CGPoint, endRadius: Double
    ) {
        let cone = RadialCone(
            startCenter: startCenter, startRadius: startRadius, endCenter: endCenter, endRadius: endRadius)
        let alpha = state.alpha
        strokeCurrentPath(with: gradient, cone.isDrawable ? .radial(cone) : nil) {
            makeRadialPattern(gradient, cone: cone, alpha: alpha)
        }
    }

    private func strokeCurrentPath(
        with gradient: Gradient, _ geometry: GradientGeometry?, pattern: () -> OpaquePointer?
    ) {
        let alpha = state.alpha
        paint(extents: .currentPathStroke) {
            withGradientSource(
                gradient, geometry, alpha: alpha, extendsBeyondEnds: true, extents: .currentPathStroke,
                pattern: pattern
            ) {
                strokingWithinDashLimit(painting: true) { cairo_stroke_preserve(cr) }
            }
        }
        cairo_new_path(cr)
    }
}
