import Foundation

/// The calls an outline is built from, and its current point.
///
/// `Path` (an outline stored in Swift) and `DrawingContext` (Cairo's current path) both conform, so the
/// shapes built on top of these calls, such as the tangent arc, have one implementation and follow the
/// same rules in both. Each conformer turns a circular arc into curves its own way: `Path` with
/// quarter-turn cubics (`ArcGeometry.cubicSegments`), `DrawingContext` with `cairo_arc`, which picks
/// the number of curves for the device resolution.
package protocol PathBuilding {
    /// The point where the next segment starts, or `nil` when there is none.
    var currentPoint: CGPoint? { get }
    /// Starts a new subpath at `point`.
    mutating func move(to point: CGPoint)
    /// Adds a straight line from the current point (or moves there when there is none).
    mutating func addLine(to point: CGPoint)
    /// Adds a circular arc, preceded by a straight line from the current point to the arc's start.
    /// See `Path.addArc(center:radius:startAngle:endAngle:clockwise:)` for the angle convention.
    mutating func addArc(center: CGPoint, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool)
}

extension PathBuilding {
    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to the line
    /// from `tangent1End` to `tangent2End`, preceded by a straight line to the arc's start, like
    /// `CGContext.addArc(tangent1End:tangent2End:radius:)`.
    ///
    /// Without a current point this moves to `tangent1End`; for collinear points or a radius of 0 it adds
    /// a straight line to `tangent1End`.
    package mutating func appendTangentArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: Double) {
        guard let current = currentPoint else {
            move(to: tangent1End)
            return
        }
        guard
            let arc = ArcGeometry.tangentArc(
                from: current, tangent1End: tangent1End, tangent2End: tangent2End, radius: radius
            )
        else {
            addLine(to: tangent1End)
            return
        }
        addArc(
            center: arc.center, radius: arc.radius, startAngle: arc.startAngle, endAngle: arc.endAngle,
            clockwise: arc.clockwise
        )
    }
}
