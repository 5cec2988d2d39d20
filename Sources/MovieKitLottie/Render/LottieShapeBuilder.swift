import Foundation
import FrameDraw
import MovieKitScene

/// Builds the outlines of Lottie's shapes (rectangle, ellipse, star, polygon, path) at a frame, in the
/// vertex order Lottie's rendering conventions give (which trim paths depend on).
enum LottieShapeBuilder {
    /// The length of the tangents that approximate a quarter ellipse of radius 1 with a cubic Bézier.
    static let ellipseTangent = 0.5519150244935105707435627

    static func rectangle(position: CGPoint, size: CGSize, roundness: Double, reversed: Bool) -> LottieBezier {
        let left = position.x - size.width / 2
        let right = position.x + size.width / 2
        let top = position.y - size.height / 2
        let bottom = position.y + size.height / 2
        let rounded = min(size.width / 2, size.height / 2, max(roundness, 0))
        var shape: LottieBezier
        if rounded <= 0 {
            let points = [
                CGPoint(x: right, y: top), CGPoint(x: right, y: bottom), CGPoint(x: left, y: bottom),
                CGPoint(x: left, y: top)
            ]
            shape = LottieBezier(
                closed: true, vertices: points, inTangents: Array(repeating: .zero, count: 4),
                outTangents: Array(repeating: .zero, count: 4))
        } else {
            let t = rounded * ellipseTangent
            let v = [
                CGPoint(x: right, y: top + rounded), CGPoint(x: right, y: bottom - rounded),
                CGPoint(x: right - rounded, y: bottom), CGPoint(x: left + rounded, y: bottom),
                CGPoint(x: left, y: bottom - rounded), CGPoint(x: left, y: top + rounded),
                CGPoint(x: left + rounded, y: top), CGPoint(x: right - rounded, y: top)
            ]
            let inT = [
                CGPoint(x: 0, y: -t), .zero, CGPoint(x: t, y: 0), .zero, CGPoint(x: 0, y: t), .zero,
                CGPoint(x: -t, y: 0), .zero
            ]
            let outT = [
                .zero, CGPoint(x: 0, y: t), .zero, CGPoint(x: -t, y: 0), .zero, CGPoint(x: 0, y: -t), .zero,
                CGPoint(x: t, y: 0)
            ]
            shape = LottieBezier(closed: true, vertices: v, inTangents: inT, outTangents: outT)
        }
        return reversed ? shape.reversed : shape
    }

    static func ellipse(position: CGPoint, size: CGSize, reversed: Bool) -> LottieBezier {
        let rx = size.width / 2
        let ry = size.height / 2
        let tx = rx * ellipseTangent
        let ty = ry * ellipseTangent
        let x = position.x
        let y = position.y
        let shape = LottieBezier(
            closed: true,
            vertices: [
                CGPoint(x: x, y: y - ry), CGPoint(x: x + rx, y: y), CGPoint(x: x, y: y + ry), CGPoint(x: x - rx, y: y)
            ],
            inTangents: [CGPoint(x: -tx, y: 0), CGPoint(x: 0, y: -ty), CGPoint(x: tx, y: 0), CGPoint(x: 0, y: ty)],
            outTangents: [CGPoint(x: tx, y: 0), CGPoint(x: 0, y: ty), CGPoint(x: -tx, y: 0), CGPoint(x: 0, y: -ty)])
        return reversed ? shape.reversed : shape
    }

    static func polystar(_ star: LottiePolystar, frame: Double) -> LottieBezier {
        let center = star.position.point(at: frame)
        let pointValue = star.points.scalar(at: frame, default: 5)
        // At most 10,000 points: more cannot be told apart, and a damaged file must not make millions.
        let points = pointValue.isFinite ? min(max(0, Int(pointValue.rounded(.down))), 10_000) : 0
        let rotation = star.rotation.scalar(at: frame) * .pi / 180
        let outerRadius = star.outerRadius.scalar(at: frame)
        let outerRoundness = star.outerRoundness.scalar(at: frame) / 100
        let innerRadius = star.innerRadius.scalar(at: frame)
        let innerRoundness = star.innerRoundness.scalar(at: frame) / 100
        guard points > 0 else { return LottieBezier(closed: true, vertices: [], inTangents: [], outTangents: []) }
        let count = star.isStar ? points * 2 : points
        let step = 2 * Double.pi / Double(count)
        let direction = star.reversed ? -1.0 : 1.0
        var angle = -Double.pi / 2 + rotation
        var vertices: [CGPoint] = []
        var inT: [CGPoint] = []
        var outT: [CGPoint] = []
        for index in 0..<count {
            let outer = !star.isStar || index % 2 == 0
            let radius = outer ? outerRadius : innerRadius
            let roundness = outer ? outerRoundness : innerRoundness
            // The tangent length: the arc of one vertex's share of the circle, times the roundness.
            let segment = 2 * Double.pi * radius / Double(points * 4) * roundness * direction
            let x = radius * cos(angle)
            let y = radius * sin(angle)
            let length = hypot(x, y)
            let ox = length == 0 ? 0 : y / length
            let oy = length == 0 ? 0 : -x / length
            vertices.append(CGPoint(x: center.x + x, y: center.y + y))
            inT.append(CGPoint(x: ox * segment, y: oy * segment))
            outT.append(CGPoint(x: -ox * segment, y: -oy * segment))
            angle += step * direction
        }
        return LottieBezier(closed: true, vertices: vertices, inTangents: inT, outTangents: outT)
    }
}
