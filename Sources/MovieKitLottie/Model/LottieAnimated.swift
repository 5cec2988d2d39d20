import Foundation
import MovieKitScene

/// An animatable property of numbers: a scalar, a point, a size, a colour or a gradient's stops.
typealias LottieValue = LottieAnimated<LottieVector>

/// An animatable property: `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`, with an optional
/// expression (`x`, not evaluated) and slot id (`sid`). The one type of every animated value in the
/// model: numbers (`LottieValue`) and Bézier shapes.
struct LottieAnimated<Value: LottieAnimatable>: Decodable, Sendable {
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
