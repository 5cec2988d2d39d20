internal import CCairo
import Foundation

extension DrawingContext {
    /// Paints a linear gradient across the whole clip, like `CGContext.drawLinearGradient`.
    ///
    /// Colours change along the line from `start` to `end` and stay constant on lines perpendicular to it.
    /// Without options only the band between the perpendiculars through `start` and `end` is painted; clip
    /// first to confine the gradient to a shape, or use `fillPath(with:start:end:using:)`. The global alpha,
    /// blend mode and shadow apply. A gradient whose start and end coincide paints nothing.
    /// Corresponds to `cairo_pattern_create_linear` and `cairo_paint_with_alpha`.
    /// - Parameters:
    ///   - gradient: The colours and their locations.
    ///   - start: Where location 0 lies, in user space.
    ///   - end: Where location 1 lies, in user space.
    ///   - options: Whether to extend the end colours before `start` and after `end`.
    public func drawLinearGradient(
        _ gradient: Gradient, start: CGPoint, end: CGPoint,
        options: GradientDrawingOptions = []
    ) {
        let length = hypot(end.x - start.x, end.y - start.y)
        guard length > 0, length.isFinite else { return }
        paint {
            preservingCurrentPath {
                cairo_save(cr)
                clipToLinearBand(start: start, end: end, options: options)
                withGradientSource(
                    gradient, .linear(start: start, end: end), alpha: 1, extendsBeyondEnds: true, extents: .unknown,
                    pattern: { makeLinearPattern(gradient, start: start, end: end, alpha: 1) }
                ) {
                    cairo_paint_with_alpha(cr, state.alpha)
                }
                cairo_restore(cr)
            }
        }
    }

    /// Paints a radial gradient across the whole clip, like `CGContext.drawRadialGradient`.
    ///
    /// Location `t` is drawn as the circle between the start circle (`t` = 0) and the end circle (`t` = 1),
    /// later circles on top of earlier ones. Without `.drawsBeforeStartLocation` the circles before the start
    /// are not drawn (for a start circle inside the end circle, that is the inside of the start circle);
    /// without `.drawsAfterEndLocation` nothing past the end circle is drawn. The global alpha, blend mode and
    /// shadow apply. Corresponds to `cairo_pattern_create_radial` and `cairo_paint_with_alpha`.
    /// - Parameters:
    ///   - gradient: The colours and their locations.
    ///   - startCenter: The centre of the start circle, in user space.
    ///   - startRadius: The radius of the start circle; negative values count as 0.
    ///   - endCenter: The centre of the end circle, in user space.
    ///   - endRadius: The radius of the end circle; negative values count as 0.
    ///   - options: Whether to extend the end colours before the start circle and after the end circle.
    public func drawRadialGradient(
        _ gradient: Gradient, startCenter: CGPoint, startRadius: Double,
        endCenter: CGPoint, endRadius: Double, options: GradientDrawingOptions = []
    ) {
        let cone = RadialCone(
            startCenter: startCenter, startRadius: startRadius, endCenter: endCenter, endRadius: endRadius)
        guard cone.isDrawable else { return }
        let plan = radialPlan(for: cone, options: options)
        // The rasterizer draws the cone itself, padded or not; the remapped plan stays with Cairo.
        let pads: Bool?
        switch plan {
        case .native(let extend): pads = extend == CAIRO_EXTEND_PAD
        case .clipped: pads = true
        case .remapped: pads = nil
        }
        let pattern = {
            switch plan {
            case .native(let extend):
                let pattern = self.makeRadialPattern(gradient, cone: cone, alpha: 1)
                cairo_pattern_set_extend(pattern, extend)
                return pattern
            case .clipped:
                return self.makeRadialPattern(gradient, cone: cone, alpha: 1)
            case .remapped(let from, let to):
                let pattern = self.makeRadialPattern(gradient, cone: cone, alpha: 1, domain: from...to)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
                return pattern
            }
        }
        paint {
            preservingCurrentPath {
                cairo_save(cr)
                if case .clipped(let keepBefore, let keepAfter) = plan {
                    clipRadialExtensions(of: cone, keepBefore: keepBefore, keepAfter: keepAfter)
                }
                withGradientSource(
                    gradient, pads.map { _ in .radial(cone) }, alpha: 1, extendsBeyondEnds: pads ?? false,
                    extents: .unknown, pattern: pattern
                ) {
                    cairo_paint_with_alpha(cr, state.alpha)
                }
                cairo_restore(cr)
            }
        }
    }

    /// Fills the current path with a linear gradient, then clears the path.
    ///
    /// The end colours extend past `start` and `end`, so the whole path is filled. The global alpha, blend mode
    /// and shadow apply. Corresponds to `cairo_fill` with a `cairo_pattern_create_linear` source.
    /// - Parameters:
    ///   - gradient: The colours and their locations.
    ///   - start: Where location 0 lies, in user space.
    ///   - end: Where location 1 lies, in user space.
    ///   - rule: Which parts of the path count as inside.
    public func fillPath(with gradient: Gradient, start: CGPoint, end: CGPoint, using rule: FillRule = .winding) {
        let alpha = state.alpha
        fillCurrentPath(with: gradient, .linear(start: start, end: end), rule: rule) {
            makeLinearPattern(gradient, start: start, end: end, alpha: alpha)
        }
    }

    /// Fills the current path with a radial gradient, then clears the path.
    ///
    /// The end colours extend before the start circle and after the end circle, so the whole path is filled.
    /// The global alpha, blend mode and shadow apply. Corresponds to `cairo_fill` with a
    /// `cairo_pattern_create_radial` source.
    /// - Parameters:
    ///   - gradient: The colours and their locations.
    ///   - startCenter: The centre of the start circle, in user space.
    ///   - startRadius: The radius of the start circle; negative values count as 0.
    ///   - endCenter: The centre of the end circle, in user space.
    ///   - endRadius: The radius of the end circle; negative values count as 0.
    ///   - rule: Which parts of the path count as inside.
    public func fillPath(
        with gradient: Gradient, startCenter: CGPoint, startRadius: Double,
        endCenter: CGPoint, endRadius: Double, using rule: FillRule = .winding
    ) {
        let cone = RadialCone(
            startCenter: startCenter, startRadius: startRadius, endCenter: endCenter, endRadius: endRadius)
        let alpha = state.alpha
        fillCurrentPath(with: gradient, cone.isDrawable ? .radial(cone) : nil, rule: rule) {
            makeRadialPattern(gradient, cone: cone, alpha: alpha)
        }
    }

    // MARK: - Helpers

    /// Fills the current path with `gradient`, padded at both ends, and clears the path.
    private func fillCurrentPath(
        with gradient: Gradient, _ geometry: GradientGeometry?, rule: FillRule, pattern: () -> OpaquePointer?
    ) {
        let alpha = state.alpha
        paint(extents: .currentPathFill) {
            cairo_set_fill_rule(cr, rule.cairoValue)
            withGradientSource(
                gradient, geometry, alpha: alpha, extendsBeyondEnds: true, extents: .currentPathFill, pattern: pattern
            ) {
                cairo_fill_preserve(cr)
            }
        }
        cairo_new_path(cr)
    }

    /// Runs `operation`, which paints inside `extents`, with `gradient` over `geometry` as the source.
    ///
    /// Large areas are rasterized by `gradientRasterizer` (see GradientRasterizer.swift for why); small ones,
    /// a `nil` geometry and anything the rasterizer declines use the Cairo pattern `pattern` makes, with its
    /// ends padded when `extendsBeyondEnds` is `true`.
    func withGradientSource(
        _ gradient: Gradient, _ geometry: GradientGeometry?, alpha: Double, extendsBeyondEnds: Bool,
        extents: PaintExtents, pattern: () -> OpaquePointer?, _ operation: () -> Void
    ) {
        // Nothing the operation paints can show: Cairo is not asked, since pixman could not sample a
        // gradient whose visible part lies too far out (see `pixmanCanSampleSources`).
        guard let area = gradientArea(extents) else { return }
        let pixmanCanDraw = pixmanCanSampleSources(
            squeezedAtMost: 16384,
            around: CGPoint(x: Double(area.x) + Double(area.width) / 2, y: Double(area.y) + Double(area.height) / 2))
        if let geometry, !pixmanCanDraw || area.width * area.height >= minimumRasterizedGradientArea,
            gradientRasterizer.withSource(
                on: cr, gradient: gradient, geometry: geometry, alpha: alpha, extendsBeyondEnds: extendsBeyondEnds,
                area: area, leavesRowsToPixman: pixmanCanDraw, operation)
        {
            return
        }
        // Left to Cairo, a pattern pixman cannot sample would put the context in an out-of-memory state
        // for good. The rasterizer declines only when the transformation cannot be inverted, and then
        // what the gradient covers is thinner than 1/16384th of a pixel along some direction.
        guard pixmanCanDraw else { return }
        let source = pattern()
        defer { cairo_pattern_destroy(source) }
        if extendsBeyondEnds { cairo_pattern_set_extend(source, CAIRO_EXTEND_PAD) }
        cairo_set_source(cr, source)
        operation()
    }

    /// The device pixels an operation confined to `extents` can paint: the clip's box, narrowed to the
    /// extents when they are known. `nil` when it is empty.
    private func gradientArea(_ extents: PaintExtents) -> ShadowRenderer.PixelRect? {
        guard var rect = deviceClipExtents() else { return nil }
        if let hint = deviceBounds(of: extents) { rect = rect.intersection(hint) }
        guard !rect.isNull, !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite, rect.width < 1e5,
            rect.height < 1e5
        else { return nil }
        let area = rect.integral
        return ShadowRenderer.PixelRect(
            x: Int(area.minX), y: Int(area.minY), width: Int(area.width), height: Int(area.height))
    }

    /// A linear pattern that pads its end colours, with every stop's alpha scaled by `alpha`.
    func makeLinearPattern(_ gradient: Gradient, start: CGPoint, end: CGPoint, alpha: Double) -> OpaquePointer? {
        let pattern: OpaquePointer? = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        addStops(of: gradient, to: pattern, alpha: alpha) { $0 }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }

    /// A radial pattern for `cone`, padded, with every stop's alpha scaled by `alpha`. With a `domain` other
    /// than `0...1` the pattern's circles are those of the cone at the domain's ends, and the stops move to
    /// match, with the end colours held over the extra range.
    func makeRadialPattern(
        _ gradient: Gradient, cone: RadialCone, alpha: Double,
        domain: ClosedRange<Double> = 0...1
    ) -> OpaquePointer? {
        let (c0, r0) = cone.circle(at: domain.lowerBound)
        let (c1, r1) = cone.circle(at: domain.upperBound)
        let pattern: OpaquePointer? = cairo_pattern_create_radial(c0.x, c0.y, r0, c1.x, c1.y, r1)
        let span = domain.upperBound - domain.lowerBound
        let remap = { (t: Double) in (t - domain.lowerBound) / span }
        if domain.lowerBound < 0, let first = gradient.stops.first {
            cairo_pattern_add_color_stop_rgba(pattern, 0, first.red, first.green, first.blue, first.alpha * alpha)
        }
        addStops(of: gradient, to: pattern, alpha: alpha, remap)
        if domain.upperBound > 1, let last = gradient.stops.last {
            cairo_pattern_add_color_stop_rgba(pattern, 1, last.red, last.green, last.blue, last.alpha * alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        return pattern
    }

    private func addStops(
        of gradient: Gradient, to pattern: OpaquePointer?, alpha: Double,
        _ remap: (Double) -> Double
    ) {
        let scale = alpha.isNaN ? 0 : min(max(alpha, 0), 1)
        for stop in gradient.stops {
            cairo_pattern_add_color_stop_rgba(
                pattern, remap(stop.location), stop.red, stop.green, stop.blue, stop.alpha * scale)
        }
    }

    /// Clips to the band of a linear gradient that its options say to paint.
    private func clipToLinearBand(start: CGPoint, end: CGPoint, options: GradientDrawingOptions) {
        let before = options.contains(.drawsBeforeStartLocation)
        let after = options.contains(.drawsAfterEndLocation)
        guard !(before && after) else { return }
        let length = hypot(end.x - start.x, end.y - start.y)
        let reach = clipCorners().map { hypot($0.x - start.x, $0.y - start.y) }.max().map { $0 + 1 } ?? 0
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_translate(cr, start.x, start.y)
        cairo_rotate(cr, atan2(end.y - start.y, end.x - start.x))
        cairo_new_path(cr)
        let from = before ? -reach : 0
        let to = after ? max(reach, length) : length
        cairo_rectangle(cr, from, -reach, to - from, 2 * reach)
        cairo_set_matrix(cr, &matrix)
        cairo_clip(cr)
    }

    /// Clips away the parts of a nested radial gradient that its options say to leave unpainted.
    private func clipRadialExtensions(of cone: RadialCone, keepBefore: Bool, keepAfter: Bool) {
        // With the start circle inside the end circle, "before" is inside the start circle and "after" is
        // outside the end circle; with the end circle inside the start circle it is the other way round.
        let startIsInner = cone.startIsInsideEnd
        if !keepAfter {
            clipToCircle(cone.endCenter, radius: cone.endRadius, inside: startIsInner)
        }
        if !keepBefore {
            clipToCircle(cone.startCenter, radius: cone.startRadius, inside: !startIsInner)
        }
    }

    private func clipToCircle(_ center: CGPoint, radius: Double, inside: Bool) {
        cairo_new_path(cr)
        if !inside {
            let corners = clipCorners()
            let xs = corners.map(\.x)
            let ys = corners.map(\.y)
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return }
            cairo_rectangle(cr, minX - 1, minY - 1, maxX - minX + 2, maxY - minY + 2)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_close_path(cr)
        cairo_clip(cr)
    }

    /// The corners of the clip's bounding box, in user space.
    private func clipCorners() -> [CGPoint] {
        var x1 = 0.0
        var y1 = 0.0
        var x2 = 0.0
        var y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return [CGPoint(x: x1, y: y1), CGPoint(x: x2, y: y1), CGPoint(x: x1, y: y2), CGPoint(x: x2, y: y2)]
    }

    /// How to get Core Graphics' one-sided extension out of Cairo, whose extend mode covers both sides.
    private func radialPlan(for cone: RadialCone, options: GradientDrawingOptions) -> RadialPlan {
        let before = options.contains(.drawsBeforeStartLocation)
        let after = options.contains(.drawsAfterEndLocation)
        if before == after { return .native(before ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE) }
        if cone.startIsInsideEnd || cone.endIsInsideStart { return .clipped(keepBefore: before, keepAfter: after) }
        // Circles that are not nested: stretch the cone far enough to cover the clip on the extended side
        // and draw it without extension. This is exact up to `reach`, which is capped to keep precision.
        let corners = clipCorners()
        let far =
            corners.map {
                max(
                    hypot($0.x - cone.startCenter.x, $0.y - cone.startCenter.y),
                    hypot($0.x - cone.endCenter.x, $0.y - cone.endCenter.y))
            }.max() ?? 0
        let speed = max(
            abs(abs(cone.radiusChange) - cone.centerDistance), 0.05 * max(abs(cone.radiusChange), cone.centerDistance))
        var reach = min(1 + (far + max(cone.startRadius, cone.endRadius)) / max(speed, 1e-6), 1000)
        if after {
            if cone.radiusChange < 0 { reach = min(reach, cone.startRadius / -cone.radiusChange) }
            return .remapped(0, max(reach, 1))
        }
        if cone.radiusChange > 0 { reach = min(reach, cone.startRadius / cone.radiusChange) }
        return .remapped(-max(reach, 0), 1)
    }
}

/// How a radial gradient's options are carried out.
private enum RadialPlan {
    /// Cairo's own extend mode does it: pad on both sides, or neither.
    case native(cairo_extend_t)
    /// Nested circles: pad, then clip away the side that is not drawn.
    case clipped(keepBefore: Bool, keepAfter: Bool)
    /// Circles that are not nested: draw the cone from `t` = first to `t` = second without extension.
    case remapped(Double, Double)
}

/// The family of circles a radial gradient interpolates between its start and end circles.
struct RadialCone {
    var startCenter: CGPoint
    var startRadius: Double
    var endCenter: CGPoint
    var endRadius: Double

    init(startCenter: CGPoint, startRadius: Double, endCenter: CGPoint, endRadius: Double) {
        self.startCenter = startCenter
        self.startRadius = max(startRadius, 0)
        self.endCenter = endCenter
        self.endRadius = max(endRadius, 0)
    }

    var centerDistance: Double { hypot(endCenter.x - startCenter.x, endCenter.y - startCenter.y) }
    var radiusChange: Double { endRadius - startRadius }
    var startIsInsideEnd: Bool { centerDistance + startRadius <= endRadius + 1e-9 }
    var endIsInsideStart: Bool { centerDistance + endRadius <= startRadius + 1e-9 }

    var isDrawable: Bool {
        let values = [startCenter.x, startCenter.y, endCenter.x, endCenter.y, startRadius, endRadius]
        return values.allSatisfy(\.isFinite) && (centerDistance > 0 || radiusChange != 0)
    }

    /// The circle at location `t`; `t` outside `0...1` extrapolates.
    func circle(at t: Double) -> (center: CGPoint, radius: Double) {
        let center = CGPoint(
            x: startCenter.x + t * (endCenter.x - startCenter.x),
            y: startCenter.y + t * (endCenter.y - startCenter.y))
        return (center, max(startRadius + t * radiusChange, 0))
    }
}
