import Foundation

// Arc convention (shared by `Path` and `DrawingContext`):
// angles are in radians, measured from the +x axis towards +y. Because y grows down, increasing
// angles turn clockwise on screen, so `clockwise: true` sweeps from `startAngle` towards larger angles
// (Cairo's `cairo_arc`) and `clockwise: false` towards smaller ones (`cairo_arc_negative`).
// This is UIKit's `UIBezierPath` convention; it is the opposite of calling `CGContext.addArc` on an
// unflipped (y-up) Core Graphics context, where `clockwise` is named for y-up coordinates.
// Both build tangent arcs with `PathBuilding.appendTangentArc` (PathBuilding.swift).

extension Path {
    /// Creates a path holding one closed rectangle.
    public init(rect: CGRect) {
        self.init()
        addRect(rect)
    }

    /// Creates a path holding one closed rounded rectangle.
    /// - Parameters:
    ///   - rect: The rectangle's outer edge.
    ///   - cornerRadius: The corner radius, clamped to `0...min(width, height) / 2`.
    public init(roundedRect rect: CGRect, cornerRadius: Double) {
        self.init()
        addRoundedRect(rect, cornerRadius: cornerRadius)
    }

    /// Creates a path holding the closed ellipse that fits `rect`.
    public init(ellipseIn rect: CGRect) {
        self.init()
        addEllipse(in: rect)
    }

    /// Adds a circular arc, preceded by a straight line from the current point to the arc's start
    /// (or a move there when the path has no current point), as `cairo_arc` does.
    ///
    /// Angles are in radians from the +x axis towards +y. With FrameDraw's y-down coordinates,
    /// `clockwise: true` turns clockwise on screen (angles increase), `clockwise: false` turns
    /// counter-clockwise (angles decrease). If `endAngle` lies behind `startAngle` in the chosen
    /// direction, it is moved by whole turns so the sweep is less than one turn.
    /// - Parameters:
    ///   - center: The circle's centre.
    ///   - radius: The circle's radius; a radius of 0 or less adds a line to `center`, as in Cairo.
    ///   - startAngle: Where the arc starts, in radians.
    ///   - endAngle: Where the arc ends, in radians.
    ///   - clockwise: Whether the arc turns clockwise on screen.
    public mutating func addArc(
        center: CGPoint, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
    ) {
        guard radius > 0 else {
            addLine(to: center)
            return
        }
        let sweep = ArcGeometry.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if let current = currentPoint, !ArcGeometry.isClose(current, start) {
            addLine(to: start)
        } else if currentPoint == nil {
            move(to: start)
        }
        for segment in ArcGeometry.cubicSegments(
            center: center, radiusX: radius, radiusY: radius, rotation: 0,
            startAngle: startAngle, sweep: sweep
        ) {
            addCurve(to: segment.end, control1: segment.control1, control2: segment.control2)
        }
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End` and to the line
    /// from `tangent1End` to `tangent2End`, preceded by a straight line to the arc's start. Like
    /// `CGContext.addArc(tangent1End:tangent2End:radius:)`.
    ///
    /// Without a current point this moves to `tangent1End`. When the three points are collinear or the
    /// radius is 0, a straight line to `tangent1End` is added instead.
    public mutating func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: Double) {
        appendTangentArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
    }

    /// Adds a closed rectangle subpath, drawn clockwise on screen from the top-left corner, as `cairo_rectangle` does.
    public mutating func addRect(_ rect: CGRect) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        closePath()
    }

    /// Adds a closed ellipse subpath that fits `rect`, made of four cubic curves starting at the right-hand
    /// point and turning clockwise on screen. An empty rectangle adds nothing.
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        let center = CGPoint(x: r.midX, y: r.midY)
        move(to: CGPoint(x: r.maxX, y: r.midY))
        for segment in ArcGeometry.cubicSegments(
            center: center, radiusX: r.width / 2, radiusY: r.height / 2, rotation: 0,
            startAngle: 0, sweep: 2 * Double.pi
        ) {
            addCurve(to: segment.end, control1: segment.control1, control2: segment.control2)
        }
        closePath()
    }

    /// Adds a closed rounded-rectangle subpath, turning clockwise on screen.
    /// - Parameters:
    ///   - rect: The rectangle's outer edge.
    ///   - cornerRadius: The corner radius, clamped to `0...min(width, height) / 2`.
    public mutating func addRoundedRect(_ rect: CGRect, cornerRadius: Double) {
        let r = rect.standardized
        let radius = min(max(cornerRadius, 0), min(r.width, r.height) / 2)
        guard radius > 0 else {
            addRect(r)
            return
        }
        let half = Double.pi / 2
        move(to: CGPoint(x: r.minX + radius, y: r.minY))
        addArc(
            center: CGPoint(x: r.maxX - radius, y: r.minY + radius), radius: radius,
            startAngle: -half, endAngle: 0, clockwise: true)
        addArc(
            center: CGPoint(x: r.maxX - radius, y: r.maxY - radius), radius: radius,
            startAngle: 0, endAngle: half, clockwise: true)
        addArc(
            center: CGPoint(x: r.minX + radius, y: r.maxY - radius), radius: radius,
            startAngle: half, endAngle: Double.pi, clockwise: true)
        addArc(
            center: CGPoint(x: r.minX + radius, y: r.minY + radius), radius: radius,
            startAngle: Double.pi, endAngle: 3 * half, clockwise: true)
        closePath()
    }

    /// Returns a closed regular polygon whose first vertex points straight up, vertices running clockwise on screen.
    /// - Parameters:
    ///   - center: The polygon's centre.
    ///   - radius: The distance from the centre to each vertex.
    ///   - sides: The number of sides; must be at least 3.
    public static func polygon(center: CGPoint, radius: Double, sides: Int) -> Path {
        precondition(sides >= 3, "Path.polygon needs at least 3 sides, got \(sides).")
        let step = 2 * Double.pi / Double(sides)
        let vertices = (0..<sides).map { i in
            let angle = -Double.pi / 2 + Double(i) * step
            return CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        var path = Path()
        path.addLines(between: vertices)
        path.closePath()
        return path
    }

    /// Returns a closed star with `points` outer vertices (the first pointing straight up) alternating with
    /// `points` inner vertices, running clockwise on screen.
    /// - Parameters:
    ///   - center: The star's centre.
    ///   - outerRadius: The distance from the centre to each tip.
    ///   - innerRadius: The distance from the centre to each inner corner.
    ///   - points: The number of tips; must be at least 2.
    public static func star(center: CGPoint, outerRadius: Double, innerRadius: Double, points: Int) -> Path {
        precondition(points >= 2, "Path.star needs at least 2 points, got \(points).")
        let step = Double.pi / Double(points)
        let vertices = (0..<(2 * points)).map { i in
            let angle = -Double.pi / 2 + Double(i) * step
            let radius = i.isMultiple(of: 2) ? outerRadius : innerRadius
            return CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        }
        var path = Path()
        path.addLines(between: vertices)
        path.closePath()
        return path
    }
}
