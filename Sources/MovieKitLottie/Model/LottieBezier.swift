import Foundation
import FrameDraw
import MovieKitScene

/// A Lottie Bézier shape: vertices with in and out tangents relative to each vertex, open or closed.
struct LottieBezier: LottieAnimatable {
    var closed: Bool
    var vertices: [CGPoint]
    var inTangents: [CGPoint]
    var outTangents: [CGPoint]

    enum CodingKeys: String, CodingKey { case c, v, i, o }

    init(closed: Bool, vertices: [CGPoint], inTangents: [CGPoint], outTangents: [CGPoint]) {
        self.closed = closed
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
    }

    init(from decoder: any Decoder) throws {
        // Keyframe values are written as a list holding one shape.
        if var list = try? decoder.unkeyedContainer() {
            guard !list.isAtEnd else {
                self.init(closed: false, vertices: [], inTangents: [], outTangents: [])
                return
            }
            self = try list.decode(LottieBezier.self)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let closed = try container.decodeIfPresent(LottieFlag.self, forKey: .c)?.value ?? false
        let vertices = try container.decode([LottieVector].self, forKey: .v).map(\.point)
        var inTangents = try container.decodeIfPresent([LottieVector].self, forKey: .i)?.map(\.point) ?? []
        var outTangents = try container.decodeIfPresent([LottieVector].self, forKey: .o)?.map(\.point) ?? []
        while inTangents.count < vertices.count { inTangents.append(.zero) }
        while outTangents.count < vertices.count { outTangents.append(.zero) }
        self.init(closed: closed, vertices: vertices, inTangents: inTangents, outTangents: outTangents)
    }

    func interpolated(to other: LottieBezier, progress: (Int) -> Double) -> LottieBezier {
        let t = progress(0)
        guard other.vertices.count == vertices.count else { return t < 1 ? self : other }
        func mix(_ a: [CGPoint], _ b: [CGPoint]) -> [CGPoint] {
            zip(a, b).map { CGPoint(x: $0.x + ($1.x - $0.x) * t, y: $0.y + ($1.y - $0.y) * t) }
        }
        return LottieBezier(
            closed: closed, vertices: mix(vertices, other.vertices), inTangents: mix(inTangents, other.inTangents),
            outTangents: mix(outTangents, other.outTangents))
    }

    /// The same outline drawn the other way, starting at the same vertex.
    var reversed: LottieBezier {
        guard vertices.count > 1 else { return self }
        let order = [0] + Array((1..<vertices.count).reversed())
        return LottieBezier(
            closed: closed, vertices: order.map { vertices[$0] }, inTangents: order.map { outTangents[$0] },
            outTangents: order.map { inTangents[$0] })
    }

    /// The shape as a FrameDraw path.
    var path: Path {
        var path = Path()
        guard let first = vertices.first else { return path }
        path.move(to: first)
        let count = vertices.count
        let segments = closed ? count : count - 1
        for index in 0..<segments {
            let next = (index + 1) % count
            let start = vertices[index]
            let end = vertices[next]
            let control1 = CGPoint(x: start.x + outTangents[index].x, y: start.y + outTangents[index].y)
            let control2 = CGPoint(x: end.x + inTangents[next].x, y: end.y + inTangents[next].y)
            if control1 == start && control2 == end {
                path.addLine(to: end)
            } else {
                path.addCurve(to: end, control1: control1, control2: control2)
            }
        }
        if closed { path.closePath() }
        return path
    }
}
