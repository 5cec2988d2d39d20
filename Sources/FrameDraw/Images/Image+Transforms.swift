import Foundation

extension Image {
    /// Creates an image by drawing into a transparent canvas.
    ///
    /// The image keeps the pixels as they are when `draw` returns: a context kept past that point draws
    /// into a surface the image no longer shares.
    /// - Parameters:
    ///   - size: The size in pixels; fractional sizes are rounded up.
    ///   - draw: Draws the content. The context's origin is the top-left corner.
    /// - Throws: `FrameDrawError.invalidImageSize` for an empty, oversized or non-finite size,
    ///   `FrameDrawError.outOfMemory` when the pixels cannot be allocated, the error the context recorded
    ///   while drawing (`.drawingFailed` from Cairo, `.textLayoutFailed` from Pango), or whatever `draw` throws.
    public convenience init(size: CGSize, draw: (DrawingContext) throws -> Void) throws {
        let pixels = try Self.pixelSize(of: size, rounding: .up)
        let surface = try CairoSurface(width: pixels.width, height: pixels.height)
        try Self.drawInto(surface, draw)
        try self.init(surface: consume surface)
    }

    /// Returns the part of the image inside `rect`, or `nil` when `rect` does not overlap the image
    /// (or when memory for the copy cannot be allocated).
    ///
    /// The rectangle is in pixels from the top-left corner; it is clipped to the image and rounded
    /// outwards to whole pixels. The pixels are copied exactly.
    public func cropped(to rect: CGRect) -> Image? {
        let bounds = CGRect(origin: .zero, size: size)
        let clipped = rect.standardized.intersection(bounds)
        guard !clipped.isNull else { return nil }
        let minX = Int(clipped.minX.rounded(.down))
        let minY = Int(clipped.minY.rounded(.down))
        let maxX = Int(clipped.maxX.rounded(.up))
        let maxY = Int(clipped.maxY.rounded(.up))
        guard maxX > minX, maxY > minY, let result = try? CairoSurface(width: maxX - minX, height: maxY - minY) else {
            return nil
        }
        snapshot.withPixelBytes { source in
            result.withMutablePixelBytes { destination in
                guard let from = source.baseAddress, let to = destination.baseAddress else { return }
                for row in 0..<result.height {
                    (to + row * result.stride).copyMemory(
                        from: from + (minY + row) * snapshot.stride + minX * 4, byteCount: result.width * 4
                    )
                }
            }
        }
        return try? Image(surface: consume result)
    }

    /// Returns the image scaled to `size`, ignoring the aspect ratio (use `ContentFit.frame(for:in:)`
    /// to compute an aspect-preserving size).
    ///
    /// Edge pixels are extended rather than faded, so the result has no dark border.
    /// - Parameters:
    ///   - size: The new size in pixels; fractional sizes are rounded to the nearest pixel (at least 1).
    ///   - quality: `.high` uses Cairo's "good" filter, which averages all covered pixels when shrinking;
    ///     `.low` is bilinear; `.none` is nearest neighbour.
    /// - Throws: `FrameDrawError.invalidImageSize` for an empty, oversized or non-finite size,
    ///   `FrameDrawError.outOfMemory` when the pixels cannot be allocated, or `FrameDrawError.drawingFailed`
    ///   when Cairo reports an error.
    public func resized(to size: CGSize, quality: InterpolationQuality = .high) throws -> Image {
        let (width, height) = try Self.pixelSize(of: size, rounding: .toNearestOrAwayFromZero)
        let result = try CairoSurface(width: width, height: height)
        try Self.drawInto(result) { context in
            context.setInterpolationQuality(quality)
            context.draw(self, in: CGRect(x: 0, y: 0, width: width, height: height))
        }
        return try Image(surface: consume result)
    }

    /// Draws into `surface` with a context that is gone when this returns (unless `draw` keeps it), so
    /// the image made next can take the surface over without copying it.
    /// - Throws: Whatever `draw` throws, then the error the context recorded (`checkStatus()`).
    private static func drawInto(_ surface: CairoSurface, _ draw: (DrawingContext) throws -> Void) throws {
        let context = try DrawingContext(surface: surface)
        try draw(context)
        try context.checkStatus()
    }

    /// Whole pixels for `size`: each side rounded with `rule`, and at least 1.
    /// - Throws: `FrameDrawError.invalidImageSize` with the size as given when a side is not finite, not above 0,
    ///   or above 32767 pixels after rounding.
    private static func pixelSize(of size: CGSize, rounding rule: FloatingPointRoundingRule) throws -> (
        width: Int, height: Int
    ) {
        func side(_ value: Double) -> Int? {
            guard value.isFinite, value > 0 else { return nil }
            let rounded = max(1, value.rounded(rule))
            return rounded <= 32767 ? Int(rounded) : nil
        }
        guard let width = side(size.width), let height = side(size.height) else {
            throw FrameDrawError.invalidImageSize(width: size.width, height: size.height)
        }
        return (width, height)
    }
}
