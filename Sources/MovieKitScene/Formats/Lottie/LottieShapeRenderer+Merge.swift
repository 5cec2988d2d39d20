import Foundation
import FrameDraw

/// Merge paths (`mm`): the shapes before the merge in its group become one outline, each shape
/// combined with the result so far (add, subtract, intersect or exclude intersections). Fills are
/// exact: each shape's coverage is composited into a mask with the Porter-Duff operator of its mode
/// (over, destination-out, destination-in, xor) and the paint is drawn through it. Strokes and
/// later modifiers use the shapes together, unmerged.
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
        if fill.blendMode != 0 { context.setBlendMode(LottieRenderer.blendMode(fill.blendMode)) }
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
}
