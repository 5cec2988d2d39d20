internal import CCairo
import Foundation

extension LineCap {
    /// The matching Cairo line cap, for `cairo_set_line_cap`.
    var cairoValue: cairo_line_cap_t {
        switch self {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}

extension LineJoin {
    /// The matching Cairo line join, for `cairo_set_line_join`.
    var cairoValue: cairo_line_join_t {
        switch self {
        case .miter: CAIRO_LINE_JOIN_MITER
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }
}

extension DrawingContext {
    /// Sets how the ends of open strokes are drawn. Corresponds to `cairo_set_line_cap`.
    public func setLineCap(_ cap: LineCap) { cairo_set_line_cap(cr, cap.cairoValue) }

    /// Sets how corners between stroked segments are drawn. Corresponds to `cairo_set_line_join`.
    public func setLineJoin(_ join: LineJoin) { cairo_set_line_join(cr, join.cairoValue) }

    /// Sets the limit on the ratio of miter length to line width beyond which miter joins become bevels.
    /// Values below 1 are treated as 1. Corresponds to `cairo_set_miter_limit`.
    public func setMiterLimit(_ limit: Double) { cairo_set_miter_limit(cr, max(limit, 1)) }

    /// Sets the dash pattern for later strokes.
    /// - Parameters:
    ///   - phase: How far into the pattern the stroke starts, in user-space units.
    ///   - lengths: Alternating painted and unpainted lengths in user-space units. An empty array, or one whose
    ///     lengths are all zero, gives solid lines. Lengths must not be negative.
    /// Corresponds to `cairo_set_dash`.
    public func setLineDash(phase: Double, lengths: [Double]) {
        precondition(
            lengths.allSatisfy { $0 >= 0 && $0.isFinite },
            "setLineDash needs finite, non-negative lengths; got \(lengths).")
        guard lengths.contains(where: { $0 > 0 }) else {
            cairo_set_dash(cr, nil, 0, 0)
            return
        }
        lengths.withUnsafeBufferPointer { buffer in
            cairo_set_dash(cr, buffer.baseAddress, Int32(buffer.count), phase)
        }
    }
}
