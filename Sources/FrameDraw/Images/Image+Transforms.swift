import Foundation

extension Image {
    /// Creates an image by drawing into a transparent canvas.
    ///
    /// - Parameters:
    ///   - size: The size in pixels; fractional sizes are rounded up.
    ///   - draw: Draws the content. The context's origin is the top-left corner.
    /// - Throws: `FrameDrawError.invalidImageSize` for an empty or oversized canvas,
    ///   `FrameDrawError.drawingFailed` when Cairo reports an error, or whatever `draw` throws.
    public convenience init(size: CGSize, draw: (DrawingContext) throws -> Void) throws {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
              size.width <= 32767, size.height <= 32767
        else {
            throw FrameDrawError.invalidImageSize(
                width: size.width.isFinite ? Int(size.width.rounded(.up)) : 0,
                height: size.height.isFinite ? Int(size.height.rounded(.up)) : 0
            )
        }
        let surface = try CairoSurface(width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up)))
        let context = try DrawingContext(surface: surface)
        try draw(context)
        try context.checkStatus()
        self.init(surface: surface)
    }

    /// Returns the part of the image inside `rect`, or `nil` when `rect` does not overlap the image.
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
        surface.withPixelBytes { source in
            result.withMutablePixelBytes { destination in
                guard let from = source.baseAddress, let to = destination.baseAddress else { return }
                for row in 0..<result.height {
                    (to + row * result.stride).copyMemory(
                        from: from + (minY + row) * surface.stride + minX * 4, byteCount: result.width * 4
                    )
                }
            }
        }
        return Image(surface: result)
    }

    /// Returns the image scaled to `size`, ignoring the aspect ratio (use `ContentMode.frame(for:in:)`
    /// to compute an aspect-preserving size).
    ///
    /// Edge pixels are extended rather than faded, so the result has no dark border.
    /// - Parameters:
    ///   - size: The new size in pixels; fractional sizes are rounded to the nearest pixel (at least 1).
    ///   - quality: `.high` uses Cairo's "good" filter, which averages all covered pixels when shrinking;
    ///     `.low` is bilinear; `.none` is nearest neighbour.
    /// - Throws: `FrameDrawError.invalidImageSize` for an empty or oversized size, or
    ///   `FrameDrawError.drawingFailed` when Cairo reports an error.
    public func resized(to size: CGSize, quality: InterpolationQuality = .high) throws -> Image {
        guard size.width.isFinite, size.height.isFinite else {
            throw FrameDrawError.invalidImageSize(width: 0, height: 0)
        }
        let width = max(1, Int(size.width.rounded()))
        let height = max(1, Int(size.height.rounded()))
        guard size.width > 0, size.height > 0 else { throw FrameDrawError.invalidImageSize(width: width, height: height) }
        let result = try CairoSurface(width: width, height: height)
        let context = try DrawingContext(surface: result)
        context.setInterpolationQuality(quality)
        context.draw(self, in: CGRect(x: 0, y: 0, width: width, height: height))
        try context.checkStatus()
        return Image(surface: result)
    }
}
