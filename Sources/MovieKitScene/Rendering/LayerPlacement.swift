import Foundation
import FrameDraw

/// Where a layer lands on one frame: its bounds, and the transform from its space to its parent's.
///
/// Every value a scene accepts must draw, and an animation can reach values that cannot be drawn:
/// a scale of 0 (a pop-in's first frame), a spring that overshoots to infinity, a rotation of
/// 1e300 degrees, or nested scales whose product leaves double precision. Cairo refuses a
/// transform it cannot invert and stops drawing the whole frame, so the painter asks
/// `isDrawable(on:)` first and draws nothing for such a layer on such a frame, which is what the
/// layer looks like there: a scale of 0 has no area.
struct LayerPlacement {
    /// The layer's bounds in its own space: `(0, 0)` to its size.
    var bounds: CGRect
    /// Maps the layer's space into its parent's: anchor to origin, scale, rotation, then position.
    var transform: FrameDraw.AffineTransform

    /// The largest magnitude of a transform entry, or of its inverse's, that the painter draws with.
    /// Products of two such numbers stay finite, so Cairo's own step-by-step products (the current
    /// matrix, its inverse, a pattern's matrix) cannot overflow where this check's did not.
    static let largestEntry = 1e150

    /// The layer's placement at `time`, or `nil` when a value is not a finite number (an animation
    /// can overshoot to infinity, or produce NaN) or the scale is 0 on either axis.
    /// - Parameters:
    ///   - layer: The layer.
    ///   - size: Its size at `time`: the explicit or the natural one.
    ///   - parentSize: The parent's size, whose centre is the default position.
    ///   - time: The time on the parent's clock.
    init?(_ layer: Layer, size: CGSize, parentSize: CGSize, time: Double) {
        let position = layer.position?.value(at: time) ?? CGPoint(x: parentSize.width / 2, y: parentSize.height / 2)
        let anchor = layer.anchor.value(at: time)
        let scale = layer.scale.value(at: time)
        // Degrees are reduced to one turn first: the remainder is exact, and 1e300° in radians would
        // overflow, while sin and cos of a huge angle lose all their digits.
        let degrees = layer.rotation.value(at: time).truncatingRemainder(dividingBy: 360)
        let numbers = [
            position.x, position.y, anchor.x, anchor.y, scale.width, scale.height, degrees, size.width, size.height
        ]
        guard numbers.allSatisfy(\.isFinite), scale.width != 0, scale.height != 0 else { return nil }
        let anchorOffset = CGPoint(x: -anchor.x * size.width, y: -anchor.y * size.height)
        guard anchorOffset.x.isFinite, anchorOffset.y.isFinite else { return nil }
        bounds = CGRect(origin: .zero, size: size)
        transform = FrameDraw.AffineTransform(translationX: anchorOffset.x, y: anchorOffset.y)
            .concatenating(FrameDraw.AffineTransform(scaleX: scale.width, y: scale.height))
            .concatenating(FrameDraw.AffineTransform(rotationAngle: degrees * .pi / 180))
            .concatenating(FrameDraw.AffineTransform(translationX: position.x, y: position.y))
    }

    /// Whether the bounds have an area: a size of 0 (or one that an overshooting animation took
    /// below 0) on either side has none, and only a path layer, whose outline does not depend on
    /// its size, draws anything then.
    var hasArea: Bool { bounds.width > 0 && bounds.height > 0 }

    /// Whether the layer can be drawn through `ctm`, the transform of its parent's space to pixels:
    /// its own transform and the combined one both invertible, with finite entries of bounded size.
    func isDrawable(on ctm: FrameDraw.AffineTransform) -> Bool {
        Self.isDrawable(transform) && Self.isDrawable(transform.concatenating(ctm))
    }

    /// Whether `transform` and its inverse have finite entries no larger than ``largestEntry``.
    static func isDrawable(_ transform: FrameDraw.AffineTransform) -> Bool {
        guard isBounded(transform), let inverse = transform.inverted() else { return false }
        return isBounded(inverse)
    }

    private static func isBounded(_ t: FrameDraw.AffineTransform) -> Bool {
        [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy { $0.isFinite && abs($0) <= largestEntry }
    }
}

extension LayerPlacement {
    /// Whether `dash` is a dash pattern to stroke with: lengths that are finite and not negative,
    /// not all 0 (a scene file accepts only those; a layer built in Swift may hold others, and
    /// its line is drawn solid then, as with no pattern).
    static func isUsableDash(_ dash: [Double]) -> Bool {
        dash.allSatisfy { $0.isFinite && $0 >= 0 } && dash.contains { $0 > 0 }
    }
}

extension LayerPlacement {
    /// Whether `picture` fitted into `bounds` can be drawn through `ctm`: the picture's own scale
    /// into its frame, combined with `ctm`, passes ``isDrawable(_:)``. An empty frame draws nothing.
    static func canDraw(_ picture: Image, in bounds: CGRect, fit: ContentFit, on ctm: FrameDraw.AffineTransform)
        -> Bool
    {
        let frame = fit.frame(for: picture.size, in: bounds)
        guard frame.width > 0, frame.height > 0, picture.width > 0, picture.height > 0 else { return false }
        let placement = FrameDraw.AffineTransform(
            scaleX: frame.width / Double(picture.width), y: frame.height / Double(picture.height)
        ).concatenating(FrameDraw.AffineTransform(translationX: frame.minX, y: frame.minY))
        return isDrawable(placement) && isDrawable(placement.concatenating(ctm))
    }

    /// The largest em, in pixels on the frame, that text is drawn at: a hundred thousand, where the
    /// thinnest strokes of a letter are wider than a 4K frame, so a zoom through a letter can fill the
    /// frame with it. FrameDraw draws text over 8,192 pixels to the em from its outline; Cairo's
    /// coordinates (24.8 fixed point) end at about eight million pixels, which text much larger would pass.
    /// Text zoomed further (a 2000-pixel font scaled by 60) draws nothing.
    static let largestEm = 100_000.0

    /// Whether text in `style` can be drawn through `ctm`: a font size that is a positive finite
    /// number, whose glyphs' scale combined with `ctm` passes ``isDrawable(_:)`` (Cairo refuses a
    /// font matrix it cannot invert) with an em no larger than ``largestEm``, and a finite outline width.
    static func canDrawText(in style: TextStyle, on ctm: FrameDraw.AffineTransform) -> Bool {
        let size = style.font.size
        guard size.isFinite, size > 0, style.outline.map({ $0.width.isFinite }) ?? true else { return false }
        let glyphs = FrameDraw.AffineTransform(scaleX: size, y: size).concatenating(ctm)
        let em = max(hypot(glyphs.a, glyphs.b), hypot(glyphs.c, glyphs.d))
        return isDrawable(glyphs) && em <= largestEm
    }
}

extension LayerPlacement {
    /// The widest line, in pixels on the frame, that a shape is stroked with: far wider than any
    /// frame, so a wider line looks the same. Cairo draws round joins and curves with a pen of one
    /// vertex per tolerance-sized step around the line's width, billions of them for a line 1e9 pixels
    /// wide (a 2-pixel outline scaled by 1e15), and the frame stops with "out of memory".
    static let largestLineWidth = 1e6

    /// `width` in the layer's space, narrowed so that it is at most ``largestLineWidth`` pixels on
    /// the frame through `ctm` (measured along the direction `ctm` stretches most).
    static func lineWidth(_ width: Double, on ctm: FrameDraw.AffineTransform) -> Double {
        let sum = ctm.a * ctm.a + ctm.b * ctm.b + ctm.c * ctm.c + ctm.d * ctm.d
        let determinant = ctm.determinant
        let stretch = ((sum + max(0, sum * sum - 4 * determinant * determinant).squareRoot()) / 2).squareRoot()
        guard stretch.isFinite, stretch > 0 else { return width }
        return min(width, largestLineWidth / stretch)
    }
}

extension LayerContent {
    /// Whether this is a path layer, whose outline is in its own coordinates whatever its size.
    var isPath: Bool {
        if case .path = self { return true }
        return false
    }
}
