import Foundation
import FrameDraw
import MovieKitScene

/// Merge paths (`mm`): the shapes before the merge in its group become one outline, each shape
/// combined with the result so far (add, subtract, intersect or exclude intersections). Fills are
/// exact: each shape's coverage is composited into a mask with the Porter-Duff operator of its mode
/// (over, destination-out, destination-in, xor) and the paint is drawn through it. Strokes follow
/// the merged outline (see `strokeMerged`). Later modifiers use the shapes together, unmerged.
extension LottieShapeRenderer {
    /// One geometry in the merge's group space holding `geometries` and how they combine; `nil`
    /// when the group's transform cannot be inverted.
    func merge(_ geometries: [Geometry], mode: Int, toLayer: FrameDraw.AffineTransform) -> Geometry? {
        guard let fromGroup = toLayer.inverted() else { return nil }
        var parts: [(path: Path, mode: Int)] = []
        var combined = Path()
        for (index, geometry) in geometries.enumerated() {
            let relative = geometry.toLayer.concatenating(fromGroup)
            let path = relative.isIdentity ? geometry.path : geometry.path.applying(relative)
            combined.addPath(path)
            if index == 0, !geometry.mergedParts.isEmpty {
                // An earlier merge's result is the start of this one.
                parts += geometry.mergedParts.map { part in
                    (path: relative.isIdentity ? part.path : part.path.applying(relative), mode: part.mode)
                }
            } else {
                parts.append((path: path, mode: index == 0 ? 2 : mode))
            }
        }
        return Geometry(path: combined, toLayer: toLayer, mergedParts: parts)
    }

    /// The blend mode that combines a shape's coverage with the merged coverage so far.
    static func operation(_ mode: Int) -> BlendMode {
        switch mode {
        case 3: .destinationOut
        case 4: .destinationIn
        case 5: .xor
        default: .normal
        }
    }

    /// Fills geometries of which some are merged: their coverage is built in a transparency layer,
    /// each merged geometry in one of its own, then the fill's paint is drawn into it (source-in).
    func fillMerged(_ fill: LottieFill, geometries: [Geometry], toLayer: FrameDraw.AffineTransform) {
        guard let fromLayer = toLayer.inverted() else { return }
        let rule: FillRule = fill.evenOdd ? .evenOdd : .winding
        context.saveGState()
        defer { context.restoreGState() }
        if fill.blendMode != .normal { context.setBlendMode(BlendMode(fill.blendMode)) }
        context.concatenate(toLayer)
        var bounds = CGRect.null
        context.beginTransparencyLayer()
        context.setBlendMode(.normal)
        context.setFillColor(.white)
        for geometry in geometries {
            let relative = geometry.toLayer.concatenating(fromLayer)
            let place = { (path: Path) in relative.isIdentity ? path : path.applying(relative) }
            bounds = bounds.union(place(geometry.path).boundingBox)
            guard !geometry.mergedParts.isEmpty else {
                context.addPath(place(geometry.path))
                context.fillPath(using: rule)
                continue
            }
            context.beginTransparencyLayer()
            for (index, part) in geometry.mergedParts.enumerated() {
                context.setBlendMode(index == 0 ? .normal : Self.operation(part.mode))
                context.addPath(place(part.path))
                context.fillPath(using: rule)
            }
            context.setBlendMode(.normal)
            context.endTransparencyLayer()
        }
        if !bounds.isNull, bounds.width > 0, bounds.height > 0 {
            context.setBlendMode(.sourceIn)
            context.addRect(bounds.insetBy(dx: -1, dy: -1))
            LottiePaintPainter(context: context, paint: fill.paint, frame: frame).fill(evenOdd: false)
        }
        context.endTransparencyLayer()
    }

    /// Strokes geometries of which some are merged, along the merged outline. The stroke of an
    /// outline covers the points within half its width of it: those whose neighbourhood holds
    /// points inside the shape and points outside it. Each shape is widened (its fill and its solid
    /// stroke) and narrowed (its fill less its stroke) by half the width, the merge is computed over
    /// the widened shapes and over the narrowed ones (a subtracted shape taking the other bound),
    /// and the stroke is what the first covers and the second does not; dashes are then cut from
    /// each shape's own dashed stroke. This is exact for one shape, and where shapes share an edge;
    /// where two shapes' edges cross, the corner is filled out a little beyond a join; where edges
    /// of two shapes coincide but the merged outline has no edge (a subtracted shape sharing an
    /// edge with the one it cuts, two shapes touching side by side), the shared edge is stroked, as
    /// it would be unmerged. Excluded intersections (mode 5) keep every edge that is not shared, so
    /// a merge with one is stroked along its shapes, which is its outline.
    func strokeMerged(_ stroke: LottieStroke, geometries: [Geometry], toLayer: FrameDraw.AffineTransform) {
        guard let fromLayer = toLayer.inverted() else { return }
        let painter = LottiePaintPainter(context: context, paint: stroke.paint, frame: frame)
        context.saveGState()
        defer { context.restoreGState() }
        if stroke.blendMode != .normal { context.setBlendMode(BlendMode(stroke.blendMode)) }
        context.concatenate(toLayer)
        let place = { (geometry: Geometry, path: Path) -> Path in
            let relative = geometry.toLayer.concatenating(fromLayer)
            return relative.isIdentity ? path : path.applying(relative)
        }
        let outlines = geometries.map { place($0, $0.path).boundingBox }.reduce(CGRect.null) { $0.union($1) }
        let width = painter.setLineStyle(stroke)
        guard width > 0, !outlines.isNull else { return }
        let dashed = stroke.dashes.contains { $0.kind != "o" }
        // Beyond any stroke: half the width at the miter limit (or a square cap's corner), and a pixel.
        let margin = width / 2 * max(stroke.miterLimit, 1.5) + 1
        let everything = outlines.insetBy(dx: -margin, dy: -margin)
        context.beginTransparencyLayer()
        context.setBlendMode(.normal)
        context.setStrokeColor(.white)
        context.setFillColor(.white)
        for geometry in geometries {
            let parts = geometry.mergedParts.map { (path: place(geometry, $0.path), mode: $0.mode) }
            guard !parts.isEmpty, !parts.contains(where: { $0.mode == 5 }) else {
                painter.setLineStyle(stroke)
                context.addPath(place(geometry, geometry.path))
                context.strokePath()
                continue
            }
            context.beginTransparencyLayer()
            context.setBlendMode(.normal)
            context.setLineDash(phase: 0, lengths: [])
            drawMerge(of: parts, widened: true)
            context.setBlendMode(.destinationOut)
            drawMerge(of: parts, widened: false)
            if dashed {
                painter.setLineStyle(stroke)
                context.setBlendMode(.destinationIn)
                context.beginTransparencyLayer()
                context.setBlendMode(.normal)
                for part in parts {
                    context.addPath(part.path)
                    context.strokePath()
                }
                context.endTransparencyLayer()
            }
            context.endTransparencyLayer()
        }
        context.setBlendMode(.sourceIn)
        context.addRect(everything)
        painter.fill(evenOdd: false)
        context.endTransparencyLayer()
    }

    /// Draws, as one transparency layer with the current blend mode, `parts` merged in order, each
    /// widened or narrowed by the current line width: widened for the outer bound of the merge
    /// (narrowed where it is subtracted), narrowed for the inner one (widened where subtracted).
    private func drawMerge(of parts: [(path: Path, mode: Int)], widened: Bool) {
        context.beginTransparencyLayer()
        for (index, part) in parts.enumerated() {
            let mode = index == 0 ? 2 : part.mode
            context.setBlendMode(index == 0 ? .normal : Self.operation(mode))
            context.beginTransparencyLayer()
            context.setBlendMode(.normal)
            context.addPath(part.path)
            context.fillPath(using: .winding)
            context.setBlendMode(widened == (mode != 3) ? .normal : .destinationOut)
            context.addPath(part.path)
            context.strokePath()
            context.endTransparencyLayer()
        }
        context.endTransparencyLayer()
    }
}
