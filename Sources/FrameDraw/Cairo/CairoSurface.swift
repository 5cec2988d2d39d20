internal import CCairo
import Foundation
internal import LibAV

/// Owns one mutable Cairo ARGB32 image surface: premultiplied, native-endian (BGRA bytes on little-endian).
///
/// Pixels are laid out row by row with `stride` bytes per row, top row first. A surface is drawn into by a
/// `DrawingContext` and written through `withMutablePixelBytes`, so it is not `Sendable`: one owner uses it
/// at a time (a type that hands one between threads, such as MovieKitCore's frame slots, must guarantee
/// that). To share pixels between threads, freeze them into a `SurfaceSnapshot`, as `Image` does.
package final class CairoSurface {
    let pointer: OpaquePointer
    package let width: Int
    package let height: Int
    package let stride: Int

    /// Allocates a surface, zeroed (transparent black) unless `cleared` is `false`. Corresponds to `cairo_image_surface_create`, or to
    /// `cairo_image_surface_create_for_data` over a mapping of its own for surfaces of 1 MB or more.
    /// - Throws: `FrameDrawError.invalidImageSize` when a side is not 1...32767 pixels, or
    ///   `FrameDrawError.outOfMemory` when Cairo cannot allocate the pixels.
    /// - Parameter cleared: Whether the pixels start transparent; `false` only for a caller that
    ///   writes every pixel before reading any, which spares clearing a recycled mapping.
    package init(width: Int, height: Int, cleared: Bool = true) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw FrameDrawError.invalidImageSize(width: Double(width), height: Double(height))
        }
        let surface = mk_image_surface_create(
            Int32(width), Int32(height), MappedMemory.minimumByteCount, cleared ? 1 : 0)
        let status = surface.map { cairo_surface_status($0) } ?? CAIRO_STATUS_NO_MEMORY
        guard let surface, status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw FrameDrawError(
                cairoStatus: status,
                allocating:
                    "a \(width) × \(height)-pixel image (\(FrameDrawError.surfaceByteCount(width: width, height: height)))"
            )
        }
        pointer = surface
        self.width = width
        self.height = height
        stride = Int(cairo_image_surface_get_stride(surface))
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// Lends the pixel bytes for reading after flushing pending drawing.
    /// Corresponds to `cairo_surface_flush` followed by `cairo_image_surface_get_data`.
    package func withPixelBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(pointer)
        let data = cairo_image_surface_get_data(pointer)
        return try body(UnsafeRawBufferPointer(start: data, count: stride * height))
    }

    /// Lends the pixel bytes for writing, then marks the surface dirty.
    /// Corresponds to `cairo_surface_flush`, `cairo_image_surface_get_data` and `cairo_surface_mark_dirty`.
    package func withMutablePixelBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        cairo_surface_flush(pointer)
        defer { cairo_surface_mark_dirty(pointer) }
        let data = cairo_image_surface_get_data(pointer)
        return try body(UnsafeMutableRawBufferPointer(start: data, count: stride * height))
    }

    /// Copies every pixel from `other`, which must have the same size.
    package func copyPixels(from other: CairoSurface) {
        precondition(other.width == width && other.height == height, "copyPixels needs surfaces of one size.")
        other.withPixelBytes { source in
            withMutablePixelBytes { destination in
                destination.copyMemory(from: source)
            }
        }
    }

    /// Fills every pixel with one premultiplied ARGB32 value.
    package func fill(argb: UInt32) {
        withMutablePixelBytes { bytes in
            let rowPixels = stride / 4
            let pixels = bytes.bindMemory(to: UInt32.self)
            if argb == 0 {
                bytes.initializeMemory(as: UInt8.self, repeating: 0)
            } else {
                for i in 0..<(rowPixels * height) { pixels[i] = argb }
            }
        }
    }
}
