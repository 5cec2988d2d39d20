import Foundation
import FrameValues

extension FrameValues.AffineTransform: Interpolatable {
    /// Returns the blend of two transforms by their parts: translation, rotation, scale and skew.
    ///
    /// Each transform's linear part is decomposed as rotation · skew · scale (in the order they reach a
    /// point: scale first, then skew along x, then rotation), and its translation is kept apart. The
    /// translations, scales and skews are blended linearly and the angle turns the shorter way round, so
    /// a rotation from 0° to 90° is a pure 45° rotation halfway instead of the shrunken matrix a
    /// component-wise blend would give. A mirror image shows as a negative vertical scale. When either
    /// transform collapses the plane (a zero scale), the six coefficients are blended linearly instead.
    /// - Parameters:
    ///   - other: The transform at amount 1.
    ///   - amount: How far to go from `self` towards `other`; may be outside `0...1`.
    public func interpolated(to other: FrameValues.AffineTransform, amount: Double) -> FrameValues.AffineTransform {
        guard let start = DecomposedTransform(self), let end = DecomposedTransform(other) else {
            return FrameValues.AffineTransform(
                a: lerp(a, other.a, amount), b: lerp(b, other.b, amount),
                c: lerp(c, other.c, amount), d: lerp(d, other.d, amount),
                tx: lerp(tx, other.tx, amount), ty: lerp(ty, other.ty, amount)
            )
        }
        return start.interpolated(to: end, amount: amount).transform
    }
}

/// An affine transform split into the parts that animate naturally.
///
/// The linear part `[a c; b d]` equals `R(angle) · [1 skew; 0 1] · [scaleX 0; 0 scaleY]`.
struct DecomposedTransform: Equatable {
    var translationX: Double
    var translationY: Double
    var angle: Double
    var scaleX: Double
    var scaleY: Double
    var skew: Double

    /// Decomposes `t`, or returns `nil` when it has a zero (or non-finite) scale and cannot be decomposed.
    init?(_ t: FrameValues.AffineTransform) {
        let scaleX = hypot(t.a, t.b)
        guard scaleX > 0, scaleX.isFinite else { return nil }
        let angle = atan2(t.b, t.a)
        let cosine = t.a / scaleX
        let sine = t.b / scaleX
        let scaleY = t.determinant / scaleX
        guard scaleY != 0, scaleY.isFinite else { return nil }
        // The second column rotated back by -angle is (skew · scaleY, scaleY).
        let shear = t.c * cosine + t.d * sine
        self.translationX = t.tx
        self.translationY = t.ty
        self.angle = angle
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.skew = shear / scaleY
    }

    /// The transform these parts describe.
    var transform: FrameValues.AffineTransform {
        let cosine = cos(angle)
        let sine = sin(angle)
        let shear = skew * scaleY
        return FrameValues.AffineTransform(
            a: scaleX * cosine, b: scaleX * sine,
            c: shear * cosine - scaleY * sine, d: shear * sine + scaleY * cosine,
            tx: translationX, ty: translationY
        )
    }

    /// Blends every part linearly, turning the angle the shorter way round.
    func interpolated(to other: DecomposedTransform, amount: Double) -> DecomposedTransform {
        var turn = (other.angle - angle).truncatingRemainder(dividingBy: 2 * Double.pi)
        if turn > Double.pi { turn -= 2 * Double.pi } else if turn <= -Double.pi { turn += 2 * Double.pi }
        var result = self
        result.translationX = lerp(translationX, other.translationX, amount)
        result.translationY = lerp(translationY, other.translationY, amount)
        result.angle = angle + turn * amount
        result.scaleX = lerp(scaleX, other.scaleX, amount)
        result.scaleY = lerp(scaleY, other.scaleY, amount)
        result.skew = lerp(skew, other.skew, amount)
        return result
    }
}
