import Foundation
import MovieKitScene

/// One keyframe: a value at a frame, with the easing of the segment that starts there.
struct LottieKeyframe<Value: LottieAnimatable>: Decodable, Sendable {
    var time: Double
    var start: Value?
    /// The end value of the segment, in files written before Bodymovin 5.5.
    var end: Value?
    var easeIn: LottieEasingHandle?
    var easeOut: LottieEasingHandle?
    var hold: Bool
    /// Spatial tangents of a motion path, relative to the segment's start (`to`) and end (`ti`).
    var tangentOut: [Double]?
    var tangentIn: [Double]?

    enum CodingKeys: String, CodingKey { case t, s, e, i, o, h, ti, to }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decode(Double.self, forKey: .t)
        start = try container.decodeIfPresent(Value.self, forKey: .s)
        end = try container.decodeIfPresent(Value.self, forKey: .e)
        easeIn = try container.decodeIfPresent(LottieEasingHandle.self, forKey: .i)
        easeOut = try container.decodeIfPresent(LottieEasingHandle.self, forKey: .o)
        hold = try container.decodeIfPresent(LottieFlag.self, forKey: .h)?.value ?? false
        tangentIn = try container.decodeIfPresent(LottieVector.self, forKey: .ti)?.values
        tangentOut = try container.decodeIfPresent(LottieVector.self, forKey: .to)?.values
    }
}

/// An easing handle of a keyframe: `x` and `y`, each one number or one per dimension.
struct LottieEasingHandle: Decodable, Sendable {
    var x: [Double]
    var y: [Double]

    enum CodingKeys: String, CodingKey { case x, y }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        x = try container.decode(LottieVector.self, forKey: .x).values
        y = try container.decode(LottieVector.self, forKey: .y).values
    }

    func component(_ values: [Double], _ dimension: Int) -> Double {
        values.isEmpty ? 0 : values[min(dimension, values.count - 1)]
    }
}

/// The cubic Bézier easing curve from (0, 0) to (1, 1) through two control points.
enum LottieEasing {
    static func value(_ x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return x }
        let cx = 3 * x1
        let bx = 3 * (x2 - x1) - cx
        let ax = 1 - cx - bx
        let cy = 3 * y1
        let by = 3 * (y2 - y1) - cy
        let ay = 1 - cy - by
        func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < 1e-9 { return ((ay * t + by) * t + cy) * t }
            let slope = slopeX(t)
            if abs(slope) < 1e-7 { break }
            t -= error / slope
        }
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<60 {
            let sample = sampleX(t)
            if abs(sample - x) < 1e-10 { break }
            if sample < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return ((ay * t + by) * t + cy) * t
    }
}
