import Foundation
import FrameDraw
import MovieKitScene

/// A layer's or shape group's transform (`ks`, `tr`): anchor, position (possibly split into x and
/// y), scale in percent, rotation and skew in degrees, opacity in percent.
struct LottieTransform: Decodable, Sendable {
    var anchor: LottieValue?
    var position: LottiePosition?
    var scale: LottieValue?
    var rotation: LottieValue?
    var opacity: LottieValue?
    var skew: LottieValue?
    var skewAxis: LottieValue?
    /// A repeater's opacity of its first and last copies, in percent.
    var startOpacity: LottieValue?
    var endOpacity: LottieValue?
    /// Properties of 3D layers that are not drawn; named in warnings.
    var unsupported: [String] = []

    enum CodingKeys: String, CodingKey { case a, p, s, r, o, sk, sa, rz, so, eo, rx, ry, or }

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        anchor = try container.decodeIfPresent(LottieValue.self, forKey: .a)
        position = try container.decodeIfPresent(LottiePosition.self, forKey: .p)
        scale = try container.decodeIfPresent(LottieValue.self, forKey: .s)
        rotation =
            try container.decodeIfPresent(LottieValue.self, forKey: .r)
            ?? container.decodeIfPresent(LottieValue.self, forKey: .rz)
        opacity = try container.decodeIfPresent(LottieValue.self, forKey: .o)
        skew = try container.decodeIfPresent(LottieValue.self, forKey: .sk)
        skewAxis = try container.decodeIfPresent(LottieValue.self, forKey: .sa)
        startOpacity = try container.decodeIfPresent(LottieValue.self, forKey: .so)
        endOpacity = try container.decodeIfPresent(LottieValue.self, forKey: .eo)
        for key in [CodingKeys.rx, .ry, .or] where container.contains(key) {
            if let value = try? container.decode(LottieValue.self, forKey: key),
                value.isAnimated || value.constant.map({ $0.values.contains { $0 != 0 } }) == true
            {
                unsupported.append("3D rotation (`\(key.stringValue)`)")
            }
        }
    }

    /// The matrix that maps the transformed space into its parent's, at `frame`.
    func matrix(at frame: Double, autoOrient: Bool = false) -> FrameDraw.AffineTransform {
        let a = anchor.point(at: frame)
        let p = position?.value(at: frame) ?? CGPoint.zero
        let s = scale.vector(at: frame, default: LottieVector([100, 100]))
        var r = rotation.scalar(at: frame)
        if autoOrient, let angle = position?.orientation(at: frame) { r += angle }
        let sk = skew.scalar(at: frame)
        let sa = skewAxis.scalar(at: frame)
        // Points go through: -anchor, scale, skew, rotation, +position (applied right to left).
        var m = FrameDraw.AffineTransform(translationX: -a.x, y: -a.y)
        m = m.concatenating(
            FrameDraw.AffineTransform(scaleX: s[0] / 100, y: s.values.count > 1 ? s[1] / 100 : s[0] / 100))
        if sk != 0 {
            let axis = sa * .pi / 180
            let shear = tan(-sk * .pi / 180)
            m = m.concatenating(FrameDraw.AffineTransform(rotationAngle: axis))
            m = m.concatenating(FrameDraw.AffineTransform(a: 1, b: 0, c: shear, d: 1, tx: 0, ty: 0))
            m = m.concatenating(FrameDraw.AffineTransform(rotationAngle: -axis))
        }
        if r != 0 { m = m.concatenating(FrameDraw.AffineTransform(rotationAngle: r * .pi / 180)) }
        m = m.concatenating(FrameDraw.AffineTransform(translationX: p.x, y: p.y))
        return m
    }

    /// The opacity at `frame`, 0…1.
    func opacity(at frame: Double) -> Double {
        min(max(opacity.scalar(at: frame, default: 100) / 100, 0), 1)
    }

    /// The names of animated properties that carry expressions, for warnings.
    var expressionProperties: [String] {
        var names: [String] = []
        if anchor?.expression != nil { names.append("anchor") }
        if position?.hasExpression == true { names.append("position") }
        if scale?.expression != nil { names.append("scale") }
        if rotation?.expression != nil { names.append("rotation") }
        if opacity?.expression != nil { names.append("opacity") }
        return names
    }
}

/// A position: one property (possibly a motion path with spatial tangents) or separate x and y.
enum LottiePosition: Decodable, Sendable {
    case combined(LottieValue)
    case split(x: LottieValue, y: LottieValue)

    enum CodingKeys: String, CodingKey { case s, x, y }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let split = try? container.decodeIfPresent(LottieFlag.self, forKey: .s), split.value {
            self = .split(
                x: try container.decode(LottieValue.self, forKey: .x),
                y: try container.decode(LottieValue.self, forKey: .y))
        } else {
            self = .combined(try LottieValue(from: decoder))
        }
    }

    var hasExpression: Bool {
        switch self {
        case .combined(let p): p.expression != nil
        case .split(let x, let y): x.expression != nil || y.expression != nil
        }
    }

    func value(at frame: Double) -> CGPoint {
        switch self {
        case .split(let x, let y):
            return CGPoint(x: x.scalar(at: frame), y: y.scalar(at: frame))
        case .combined(let property):
            return Self.motionPoint(property, at: frame) ?? property.point(at: frame)
        }
    }

    /// The direction of motion in degrees at `frame`, for auto-orient.
    func orientation(at frame: Double) -> Double? {
        let step = 0.01
        let a = value(at: frame)
        let b = value(at: frame + step)
        let c = value(at: frame - step)
        let dx = b.x - c.x
        let dy = b.y - c.y
        guard hypot(dx, dy) > 1e-9 else { return hypot(b.x - a.x, b.y - a.y) > 0 ? nil : nil }
        return atan2(dy, dx) * 180 / .pi
    }

    /// The point on a spatial Bézier segment, moved along it by arc length at the eased progress.
    private static func motionPoint(_ property: LottieValue, at frame: Double) -> CGPoint? {
        guard case .between(let from, let to, let keyframe, let progress) = property.segment(at: frame),
            let out = keyframe.tangentOut, let inn = keyframe.tangentIn,
            out.contains(where: { $0 != 0 }) || inn.contains(where: { $0 != 0 })
        else { return nil }
        let t = LottieValue.eased(progress, keyframe: keyframe, dimension: 0)
        let p0 = from.point
        let p3 = to.point
        let p1 = CGPoint(x: p0.x + (out.first ?? 0), y: p0.y + (out.count > 1 ? out[1] : 0))
        let p2 = CGPoint(x: p3.x + (inn.first ?? 0), y: p3.y + (inn.count > 1 ? inn[1] : 0))
        var path = Path()
        path.move(to: p0)
        path.addCurve(to: p3, control1: p1, control2: p2)
        return path.point(atFraction: t)
    }
}
