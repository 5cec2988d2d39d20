import Foundation
import FrameDraw
import MovieKitScene

/// The scene's layer tree as the page lists it, and where a layer lies on the canvas at a time.
///
/// Layers are numbered depth first (masks not included), so an identifier names the same layer
/// as long as the file's structure stays the same.
struct LayerOutline: Codable, Sendable, Equatable {
    var id: Int
    var name: String
    var type: String
    var children: [LayerOutline]

    /// The tree of `layers`, numbered depth first from 0.
    static func tree(of layers: [Layer]) -> [LayerOutline] {
        var next = 0
        return tree(of: layers, next: &next)
    }

    private static func tree(of layers: [Layer], next: inout Int) -> [LayerOutline] {
        layers.map { layer in
            let id = next
            next += 1
            var children: [LayerOutline] = []
            if case .group(let group) = layer.content { children = tree(of: group.layers, next: &next) }
            return LayerOutline(id: id, name: layer.name ?? "", type: layer.content.typeName, children: children)
        }
    }

    /// The four corners of layer `id`'s bounds on the canvas at `time` (clockwise from its
    /// top-left), with the transforms of the layer and its groups applied as the renderer applies
    /// them; `nil` when no layer has that number or it does not show at that time.
    static func corners(ofLayer id: Int, in scene: Scene, at time: Double) -> [CGPoint]? {
        var next = 0
        var result: [CGPoint]?
        find(id, in: scene.layers, parentSize: scene.canvas.size, time: time, transform: .identity, next: &next) {
            result = $0
        }
        return result
    }

    private static func find(
        _ id: Int, in layers: [Layer], parentSize: CGSize, time: Double, transform: Affine, next: inout Int,
        found: (([CGPoint]?) -> Void)
    ) {
        for layer in layers {
            let number = next
            next += 1
            let size = layer.size?.value(at: time) ?? naturalSize(of: layer, parentSize: parentSize, time: time)
            let position =
                layer.position?.value(at: time) ?? CGPoint(x: parentSize.width / 2, y: parentSize.height / 2)
            let anchor = layer.anchor.value(at: time)
            let scale = layer.scale.value(at: time)
            let local =
                transform
                .translated(position.x, position.y)
                .rotated(layer.rotation.value(at: time) * .pi / 180)
                .scaled(scale.width, scale.height)
                .translated(-anchor.x * size.width, -anchor.y * size.height)
            if number == id {
                guard layer.isVisible(at: time) else { return found(nil) }
                let box = [
                    CGPoint(x: 0, y: 0), CGPoint(x: size.width, y: 0), CGPoint(x: size.width, y: size.height),
                    CGPoint(x: 0, y: size.height)
                ]
                return found(box.map(local.apply))
            }
            if case .group(let group) = layer.content {
                find(
                    id, in: group.layers, parentSize: size, time: time - group.timeOffset, transform: local,
                    next: &next, found: found)
                if next > id { return }
            }
        }
    }

    /// The size the renderer gives a layer without one: an image's pixels, the text's measured
    /// box, or the parent's size.
    private static func naturalSize(of layer: Layer, parentSize: CGSize, time: Double) -> CGSize {
        switch layer.content {
        case .image(let image):
            if case .image(let picture) = image.source { return picture.size }
            return parentSize
        case .text(let text):
            return text.style.measure(text.text.value(at: time))
        default:
            return parentSize
        }
    }
}

/// A 2-D affine transform, enough to map a layer's corners to the canvas.
struct Affine {
    var a = 1.0, b = 0.0, c = 0.0, d = 1.0, tx = 0.0, ty = 0.0

    static let identity = Affine()

    func translated(_ x: Double, _ y: Double) -> Affine {
        var result = self
        result.tx += a * x + c * y
        result.ty += b * x + d * y
        return result
    }

    func rotated(_ angle: Double) -> Affine {
        guard angle != 0 else { return self }
        let (sine, cosine) = (sin(angle), cos(angle))
        return Affine(
            a: a * cosine + c * sine, b: b * cosine + d * sine, c: c * cosine - a * sine, d: d * cosine - b * sine,
            tx: tx, ty: ty)
    }

    func scaled(_ x: Double, _ y: Double) -> Affine {
        Affine(a: a * x, b: b * x, c: c * y, d: d * y, tx: tx, ty: ty)
    }

    func apply(_ point: CGPoint) -> CGPoint {
        CGPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }
}
