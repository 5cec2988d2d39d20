import Foundation
import FrameDraw

/// The outline of a shape layer at one time, trimmed as the layer asks.
enum ShapeGeometry {
    /// The layer's outline in its bounds, or an empty path for non-shape layers.
    static func path(for layer: Layer, bounds: CGRect, time: Double) -> Path {
        let outline: Path
        switch layer.content {
        case .rect:
            let radius = min(max(0, layer.cornerRadius.value(at: time)), min(bounds.width, bounds.height) / 2)
            outline = radius > 0 ? Path(roundedRect: bounds, cornerRadius: radius) : Path(rect: bounds)
        case .ellipse:
            outline = Path(ellipseIn: bounds)
        case .path(let path):
            outline = path
        case .polygon(let sides):
            outline = Path.polygon(center: .zero, radius: 1, sides: sides).applying(unitTransform(bounds))
        case .star(let points, let innerRadius):
            outline = Path.star(center: .zero, outerRadius: 1, innerRadius: innerRadius, points: points)
                .applying(unitTransform(bounds))
        case .text, .image, .group, .timed:
            return Path()
        }
        return trimmed(outline, start: layer.trimStart.value(at: time), end: layer.trimEnd.value(at: time))
    }

    /// Maps the unit circle's square onto `bounds`.
    private static func unitTransform(_ bounds: CGRect) -> FrameDraw.AffineTransform {
        FrameDraw.AffineTransform(translationX: bounds.midX, y: bounds.midY).scaledBy(
            x: bounds.width / 2, y: bounds.height / 2)
    }

    /// The part of `path` from `start` to `end`, as fractions of its length.
    static func trimmed(_ path: Path, start: Double, end: Double) -> Path {
        let from = min(max(start.isNaN ? 0 : start, 0), 1)
        let to = min(max(end.isNaN ? 1 : end, 0), 1)
        if from <= 0, to >= 1 { return path }
        guard to > from else { return Path() }
        // Arc lengths of outlines with coordinates near the ends of double precision overflow or
        // never converge (FrameDraw's adaptive integration then recurses 2^40 times): such an
        // outline is drawn whole.
        let box = path.boundingBox
        let reach = max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY))
        let side = max(box.width, box.height)
        guard reach.isFinite, reach <= 1e100, side == 0 || side >= 1e-100 else { return path }
        return path.trimmed(from: from, to: to)
    }
}
