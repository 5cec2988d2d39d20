import Foundation

extension Image {
    /// Creates an image whose pixels `fill` writes: Cairo's premultiplied ARGB32, which is BGRA bytes on
    /// little-endian machines, `stride` bytes per row. For pictures that arrive as BGRA, such as video
    /// frames or libass's subtitles, written straight into the image's memory without an intermediate copy.
    /// - Parameters:
    ///   - width: The width in pixels.
    ///   - height: The height in pixels.
    ///   - fill: Writes every pixel (the memory may hold an earlier picture's pixels), colours at most alpha.
    /// - Throws: `FrameDrawError.invalidImageSize`, `.outOfMemory`, or `fill`'s error.
    package static func filling(
        width: Int, height: Int, _ fill: (_ bytes: UnsafeMutableRawPointer, _ stride: Int) throws -> Void
    ) throws -> Image {
        // `fill` writes every pixel, so a recycled mapping need not be cleared first.
        let surface = try CairoSurface(width: width, height: height, cleared: false)
        try surface.withMutablePixelBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            try fill(base, surface.stride)
        }
        return try Image(surface: consume surface)
    }
}
