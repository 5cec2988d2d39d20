import Foundation
import MovieKitScene

/// A coding key for any name, for reading objects key by key.
struct LottieKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// A value a Lottie property holds and interpolates between keyframes: numbers, or a Bézier shape.
protocol LottieAnimatable: Sendable, Decodable {
    /// The value between `self` (progress 0) and `other` (1); `progress(d)` is the eased progress of dimension `d`.
    func interpolated(to other: Self, progress: (Int) -> Double) -> Self
}

/// One number or a list of numbers: a scalar, a point, a colour or a gradient's stops.
struct LottieVector: LottieAnimatable, Hashable {
    var values: [Double]

    init(_ values: [Double]) { self.values = values }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            values = [number]
        } else {
            values = try container.decode([Double].self)
        }
    }

    subscript(index: Int) -> Double { index < values.count ? values[index] : 0 }

    var point: CGPoint { CGPoint(x: self[0], y: self[1]) }

    func interpolated(to other: LottieVector, progress: (Int) -> Double) -> LottieVector {
        var result = values
        for index in result.indices where index < other.values.count {
            let t = progress(index)
            result[index] += (other.values[index] - result[index]) * t
        }
        return LottieVector(result)
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

/// A boolean written as `true`/`false` or `1`/`0`.
struct LottieFlag: Decodable, Sendable {
    /// A number the format uses as an integer (a type, a mode, an index), clamped so that a damaged
    /// file cannot overflow the conversion.
    static func integer(_ value: Double) -> Int {
        value.isFinite ? Int(min(max(value, -1e9), 1e9)) : 0
    }

    var value: Bool

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            value = flag
        } else {
            value = try container.decode(Double.self) != 0
        }
    }
}

/// An animatable property: `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`, with an optional
/// expression (`x`, not evaluated) and slot id (`sid`).
struct LottieProperty<Value: LottieAnimatable>: Decodable, Sendable {
    var constant: Value?
    var keyframes: [LottieKeyframe<Value>] = []
    var expression: String?
    var slotID: String?

    enum CodingKeys: String, CodingKey { case a, k, x, sid }

    init(constant: Value) { self.constant = constant }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        expression = try? container.decodeIfPresent(String.self, forKey: .x)
        slotID = try? container.decodeIfPresent(String.self, forKey: .sid)
        if !container.contains(.k), slotID != nil { return }
        let probe = try container.decode(KeyframeProbe.self, forKey: .k)
        if probe.isKeyframes {
            keyframes = try container.decode([LottieKeyframe<Value>].self, forKey: .k)
            keyframes.sort { $0.time < $1.time }
            if keyframes.allSatisfy({ $0.start == nil && $0.end == nil }) {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath + [CodingKeys.k],
                        debugDescription: "has keyframes without any value (`s`); give each keyframe its value"))
            }
        } else {
            constant = try container.decode(Value.self, forKey: .k)
        }
    }

    /// Whether the value changes over time.
    var isAnimated: Bool { keyframes.count > 1 }

    /// The value at `frame` (in the property's layer's frames).
    func value(at frame: Double) -> Value? {
        guard !keyframes.isEmpty else { return constant }
        guard let segment = segment(at: frame) else { return nil }
        switch segment {
        case .fixed(let value): return value
        case .between(let from, let to, let keyframe, let progress):
            return from.interpolated(to: to) { dimension in
                Self.eased(progress, keyframe: keyframe, dimension: dimension)
            }
        }
    }

    enum Segment {
        case fixed(Value)
        case between(Value, Value, LottieKeyframe<Value>, Double)
    }

    /// The keyframe segment that `frame` falls in.
    func segment(at frame: Double) -> Segment? {
        guard let first = keyframes.first else { return constant.map { .fixed($0) } }
        if frame < first.time || keyframes.count == 1 { return (first.start ?? first.end).map { .fixed($0) } }
        var index = keyframes.count - 1
        while index > 0 && keyframes[index].time > frame { index -= 1 }
        let keyframe = keyframes[index]
        let previousEnd = index > 0 ? keyframes[index - 1].end : nil
        guard index + 1 < keyframes.count else {
            return (keyframe.start ?? previousEnd ?? keyframes[max(index - 1, 0)].start).map { .fixed($0) }
        }
        let next = keyframes[index + 1]
        guard let from = keyframe.start ?? previousEnd else { return nil }
        if keyframe.hold { return .fixed(from) }
        let to = keyframe.end ?? next.start ?? from
        let span = next.time - keyframe.time
        guard span > 0 else { return .fixed(to) }
        return .between(from, to, keyframe, min(max((frame - keyframe.time) / span, 0), 1))
    }

    /// The eased progress of one dimension: the keyframe's out handle and in handle are the control
    /// points of a cubic Bézier easing curve, as in CSS `cubic-bezier(o.x, o.y, i.x, i.y)`.
    static func eased(_ progress: Double, keyframe: LottieKeyframe<Value>, dimension: Int) -> Double {
        guard let out = keyframe.easeOut, let ein = keyframe.easeIn else { return progress }
        let x1 = out.component(out.x, dimension)
        let y1 = out.component(out.y, dimension)
        let x2 = ein.component(ein.x, dimension)
        let y2 = ein.component(ein.y, dimension)
        return LottieEasing.value(progress, x1: x1, y1: y1, x2: x2, y2: y2)
    }
}

/// Decides whether a `k` holds keyframes (a list of objects) or a value.
private struct KeyframeProbe: Decodable {
    var isKeyframes = false

    init(from decoder: any Decoder) throws {
        guard var list = try? decoder.unkeyedContainer(), !list.isAtEnd else { return }
        isKeyframes = (try? list.decode(ObjectProbe.self)) != nil
    }

    private struct ObjectProbe: Decodable {
        init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: LottieKey.self)
            guard object.contains(LottieKey("t")) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not a keyframe"))
            }
        }
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
