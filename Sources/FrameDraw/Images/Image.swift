import Foundation

/// An immutable bitmap of premultiplied ARGB32 pixels (Cairo's native format).
///
/// Images are cheap to share between threads and frames: drawing one never copies its pixels, and
/// nothing changes them once the image exists.
public final class Image: Sendable {
    /// The pixels, frozen when the image was made.
    package let snapshot: SurfaceSnapshot

    /// The width in pixels.
    public var width: Int { snapshot.width }
    /// The height in pixels.
    public var height: Int { snapshot.height }
    /// The size in pixels.
    public var size: CGSize { CGSize(width: width, height: height) }

    package init(snapshot: SurfaceSnapshot) {
        self.snapshot = snapshot
    }

    /// Creates an image from the pixels of `surface`, frozen as they are now (see `SurfaceSnapshot`).
    /// - Throws: `FrameDrawError.outOfMemory` when the pixels must be copied and cannot be.
    package convenience init(surface: consuming CairoSurface) throws {
        self.init(snapshot: try SurfaceSnapshot(freezing: consume surface))
    }

    /// A new mutable surface holding a copy of the pixels. It is kept under this name for the image decoder
    /// (`ImageFileDecoder`), which returns a `CairoSurface`; new code uses `snapshot`.
    /// - Throws: `FrameDrawError.outOfMemory` when the copy cannot be allocated.
    package var surface: CairoSurface {
        get throws { try snapshot.mutableCopy() }
    }

    /// Creates an image from premultiplied ARGB32 pixels, row by row from the top-left.
    ///
    /// Each `UInt32` is `0xAARRGGBB` with the colour channels already multiplied by alpha.
    /// - Throws: `FrameDrawError.invalidImageSize` when a side is not 1...32767, `.pixelCountMismatch` when
    ///   `pixels` does not hold `width * height` values, or `.outOfMemory` when the pixels cannot be allocated.
    public convenience init(width: Int, height: Int, pixels: [UInt32]) throws {
        let surface = try CairoSurface(width: width, height: height)
        guard pixels.count == width * height else {
            throw FrameDrawError.pixelCountMismatch(expected: width * height, actual: pixels.count)
        }
        surface.withMutablePixelBytes { bytes in
            pixels.withUnsafeBytes { source in
                for row in 0..<height {
                    let from = source.baseAddress.map { $0 + row * width * 4 }
                    let to = bytes.baseAddress.map { $0 + row * surface.stride }
                    if let from, let to { to.copyMemory(from: from, byteCount: width * 4) }
                }
            }
        }
        try self.init(surface: consume surface)
    }

    /// The colour at a pixel, un-premultiplied. Coordinates outside the image give `.clear`.
    public func pixel(atX x: Int, y: Int) -> Color {
        guard x >= 0, y >= 0, x < width, y < height else { return .clear }
        let argb = snapshot.withPixelBytes { bytes in
            bytes.load(fromByteOffset: y * snapshot.stride + x * 4, as: UInt32.self)
        }
        return Color(premultipliedARGB: argb)
    }
}

extension Color {
    /// Converts a premultiplied Cairo ARGB32 pixel to a straight-alpha colour.
    init(premultipliedARGB argb: UInt32) {
        let a = Double(argb >> 24) / 255
        let r = Double((argb >> 16) & 0xFF) / 255
        let g = Double((argb >> 8) & 0xFF) / 255
        let b = Double(argb & 0xFF) / 255
        if a == 0 {
            self.init(red: 0, green: 0, blue: 0, alpha: 0)
        } else {
            self.init(red: min(r / a, 1), green: min(g / a, 1), blue: min(b / a, 1), alpha: a)
        }
    }
}
