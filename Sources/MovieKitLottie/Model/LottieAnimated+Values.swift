import Foundation
import FrameDraw
import MovieKitScene

// Typed readings of a property of numbers at a frame, so that the renderer never indexes the numbers
// itself. Each has the value drawn when the property has none at that frame: a fallback for a
// scalar, the origin for a point, zero for a size, black for a colour.

extension LottieAnimated where Value == LottieVector {
    /// The first number at `frame`: an opacity, a rotation, a width, a radius.
    /// - Parameters:
    ///   - frame: The frame, in the layer's frames.
    ///   - fallback: The value when the property has none at `frame`.
    func scalar(at frame: Double, default fallback: Double = 0) -> Double {
        value(at: frame)?[0] ?? fallback
    }

    /// The point at `frame`, from the first two numbers (a missing one is 0); the origin when the
    /// property has no value there.
    func point(at frame: Double) -> CGPoint {
        value(at: frame)?.point ?? .zero
    }

    /// The size at `frame`, from the first two numbers (a missing one is 0); zero when the property
    /// has no value there.
    func size(at frame: Double) -> CGSize {
        let numbers = value(at: frame) ?? LottieVector([0, 0])
        return CGSize(width: numbers[0], height: numbers[1])
    }

    /// All the numbers at `frame`, or `fallback` when the property has none there.
    func vector(at frame: Double, default fallback: LottieVector) -> LottieVector {
        value(at: frame) ?? fallback
    }

    /// The colour at `frame`, opaque: red, green and blue from the first three numbers, each from 0
    /// to 1, or from 0 to 255 when one of them is above 1 (as some exporters write them), clamped;
    /// black when the property has no value there.
    func color(at frame: Double) -> Color {
        let numbers = value(at: frame) ?? LottieVector([0, 0, 0])
        let scale = numbers.values.prefix(3).contains { $0 > 1 } ? 255.0 : 1.0
        func component(_ index: Int) -> Double {
            let value = numbers[index] / scale
            return value.isNaN ? 0 : min(max(value, 0), 1)
        }
        return Color(red: component(0), green: component(1), blue: component(2))
    }
}

// The same readings of a property that the file may leave out: what is drawn when it has no value.

extension Optional where Wrapped == LottieValue {
    /// The first number at `frame`, or `fallback` when the property is missing or has no value there.
    func scalar(at frame: Double, default fallback: Double = 0) -> Double {
        self?.scalar(at: frame, default: fallback) ?? fallback
    }

    /// The point at `frame`; the origin when the property is missing.
    func point(at frame: Double) -> CGPoint {
        self?.point(at: frame) ?? .zero
    }

    /// All the numbers at `frame`, or `fallback` when the property is missing or has none there.
    func vector(at frame: Double, default fallback: LottieVector) -> LottieVector {
        self?.vector(at: frame, default: fallback) ?? fallback
    }

    /// The colour at `frame`, opaque; black when the property is missing.
    func color(at frame: Double) -> Color {
        self?.color(at: frame) ?? Color(red: 0, green: 0, blue: 0)
    }
}
