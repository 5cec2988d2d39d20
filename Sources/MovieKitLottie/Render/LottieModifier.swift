import Foundation
import FrameDraw
import MovieKitScene

/// A shape modifier evaluated at a frame, applied to the outlines before it in its group.
enum LottieModifier {
    case trim(start: Double, end: Double, offset: Double, sequential: Bool)
    case roundCorners(Double)
    case puckerBloat(Double)
    case zigZag(ridges: Double, size: Double, smooth: Bool)
    case offset(amount: Double, join: LineJoin, miterLimit: Double)

    init?(_ kind: LottieShape.Kind, frame: Double) {
        switch kind {
        case .trim(let start, let end, let offset, let sequential):
            self = .trim(
                start: start.scalar(at: frame), end: end.scalar(at: frame, default: 100),
                offset: offset.scalar(at: frame), sequential: sequential)
        case .roundCorners(let radius):
            self = .roundCorners(radius.scalar(at: frame))
        case .puckerBloat(let amount):
            self = .puckerBloat(amount.scalar(at: frame))
        case .zigZag(let ridges, let size, let smooth):
            self = .zigZag(
                ridges: ridges.scalar(at: frame), size: size.scalar(at: frame), smooth: smooth)
        case .offsetPath(let amount, let join, let miterLimit):
            self = .offset(
                amount: amount.scalar(at: frame),
                join: LineJoin(join),
                miterLimit: miterLimit.scalar(at: frame, default: 4))
        default:
            return nil
        }
    }

    /// Modifies `geometries` in place, working in the space of the modifier's group (`toLayer`).
    func apply(to geometries: [LottieShapeRenderer.Geometry], in toLayer: FrameDraw.AffineTransform) {
        guard let fromLayer = toLayer.inverted() else { return }
        // Each outline in the modifier's space, and the transform that takes it back.
        let local: [(Path, FrameDraw.AffineTransform?)] = geometries.map { geometry in
            let relative = geometry.toLayer.concatenating(fromLayer)
            if relative.isIdentity { return (geometry.path, nil) }
            return (geometry.path.applying(relative), relative.inverted())
        }
        let modified: [Path]
        switch self {
        case .trim(let start, let end, let offset, let sequential):
            modified = Self.trim(local.map(\.0), start: start, end: end, offset: offset, sequential: sequential)
        case .roundCorners(let radius):
            modified = local.map { $0.0.roundingCorners(radius: radius) }
        case .puckerBloat(let amount):
            modified = local.map { $0.0.puckeredOrBloated(amount: amount / 100) }
        case .zigZag(let ridges, let size, let smooth):
            // At most 1000 ridges per segment, so a damaged file cannot make millions of points.
            let count = ridges.isFinite ? min(max(Int(ridges.rounded()), 0), 1000) : 0
            modified = local.map { $0.0.zigZagged(ridges: count, amplitude: size, smooth: smooth) }
        case .offset(let amount, let join, let miterLimit):
            modified = local.map { $0.0.offset(by: amount, lineJoin: join, miterLimit: miterLimit) }
        }
        for (index, geometry) in geometries.enumerated() {
            if let back = local[index].1 {
                geometry.path = modified[index].applying(back)
            } else {
                geometry.path = modified[index]
            }
        }
    }

    /// Trim Paths: keeps the part of each outline (or of all of them one after another, when
    /// `sequential`) between `start` and `end` percent, moved along by `offset` degrees (360 is a full turn).
    static func trim(_ paths: [Path], start: Double, end: Double, offset: Double, sequential: Bool) -> [Path] {
        let turns = offset / 360
        let shift = turns - turns.rounded(.towardZero)
        let low = min(max(min(start, end) / 100, 0), 1)
        let high = min(max(max(start, end) / 100, 0), 1)
        if low == high { return paths.map { _ in Path() } }
        if low <= 0 && high >= 1 { return paths }
        var from = low + shift
        var to = high + shift
        if from >= 1 {
            from -= 1
            to -= 1
        } else if from < 0 {
            from += 1
            to += 1
        }
        // The kept ranges as fractions of the whole, possibly wrapping past the end.
        var ranges: [(Double, Double)] = to > 1 ? [(from, 1), (0, to - 1)] : [(from, to)]
        if to < 0 { ranges = [(from, to)] }
        if !sequential {
            return paths.map { path in
                var result = Path()
                for (a, b) in ranges where b > a { result.addPath(path.trimmed(from: a, to: b)) }
                return result
            }
        }
        let lengths = paths.map(\.length)
        let total = lengths.reduce(0, +)
        guard total > 0 else { return paths }
        var position = 0.0
        return paths.enumerated().map { index, path in
            let length = lengths[index]
            defer { position += length }
            guard length > 0 else { return Path() }
            var result = Path()
            for (a, b) in ranges where b > a {
                let localA = (a * total - position) / length
                let localB = (b * total - position) / length
                if localB <= 0 || localA >= 1 { continue }
                result.addPath(path.trimmed(from: max(localA, 0), to: min(localB, 1)))
            }
            return result
        }
    }
}
