internal import CCairo

/// Blurs alpha masks for shadows with three box-blur passes per axis, which approximates a Gaussian.
///
/// One renderer belongs to one `DrawingContext`. Its scratch memory grows to the largest mask seen and is
/// reused from call to call and frame to frame, so a shadowed shape allocates nothing in the blur itself.
final class ShadowRenderer {
    /// A rectangle of whole pixels.
    struct PixelRect: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// The largest standard deviation blurred; larger requests are clamped to it to bound memory.
    static let maximumSigma = 250.0

    /// Two planes of A8 pixels and a row of zeros.
    private var planes = UnsafeMutableRawPointer.allocate(byteCount: 0, alignment: 16)
    private var planesCapacity = 0
    /// Running column sums for the blur passes.
    private var columnSums = UnsafeMutablePointer<UInt32>.allocate(capacity: 0)
    private var columnSumsCapacity = 0

    deinit {
        planes.deallocate()
        columnSums.deallocate()
    }

    /// The radii of three box blurs whose sequence approximates a Gaussian of standard deviation `sigma`
    /// (after Kutskir, "Fastest Gaussian blur"). Their sum is how far the blur spreads.
    static func boxRadii(sigma: Double) -> (Int, Int, Int) {
        guard sigma.isFinite, sigma > 0.3 else { return (0, 0, 0) }
        let s = min(sigma, maximumSigma)
        let passes = 3.0
        let idealWidth = (12 * s * s / passes + 1).squareRoot()
        var lower = Int(idealWidth.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let l = Double(lower)
        let lowerCount = Int(((12 * s * s - passes * l * l - 4 * passes * l - 3 * passes) / (-4 * l - 4)).rounded())
        func radius(_ pass: Int) -> Int { ((pass < lowerCount ? lower : upper) - 1) / 2 }
        return (radius(0), radius(1), radius(2))
    }

    /// The smallest rectangle inside `rect` that holds every non-zero byte, or `nil` when all are zero.
    static func inkBounds(_ data: UnsafePointer<UInt8>, stride: Int, in rect: PixelRect) -> PixelRect? {
        var minX = Int.max
        var maxX = -1
        var minY = -1
        var maxY = -1
        let width = rect.width
        for y in rect.y..<(rect.y + rect.height) {
            let row = data + y * stride + rect.x
            var first = 0
            while first + 8 <= width, UnsafeRawPointer(row + first).loadUnaligned(as: UInt64.self) == 0 { first += 8 }
            while first < width, row[first] == 0 { first += 1 }
            guard first < width else { continue }
            var end = width  // One past the last non-zero byte.
            while end - 8 > first, UnsafeRawPointer(row + end - 8).loadUnaligned(as: UInt64.self) == 0 { end -= 8 }
            while end > first, row[end - 1] == 0 { end -= 1 }
            if minY < 0 { minY = y }
            maxY = y
            minX = min(minX, first)
            maxX = max(maxX, end - 1)
        }
        guard minY >= 0 else { return nil }
        return PixelRect(x: rect.x + minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Blurs `height` rows of `width` alpha bytes and lends the result to `body`.
    ///
    /// The result is larger than the source by the blur's spread (the sum of `radii`) on every side, so
    /// nothing is cut off; its top-left pixel lies that spread up and left of the source's. The pixels
    /// are only valid inside `body`. With all radii 0 the source itself is lent.
    ///
    /// Every pass runs down the columns, which walks memory row by row and lets the compiler vectorise
    /// across a row; the horizontal passes run on a transposed copy.
    /// - Parameters:
    ///   - source: The first source byte; rows are `stride` bytes apart.
    ///   - radii: The three box radii from `boxRadii(sigma:)`.
    ///   - body: Receives the pixels, their stride, width and height.
    func withBlurredAlpha(
        source: UnsafePointer<UInt8>, stride: Int, width: Int, height: Int, radii: (Int, Int, Int),
        _ body: (UnsafeMutablePointer<UInt8>, _ stride: Int, _ width: Int, _ height: Int) -> Void
    ) {
        let spread = radii.0 + radii.1 + radii.2
        guard spread > 0 else {
            body(UnsafeMutablePointer(mutating: source), stride, width, height)
            return
        }
        let outWidth = width + 2 * spread
        let outHeight = height + 2 * spread
        let outStride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(outWidth)))
        let transposedStride = (outHeight + 15) & ~15
        guard outStride >= outWidth else { return }
        let planeBytes = max(outStride * outHeight, transposedStride * outWidth)
        let rowLength = max(outStride, transposedStride)
        reservePlanes(byteCount: 2 * planeBytes + rowLength)
        reserveColumnSums(count: rowLength)
        let a = planes.assumingMemoryBound(to: UInt8.self)
        let b = a + planeBytes
        let zeroRow = b + planeBytes
        zeroRow.update(repeating: 0, count: rowLength)
        a.update(repeating: 0, count: outStride * outHeight)
        for y in 0..<height {
            (a + (y + spread) * outStride + spread).update(from: source + y * stride, count: width)
        }
        // Vertical passes a → b → a → b; only the source's columns hold ink yet.
        let inked = spread..<(spread + width)
        let upright = PlaneShape(rows: outHeight, stride: outStride, columns: inked)
        boxBlurColumns(a, into: b, upright, radius: radii.0, zeroRow: zeroRow)
        boxBlurColumns(b, into: a, upright, radius: radii.1, zeroRow: zeroRow)
        boxBlurColumns(a, into: b, upright, radius: radii.2, zeroRow: zeroRow)
        // Horizontal passes on the transpose, b → a → b → a, then back to upright in b.
        Self.transpose(b, stride: outStride, rows: outHeight, columns: outWidth, into: a, stride: transposedStride)
        let lying = PlaneShape(rows: outWidth, stride: transposedStride, columns: 0..<outHeight)
        boxBlurColumns(a, into: b, lying, radius: radii.0, zeroRow: zeroRow)
        boxBlurColumns(b, into: a, lying, radius: radii.1, zeroRow: zeroRow)
        boxBlurColumns(a, into: b, lying, radius: radii.2, zeroRow: zeroRow)
        Self.transpose(b, stride: transposedStride, rows: outWidth, columns: outHeight, into: a, stride: outStride)
        body(a, outStride, outWidth, outHeight)
    }

    // MARK: - Passes

    /// The rows of a plane and the columns a pass needs to touch.
    private struct PlaneShape {
        var rows: Int
        var stride: Int
        var columns: Range<Int>
    }

    /// One box blur down the columns in `shape.columns`, walking rows in memory order with one running sum
    /// per column; rows past either end count as transparent. Other columns of `destination` are zeroed.
    private func boxBlurColumns(
        _ source: UnsafeMutablePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>,
        _ shape: PlaneShape, radius: Int, zeroRow: UnsafeMutablePointer<UInt8>
    ) {
        let (rows, stride) = (shape.rows, shape.stride)
        destination.update(repeating: 0, count: stride * rows)
        let first = shape.columns.lowerBound
        let count = shape.columns.count
        guard count > 0 else { return }
        // (sum * factor + half) >> 16 divides by the box width with rounding; sums stay far below 2^16 × 255.
        let boxWidth = UInt32(2 * radius + 1)
        let factor = (65536 + boxWidth / 2) / boxWidth
        let sums = columnSums
        sums.update(repeating: 0, count: count)
        func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
            (y >= 0 && y < rows) ? source + y * stride + first : zeroRow
        }
        for y in 0..<min(radius, rows) {
            let r = row(y)
            for x in 0..<count { sums[x] &+= UInt32(r[x]) }
        }
        for y in 0..<rows {
            let entering = row(y + radius)
            let leaving = row(y - radius)
            let out = destination + y * stride + first
            for x in 0..<count {
                let sum = sums[x] &+ UInt32(entering[x])
                out[x] = UInt8(truncatingIfNeeded: (sum &* factor &+ 32768) >> 16)
                sums[x] = sum &- UInt32(leaving[x])
            }
        }
    }

    /// Writes the transpose of a `rows`×`columns` plane, in tiles so both sides stay in cache.
    private static func transpose(
        _ source: UnsafeMutablePointer<UInt8>, stride: Int, rows: Int, columns: Int,
        into destination: UnsafeMutablePointer<UInt8>, stride destinationStride: Int
    ) {
        let tile = 32
        for rowStart in Swift.stride(from: 0, to: rows, by: tile) {
            let rowEnd = min(rowStart + tile, rows)
            for columnStart in Swift.stride(from: 0, to: columns, by: tile) {
                let columnEnd = min(columnStart + tile, columns)
                for y in rowStart..<rowEnd {
                    let input = source + y * stride
                    for x in columnStart..<columnEnd {
                        destination[x * destinationStride + y] = input[x]
                    }
                }
            }
        }
    }

    // MARK: - Scratch memory

    private func reservePlanes(byteCount: Int) {
        guard byteCount > planesCapacity else { return }
        planes.deallocate()
        planes = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        planesCapacity = byteCount
    }

    private func reserveColumnSums(count: Int) {
        guard count > columnSumsCapacity else { return }
        columnSums.deallocate()
        columnSums = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        columnSumsCapacity = count
    }
}
