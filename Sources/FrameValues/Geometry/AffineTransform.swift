import Foundation

/// A 2D affine transform laid out like `CGAffineTransform`.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`. With FrameDraw's y-down coordinates,
/// a positive rotation angle turns clockwise on screen, matching `DrawingContext.rotate(by:)`.
///
/// Composition follows Core Graphics: `t1.concatenating(t2)` applies `t1` first, then `t2`;
/// `t.translatedBy(x:y:)` applies the translation first, then `t`.
///
/// Foundation also declares a type named `AffineTransform`. In a file that imports both Foundation and
/// FrameDraw, a bare `AffineTransform` in a type annotation (or `AffineTransform.identity`) is ambiguous:
/// write `FrameDraw.AffineTransform`, or add `private typealias AffineTransform = FrameDraw.AffineTransform`
/// to the file. Initialisers with FrameDraw's argument labels, such as `AffineTransform(rotationAngle:)`,
/// resolve without help.
public struct AffineTransform: Sendable, Hashable, CustomStringConvertible {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    /// Creates a transform from its six coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that leaves every point where it is.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Creates a translation by `(x, y)`.
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// Creates a scale by `x` horizontally and `y` vertically about the origin.
    public init(scaleX x: Double, y: Double) {
        self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// Creates a rotation about the origin by `angle` radians; positive angles turn clockwise on screen (y down).
    public init(rotationAngle angle: Double) {
        let cosine = cos(angle)
        let sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// Returns the transform that applies `self` first and then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// Returns the transform that translates by `(x, y)` and then applies `self`.
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Returns the transform that scales by `(x, y)` and then applies `self`.
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// Returns the transform that rotates by `angle` radians and then applies `self`.
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The determinant `a·d − b·c`; zero when the transform collapses the plane onto a line or point.
    public var determinant: Double { a * d - b * c }

    /// Returns the inverse transform, or `nil` when the transform is singular (its determinant is zero
    /// or not finite) and cannot be undone.
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det,
            b: -b / det,
            c: -c / det,
            d: a / det,
            tx: (c * ty - d * tx) / det,
            ty: (b * tx - a * ty) / det
        )
    }

    /// Returns `point` mapped through this transform.
    public func apply(to point: CGPoint) -> CGPoint {
        CGPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// Returns `size` mapped through the linear part of this transform (no translation), like
    /// `CGSize.applying(_:)`.
    public func apply(to size: CGSize) -> CGSize {
        CGSize(width: a * size.width + c * size.height, height: b * size.width + d * size.height)
    }

    /// Returns the smallest axis-aligned rectangle that contains the four transformed corners of `rect`.
    /// A null rectangle stays null.
    public func apply(to rect: CGRect) -> CGRect {
        guard !rect.isNull else { return rect }
        let r = rect.standardized
        let corners = [
            apply(to: CGPoint(x: r.minX, y: r.minY)),
            apply(to: CGPoint(x: r.maxX, y: r.minY)),
            apply(to: CGPoint(x: r.maxX, y: r.maxY)),
            apply(to: CGPoint(x: r.minX, y: r.maxY))
        ]
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let minX = xs.min() ?? 0
        let minY = ys.min() ?? 0
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    public var description: String {
        "AffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }
}

/// The Core Graphics name for `AffineTransform`, for code ported from Apple platforms.
///
/// Foundation on Linux has its own `AffineTransform`, so in a file that imports both Foundation
/// and FrameDraw a bare `AffineTransform.identity` is ambiguous; `CGAffineTransform` (or
/// `FrameDraw.AffineTransform`) is not.
public typealias CGAffineTransform = AffineTransform
