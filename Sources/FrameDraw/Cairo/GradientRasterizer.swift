internal import CCairo
import Foundation

/// The shape of a gradient: the line or the cone along which its colours change, in user space.
enum GradientGeometry {
    case linear(start: CGPoint, end: CGPoint)
    case radial(RadialCone)
}

/// Evaluates large gradient fills in Swift, from a colour table that Cairo draws once per fill.
///
/// pixman computes a gradient pixel by pixel through a general walker: a function call and a dozen
/// floating-point operations per pixel, for linear gradients as for radial ones. A full-frame gradient
/// background then costs more than everything else in a typical frame. Here Cairo draws the gradient's
/// colours once into a one-row table, with the same stops, interpolation and premultiplication as its
/// own patterns; each device pixel's location along the gradient is found incrementally (an addition
/// per pixel for a linear gradient, a square root for a radial one), and the pixel takes the table's
/// entry. The table has eight entries per device pixel of the gradient's length, so a colour is off
/// by at most a sixteenth of a pixel's step. Cairo then composites the result as an image aligned to device
/// pixels, through the same path, clip, alpha, blend mode and shadow, so edges and anti-aliasing are
/// exactly those of the pattern it replaces.
///
/// One rasterizer belongs to one `DrawingContext`; its scratch memory grows to the largest area drawn
/// and is reused from call to call and frame to frame.
final class GradientRasterizer {
    /// Fills smaller than this many pixels use Cairo's pattern: the table would cost more than it saves.
    static let minimumPixelCount = 128 * 128
    /// The most entries a colour table has: gradients longer than 1024 device pixels are sampled a
    /// little more coarsely than eight entries per pixel.
    static let maximumTableSize = 8192

    private var pixels: [UInt32] = []
    private var table: [UInt32] = []
    /// How many gradients this rasterizer has drawn.
    private(set) var drawnCount = 0

    /// Rasterizes `gradient` over `area` (whole device pixels) and runs `operation` with it as the
    /// source of `cr`, whose transformation maps `geometry`'s user space to device space. Returns
    /// `false`, doing nothing, when the transform cannot be inverted or the table cannot be drawn;
    /// the caller then uses Cairo's pattern. With `leavesRowsToPixman` a linear gradient constant
    /// along device rows is declined too, since pixman fills those faster.
    func withSource(
        on cr: OpaquePointer, gradient: Gradient, geometry: GradientGeometry, alpha: Double, extendsBeyondEnds: Bool,
        area: ShadowRenderer.PixelRect, leavesRowsToPixman: Bool = true, _ operation: () -> Void
    ) -> Bool {
        var ctm = cairo_matrix_t()
        cairo_get_matrix(cr, &ctm)
        var inverse = ctm
        guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else { return false }
        // pixman fills a row of one colour at memset speed, with no image to composite: a linear
        // gradient that does not change along device rows (a vertical one, unrotated) is left to it.
        if leavesRowsToPixman, case .linear(let start, let end) = geometry,
            Self.isConstantAlongRows(start, end, inverse, area.width)
        {
            return false
        }
        let tableSize = Self.tableSize(for: geometry, ctm: ctm)
        guard fillTable(gradient: gradient, alpha: alpha, size: tableSize, pad: extendsBeyondEnds) else { return false }
        let count = area.width * area.height
        if pixels.count < count { pixels = [UInt32](repeating: 0, count: count) }
        // Every pixel gets a table entry when the ends extend and, for a radial gradient, when one
        // circle holds the other (otherwise the outside of the cone stays transparent).
        let covered: Bool
        switch geometry {
        case .linear: covered = extendsBeyondEnds
        case .radial(let cone): covered = extendsBeyondEnds && (cone.startIsInsideEnd || cone.endIsInsideStart)
        }
        let opaque = covered && table.allSatisfy { $0 >> 24 == 0xFF }
        return pixels.withUnsafeMutableBufferPointer { buffer in
            let filled = table.withUnsafeBufferPointer { lookup in
                switch geometry {
                case .linear(let start, let end):
                    return Self.fillLinear(
                        buffer, area: area, lookup: lookup, start: start, end: end, inverse: inverse,
                        pad: extendsBeyondEnds)
                case .radial(let cone):
                    return Self.fillRadial(
                        buffer, area: area, lookup: lookup, cone: cone, inverse: inverse, pad: extendsBeyondEnds)
                }
            }
            guard filled, let base = buffer.baseAddress,
                Self.composite(base, area: area, opaque: opaque, ctm: ctm, on: cr, operation)
            else { return false }
            drawnCount += 1
            return true
        }
    }

    // MARK: - Colour table

    /// Eight entries per device pixel of the gradient's extent, so a colour is off by at most a sixteenth
    /// of a pixel's step, within `1024...maximumTableSize`.
    private static func tableSize(for geometry: GradientGeometry, ctm: cairo_matrix_t) -> Int {
        let scale = max(hypot(ctm.xx, ctm.yx), hypot(ctm.xy, ctm.yy))
        let userLength: Double
        switch geometry {
        case .linear(let start, let end): userLength = hypot(end.x - start.x, end.y - start.y)
        case .radial(let cone): userLength = max(cone.startRadius, cone.endRadius) + cone.centerDistance
        }
        let length = userLength * scale
        // Compared as a Double first: a length past Int.max has no Int.
        guard 8 * length < Double(maximumTableSize) else { return maximumTableSize }
        return max(Int((8 * length).rounded(.up)), 1024)
    }

    /// Draws the gradient's colours into `table`: entry `i` holds the premultiplied colour at location
    /// `(i + 0.5) / size`, as Cairo's own linear pattern computes it. Without `pad`, locations before the
    /// first stop and after the last are transparent, as in Cairo's patterns that do not extend.
    private func fillTable(gradient: Gradient, alpha: Double, size: Int, pad: Bool) -> Bool {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), 1)
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            return false
        }
        defer { cairo_destroy(cr) }
        let pattern = cairo_pattern_create_linear(0, 0, Double(size), 0)
        defer { cairo_pattern_destroy(pattern) }
        let scale = alpha.isNaN ? 0 : min(max(alpha, 0), 1)
        for stop in gradient.stops {
            cairo_pattern_add_color_stop_rgba(
                pattern, stop.location, stop.red, stop.green, stop.blue, stop.alpha * scale)
        }
        cairo_pattern_set_extend(pattern, pad ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_surface_flush(surface)
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            return false
        }
        let row = UnsafeRawPointer(data).assumingMemoryBound(to: UInt32.self)
        table.removeAll(keepingCapacity: true)
        table.append(contentsOf: UnsafeBufferPointer(start: row, count: size))
        return true
    }

    // MARK: - Locations

    /// The table entry for location `t`: the end entries past the ends when padding, else transparent.
    @inline(__always)
    private static func entry(_ t: Double, _ lookup: UnsafeBufferPointer<UInt32>, pad: Bool) -> UInt32 {
        let size = Double(lookup.count)
        let u = t * size
        if !(u >= 0) { return pad && !u.isNaN ? lookup[0] : 0 }
        if u >= size { return pad || t <= 1 ? lookup[lookup.count - 1] : 0 }
        return lookup[Int(u)]
    }

    /// Whether a linear gradient's location changes by less than pixman's precision (1/65536) across
    /// `width` device pixels of a row, as pixman itself tests before filling a row with one colour.
    private static func isConstantAlongRows(_ start: CGPoint, _ end: CGPoint, _ m: cairo_matrix_t, _ width: Int)
        -> Bool
    {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return false }
        let perPixel = (dx * m.xx + dy * m.yx) / lengthSquared
        return abs(perPixel) * Double(width) * 65536 < 1
    }

    /// Linear: the location is an affine function of the device pixel's centre, so it grows by a
    /// constant from one pixel to the next.
    private static func fillLinear(
        _ buffer: UnsafeMutableBufferPointer<UInt32>, area: ShadowRenderer.PixelRect,
        lookup: UnsafeBufferPointer<UInt32>, start: CGPoint, end: CGPoint, inverse m: cairo_matrix_t, pad: Bool
    ) -> Bool {
        let dx = end.x - start.x
        let dy = end.y - start.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return false }
        // t = d · (inverse(p) - start) / |d|², with inverse(p) = (xx px + xy py + x0, yx px + yy py + y0).
        let a = (dx * m.xx + dy * m.yx) / lengthSquared
        let b = (dx * m.xy + dy * m.yy) / lengthSquared
        let c = (dx * (m.x0 - start.x) + dy * (m.y0 - start.y)) / lengthSquared
        guard a.isFinite, b.isFinite, c.isFinite else { return false }
        let size = Double(lookup.count)
        for row in 0..<area.height {
            let y = Double(area.y + row) + 0.5
            let t = a * (Double(area.x) + 0.5) + b * y + c
            guard let line = buffer.baseAddress.map({ $0 + row * area.width }) else { return false }
            fillLinearRow(line, count: area.width, start: t * size, step: a * size, lookup: lookup, pad: pad)
        }
        return true
    }

    /// One row of a linear gradient, whose table position is `start + step * x` at column `x`: the columns
    /// before and after the table are filled with its end entries (or left transparent), the ones in
    /// between step through it in 32.32 fixed point.
    private static func fillLinearRow(
        _ line: UnsafeMutablePointer<UInt32>, count: Int, start: Double, step: Double,
        lookup: UnsafeBufferPointer<UInt32>, pad: Bool
    ) {
        let last = lookup.count - 1
        let low = pad ? lookup[0] : 0
        let high = pad ? lookup[last] : 0
        guard step != 0 else {
            line.update(repeating: entry(start / Double(lookup.count), lookup, pad: pad), count: count)
            return
        }
        // The columns whose position lies in 0..<size.
        let enter = (0 - start) / step
        let leave = (Double(lookup.count) - start) / step
        func column(_ x: Double) -> Int { Int(min(max(x.rounded(.up), 0), Double(count))) }
        let first = column(min(enter, leave))
        let end = max(column(max(enter, leave)), first)
        line.update(repeating: step > 0 ? low : high, count: first)
        if first < end {
            // Positions in the run lie in 0...size and steps are under the table's size (a steeper
            // gradient has at most one column in it), so the fixed-point values stay far inside Int64.
            let one = 4_294_967_296.0
            let startPosition = min(max(start + step * Double(first), 0), Double(lookup.count))
            var position = Int64(startPosition * one)
            let increment = Int64(min(max(step, -Double(lookup.count)), Double(lookup.count)) * one)
            for x in first..<end {
                let index = Int(truncatingIfNeeded: position >> 32)
                line[x] = lookup[min(max(index, 0), last)]
                position &+= increment
            }
        }
        (line + end).update(repeating: step > 0 ? high : low, count: count - end)
    }

    /// Radial: the location is the largest `t` whose circle (centre and radius interpolated between the
    /// start and end circles, radius not negative, and `t` within `0...1` unless the ends extend) passes
    /// through the pixel's centre, as in Cairo, PDF and the HTML canvas. No such `t` leaves the pixel
    /// transparent.
    private static func fillRadial(
        _ buffer: UnsafeMutableBufferPointer<UInt32>, area: ShadowRenderer.PixelRect,
        lookup: UnsafeBufferPointer<UInt32>, cone: RadialCone, inverse m: cairo_matrix_t, pad: Bool
    ) -> Bool {
        let cdx = cone.endCenter.x - cone.startCenter.x
        let cdy = cone.endCenter.y - cone.startCenter.y
        let r0 = cone.startRadius
        let dr = cone.radiusChange
        // |p - c0 - t cd|² = (r0 + t dr)²  ⇔  a t² - 2 b t + c = 0.
        let a = cdx * cdx + cdy * cdy - dr * dr
        if pad, cdx == 0, cdy == 0, dr != 0 {
            // One centre (no focal point): every pixel lies on the circle of radius |q|, so t = (|q| - r0) / dr.
            let scale = Double(lookup.count) / dr
            let offset = -r0 * scale
            let last = lookup.count - 1
            return eachPixel(of: buffer, area: area, inverse: m, origin: cone.startCenter) { qx, qy in
                let u = (qx * qx + qy * qy).squareRoot() * scale + offset
                // `!(u >= 0)` also catches NaN, from a transform too extreme for doubles.
                return lookup[!(u >= 0) ? 0 : (u >= Double(last) ? last : Int(u))]
            }
        }
        let linear = abs(a) < 1e-9 * max(cdx * cdx + cdy * cdy + dr * dr, 1e-300)
        // The roots in pixman's order, with its test for each: a radius not negative when the ends extend,
        // a location inside 0...1 when they do not.
        func accepts(_ t: Double) -> Bool { pad ? r0 + t * dr >= 0 : (0...1).contains(t) }
        return eachPixel(of: buffer, area: area, inverse: m, origin: cone.startCenter) { qx, qy in
            let b = qx * cdx + qy * cdy + r0 * dr
            let c = qx * qx + qy * qy - r0 * r0
            if linear {
                guard b != 0 else { return 0 }
                let t = c / (2 * b)
                return accepts(t) ? entry(t, lookup, pad: pad) : 0
            }
            let discriminant = b * b - a * c
            guard discriminant >= 0 else { return 0 }
            let root = discriminant.squareRoot()
            let t0 = (b + root) / a
            if accepts(t0) { return entry(t0, lookup, pad: pad) }
            let t1 = (b - root) / a
            return accepts(t1) ? entry(t1, lookup, pad: pad) : 0
        }
    }

    /// Sets every pixel of `area` to `color(qx, qy)`, where `(qx, qy)` is the pixel's centre in user space
    /// relative to `origin`, stepped incrementally along each row.
    @inline(__always)
    private static func eachPixel(
        of buffer: UnsafeMutableBufferPointer<UInt32>, area: ShadowRenderer.PixelRect, inverse m: cairo_matrix_t,
        origin: CGPoint, _ color: (Double, Double) -> UInt32
    ) -> Bool {
        for row in 0..<area.height {
            let py = Double(area.y + row) + 0.5
            let px = Double(area.x) + 0.5
            var qx = m.xx * px + m.xy * py + m.x0 - origin.x
            var qy = m.yx * px + m.yy * py + m.y0 - origin.y
            guard let line = buffer.baseAddress.map({ $0 + row * area.width }) else { return false }
            for column in 0..<area.width {
                line[column] = color(qx, qy)
                qx += m.xx
                qy += m.yx
            }
        }
        return true
    }

    // MARK: - Compositing

    /// Makes the pixels at `base` the source of `cr`, placed on the device pixels of `area`, and runs
    /// `operation`. The surface is finished before returning, so Cairo keeps no reference to the memory.
    private static func composite(
        _ base: UnsafeMutablePointer<UInt32>, area: ShadowRenderer.PixelRect, opaque: Bool, ctm: cairo_matrix_t,
        on cr: OpaquePointer, _ operation: () -> Void
    ) -> Bool {
        let format = opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
        let surface = UnsafeMutableRawPointer(base).withMemoryRebound(
            to: UInt8.self, capacity: area.width * area.height * 4
        ) {
            cairo_image_surface_create_for_data(
                $0, format, Int32(area.width), Int32(area.height), Int32(area.width * 4))
        }
        defer {
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return false }
        let pattern = cairo_pattern_create_for_surface(surface)
        defer { cairo_pattern_destroy(pattern) }
        // The image's pixels are device pixels shifted by the area's origin. The source is set
        // while the transformation is the identity, which locks it to device space: its matrix is
        // then an exact integer translation, which pixman copies row by row. (Set in user space,
        // the matrix would be the transformation times its inverse, a translation only up to
        // rounding, and pixman would fetch every pixel through the general transformed path.)
        var offset = cairo_matrix_t()
        cairo_matrix_init_translate(&offset, -Double(area.x), -Double(area.y))
        cairo_pattern_set_matrix(pattern, &offset)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_NONE)
        cairo_identity_matrix(cr)
        cairo_set_source(cr, pattern)
        var userSpace = ctm
        cairo_set_matrix(cr, &userSpace)
        operation()
        return true
    }
}
