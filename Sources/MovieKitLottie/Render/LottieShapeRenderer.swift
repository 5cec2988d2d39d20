import Foundation
import FrameDraw
import MovieKitScene

/// Draws a shape layer's items following Lottie's shape rendering model: styles and modifiers apply
/// to every shape before them in their group (nested groups included), earlier items are drawn on
/// top of later ones, and a group's opacity applies to its content as one picture.
struct LottieShapeRenderer {
    let context: DrawingContext
    let frame: Double

    /// An outline in the space of the group it was built in, and that group's transform to the layer.
    final class Geometry {
        /// The outline (for a merged shape, its shapes together, which strokes and modifiers use).
        var path: Path {
            // A modifier that rewrites the outline leaves the shapes unmerged.
            didSet { mergedParts = [] }
        }
        let toLayer: FrameDraw.AffineTransform
        /// A merge paths' shapes (in this geometry's space) and the merge mode each is combined
        /// with (`mm`: 2 add, 3 subtract, 4 intersect, 5 exclude), the first as it is; empty when
        /// the outline is not merged.
        var mergedParts: [(path: Path, mode: Int)]

        init(path: Path, toLayer: FrameDraw.AffineTransform, mergedParts: [(path: Path, mode: Int)] = []) {
            self.path = path
            self.toLayer = toLayer
            self.mergedParts = mergedParts
        }
    }

    /// What to draw, listed in the order items appear (drawn last to first).
    enum Node {
        case fill(LottieFill, [Geometry], FrameDraw.AffineTransform)
        case stroke(LottieStroke, [Geometry], FrameDraw.AffineTransform)
        case group(opacity: Double, [Node])
    }

    func draw(_ shapes: [LottieShape]) {
        let (_, nodes) = process(shapes, toLayer: .identity)
        render(nodes)
    }

    // MARK: - Building the tree

    func process(_ items: [LottieShape], toLayer: FrameDraw.AffineTransform) -> ([Geometry], [Node]) {
        var geometries: [Geometry] = []
        var nodes: [Node] = []
        for (position, item) in items.enumerated() where !item.hidden {
            switch item.kind {
            case .group(let children):
                let transform = children.lazy.compactMap { child -> LottieTransform? in
                    if case .transform(let t) = child.kind { return t }
                    return nil
                }.first
                let matrix = transform?.matrix(at: frame) ?? .identity
                let opacity = transform?.opacity(at: frame) ?? 1
                let (childGeometries, childNodes) = process(children, toLayer: matrix.concatenating(toLayer))
                geometries += childGeometries
                nodes.append(.group(opacity: opacity, childNodes))
            case .rectangle(let position, let size, let roundness, let reversed):
                let shape = LottieShapeBuilder.rectangle(
                    position: position.point(at: frame), size: size.size(at: frame),
                    roundness: roundness.scalar(at: frame), reversed: reversed)
                geometries.append(Geometry(path: shape.path, toLayer: toLayer))
            case .ellipse(let position, let size, let reversed):
                let shape = LottieShapeBuilder.ellipse(
                    position: position.point(at: frame), size: size.size(at: frame), reversed: reversed)
                geometries.append(Geometry(path: shape.path, toLayer: toLayer))
            case .polystar(let star):
                geometries.append(
                    Geometry(path: LottieShapeBuilder.polystar(star, frame: frame).path, toLayer: toLayer))
            case .path(let property, let reversed):
                guard let shape = property.value(at: frame) else { continue }
                geometries.append(Geometry(path: (reversed ? shape.reversed : shape).path, toLayer: toLayer))
            case .fill(let fill):
                nodes.append(.fill(fill, geometries, toLayer))
            case .stroke(let stroke):
                nodes.append(.stroke(stroke, geometries, toLayer))
            case .repeater(let copies, let offset, let composite, let transform):
                // The repeater copies everything before it in its group.
                let prefix = Array(items[..<position])
                return repeated(
                    prefix, rest: Array(items[(position + 1)...]), copies: copies.scalar(at: frame, default: 1),
                    offset: offset.scalar(at: frame), above: composite != 2, transform: transform,
                    toLayer: toLayer)
            case .merge(let mode):
                if (2...5).contains(mode), geometries.count > 1,
                    let merged = merge(geometries, mode: mode, toLayer: toLayer)
                {
                    geometries = [merged]
                }
            case .transform, .unsupported:
                break
            default:
                LottieModifier(item.kind, frame: frame)?.apply(to: geometries, in: toLayer)
            }
        }
        return (geometries, nodes)
    }

    /// The copies of a repeater, then what follows it in the group.
    private func repeated(
        _ prefix: [LottieShape], rest: [LottieShape], copies: Double, offset: Double, above: Bool,
        transform: LottieTransform, toLayer: FrameDraw.AffineTransform
    ) -> ([Geometry], [Node]) {
        // At most 1000 copies, so a damaged file cannot make the renderer loop for ever.
        let count = copies.isFinite ? min(max(0, Int(copies.rounded(.up))), 1000) : 0
        var geometries: [Geometry] = []
        var copyNodes: [Node] = []
        let anchor = transform.anchor.point(at: frame)
        let position = transform.position?.value(at: frame) ?? .zero
        let scale = transform.scale.vector(at: frame, default: LottieVector([100, 100]))
        let rotation = transform.rotation.scalar(at: frame)
        let startOpacity = transform.startOpacity.scalar(at: frame, default: 100) / 100
        let endOpacity = transform.endOpacity.scalar(at: frame, default: 100) / 100
        for copy in 0..<count {
            let steps = Double(copy) + offset
            var m = FrameDraw.AffineTransform(translationX: -anchor.x, y: -anchor.y)
            m = m.concatenating(
                FrameDraw.AffineTransform(scaleX: pow(scale[0] / 100, steps), y: pow(scale[1] / 100, steps)))
            m = m.concatenating(FrameDraw.AffineTransform(rotationAngle: rotation * steps * .pi / 180))
            m = m.concatenating(FrameDraw.AffineTransform(translationX: anchor.x, y: anchor.y))
            m = m.concatenating(FrameDraw.AffineTransform(translationX: position.x * steps, y: position.y * steps))
            let fraction = count > 1 ? Double(copy) / Double(count - 1) : 0
            let opacity = startOpacity + (endOpacity - startOpacity) * fraction
            let (g, n) = process(prefix, toLayer: m.concatenating(toLayer))
            geometries += g
            copyNodes.append(.group(opacity: min(max(opacity, 0), 1), n))
        }
        // Later copies are drawn above earlier ones unless the repeater composites them below.
        var nodes: [Node] = above ? copyNodes.reversed() : copyNodes
        let (restGeometries, restNodes) = process(rest, toLayer: toLayer)
        _ = restGeometries
        // Styles after the repeater apply to the copies too.
        nodes += restNodes.map { node in
            switch node {
            case .fill(let fill, let g, let t): .fill(fill, geometries + g, t)
            case .stroke(let stroke, let g, let t): .stroke(stroke, geometries + g, t)
            case .group: node
            }
        }
        return (geometries + restGeometries, nodes)
    }

    // MARK: - Drawing

    func render(_ nodes: [Node]) {
        for node in nodes.reversed() {
            switch node {
            case .group(let opacity, let children):
                guard opacity > 0 else { continue }
                if opacity < 1 {
                    context.withTransparencyLayer(alpha: opacity) { render(children) }
                } else {
                    render(children)
                }
            case .fill(let fill, let geometries, let toLayer) where geometries.contains { !$0.mergedParts.isEmpty }:
                fillMerged(fill, geometries: geometries, toLayer: toLayer)
            case .fill(let fill, let geometries, let toLayer):
                paint(fill.paint, geometries: geometries, toLayer: toLayer, blendMode: fill.blendMode) { painter in
                    painter.fill(evenOdd: fill.evenOdd)
                }
            case .stroke(let stroke, let geometries, let toLayer) where geometries.contains { !$0.mergedParts.isEmpty }:
                strokeMerged(stroke, geometries: geometries, toLayer: toLayer)
            case .stroke(let stroke, let geometries, let toLayer):
                paint(stroke.paint, geometries: geometries, toLayer: toLayer, blendMode: stroke.blendMode) { painter in
                    painter.stroke(stroke)
                }
            }
        }
    }

    private func paint(
        _ paint: LottiePaint, geometries: [Geometry], toLayer: FrameDraw.AffineTransform, blendMode: LottieBlendMode,
        _ body: (LottiePaintPainter) -> Void
    ) {
        guard !geometries.isEmpty, let fromLayer = toLayer.inverted() else { return }
        context.saveGState()
        defer { context.restoreGState() }
        if blendMode != .normal { context.setBlendMode(BlendMode(blendMode)) }
        context.concatenate(toLayer)
        for geometry in geometries {
            let relative = geometry.toLayer.concatenating(fromLayer)
            context.addPath(relative.isIdentity ? geometry.path : geometry.path.applying(relative))
        }
        body(LottiePaintPainter(context: context, paint: paint, frame: frame))
    }
}
