import Foundation
import MovieKitScene

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
