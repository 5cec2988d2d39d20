internal import CCairo
import Foundation

extension DrawingContext {
    /// The current transformation matrix, mapping user space to device pixels.
    /// Corresponds to `cairo_get_matrix`.
    public var ctm: AffineTransform {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        return AffineTransform(matrix)
    }

    /// Applies `transform` to user space: later drawing is mapped through `transform` first, then through
    /// the previous transform, as with `CGContext.concatenate(_:)`. Corresponds to `cairo_transform`.
    ///
    /// A singular transform (determinant 0) is ignored, because Cairo would put the context into an error state.
    public func concatenate(_ transform: AffineTransform) {
        guard transform.inverted() != nil else { return }
        var matrix = transform.cairoMatrix
        cairo_transform(cr, &matrix)
    }
}

extension AffineTransform {
    /// Cairo stores `x' = xx·x + xy·y + x0`, `y' = yx·x + yy·y + y0`.
    init(_ matrix: cairo_matrix_t) {
        self.init(a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0, ty: matrix.y0)
    }

    var cairoMatrix: cairo_matrix_t {
        cairo_matrix_t(xx: a, yx: b, xy: c, yy: d, x0: tx, y0: ty)
    }
}
