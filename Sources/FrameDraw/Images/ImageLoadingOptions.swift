import Foundation

/// How `Image(contentsOf:options:)` loads an image file: the largest picture it accepts, and the
/// largest size it keeps.
///
/// ```swift
/// let photo = try Image(contentsOf: url, options: ImageLoadingOptions(maxPixelSize: 2048))
/// let scan = try Image(contentsOf: url, options: ImageLoadingOptions(maximumPixelCount: 400_000_000, maxPixelSize: 4096))
/// ```
public struct ImageLoadingOptions: Sendable, Hashable {
    /// The default `maximumPixelCount`: 100 megapixels, above any phone or consumer camera photo.
    public static let defaultMaximumPixelCount = 100_000_000

    /// The most pixels (width × height, as the file's header declares them) a file may hold. Larger
    /// pictures are refused with `FrameDrawError.imageExceedsPixelLimit` before anything is decoded,
    /// so a small file that claims an enormous picture (a decompression bomb) cannot make the loader
    /// allocate gigabytes. The check applies whatever `maxPixelSize` is.
    public var maximumPixelCount: Int

    /// When set, the image is scaled down while loading so that its longest side is at most this many
    /// pixels, keeping the aspect ratio. Smaller images are never enlarged.
    ///
    /// How much memory the full-size picture takes on the way depends on the format:
    /// - JPEG is decoded at 1/2, 1/4 or 1/8 of its size in the DCT domain (libavcodec's `lowres`)
    ///   whenever that is still at least the target size, then scaled to the exact size with Lanczos:
    ///   a 24-megapixel photo loaded with `maxPixelSize: 1280` is never decoded at full size.
    /// - Other opaque pictures (WebP, BMP, TIFF, GIF, PNG without alpha) are decoded at full size by
    ///   libavcodec, which has no reduced-resolution decoding for them, then scaled by swscale
    ///   straight into the result, so the full-size picture exists once, in the decoder's format.
    /// - Pictures with alpha or a palette, and HEIC/AVIF, are also converted to premultiplied ARGB at
    ///   full size (4 bytes per pixel) before Cairo scales them down.
    public var maxPixelSize: Int?

    /// Whether JPEGs may be decoded at reduced resolution when `maxPixelSize` allows it. Only tests and
    /// measurements turn it off, to compare against the full-size decode.
    package var decodesJPEGAtReducedResolution = true

    /// Creates loading options.
    /// - Parameters:
    ///   - maximumPixelCount: The most pixels a file may declare; at least 1.
    ///   - maxPixelSize: The longest side of the loaded image, or `nil` for the file's own size; at least 1.
    public init(maximumPixelCount: Int = ImageLoadingOptions.defaultMaximumPixelCount, maxPixelSize: Int? = nil) {
        precondition(maximumPixelCount > 0, "maximumPixelCount must be at least 1.")
        precondition(maxPixelSize.map { $0 > 0 } ?? true, "maxPixelSize must be at least 1.")
        self.maximumPixelCount = maximumPixelCount
        self.maxPixelSize = maxPixelSize
    }

    /// Refuses a picture of `width` × `height` pixels when it exceeds `maximumPixelCount`.
    /// - Throws: `FrameDrawError.imageExceedsPixelLimit` naming `path`.
    func checkPixelCount(path: String, width: Int, height: Int) throws {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard overflow || pixels > maximumPixelCount else { return }
        throw FrameDrawError.imageExceedsPixelLimit(path: path, width: width, height: height, limit: maximumPixelCount)
    }
}
