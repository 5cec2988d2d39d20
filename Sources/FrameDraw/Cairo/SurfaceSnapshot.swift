internal import CCairo
import Foundation

/// A Cairo ARGB32 image surface whose pixels never change again: flushed once when it is made, and never
/// drawn into or written after. `Image` keeps one, which is what lets images be shared between threads.
///
/// It is made from a `CairoSurface` (the mutable kind a `DrawingContext` draws into). When nothing else
/// references that surface, the snapshot takes it over without copying; otherwise it copies the pixels,
/// so later drawing through another reference cannot reach them.
package final class SurfaceSnapshot: @unchecked Sendable {
    // Why `@unchecked Sendable` holds: `storage` is referenced by this object alone (`init` checked that
    // no Swift or Cairo reference to it remained, or made a copy), it was flushed in `init`, and nothing
    // here writes to it, makes it a drawing target, or flushes it again, so every thread sees the same
    // finished pixels. Drawing it as a source only reads it: Cairo's reference counts are atomic, and
    // cairo 1.16 wraps the pixels in a new pixman image for each use (it shares the surface's own pixman
    // image only when pixman has atomic reference counts, which pixman 0.42 does not).
    private let storage: CairoSurface

    /// The width in pixels.
    package var width: Int { storage.width }
    /// The height in pixels.
    package var height: Int { storage.height }
    /// The bytes per row.
    package var stride: Int { storage.stride }
    /// The Cairo surface, only ever to be used as a source (`cairo_set_source_surface`) or read.
    var pointer: OpaquePointer { storage.pointer }

    /// Freezes `surface`'s pixels as they are now.
    ///
    /// Pass the surface with `consume` (or as a temporary) and after the context that drew into it is gone,
    /// so the snapshot can take it over; if anything still references it, the pixels are copied instead.
    /// Corresponds to `cairo_surface_flush`.
    /// - Throws: `FrameDrawError.outOfMemory` when a copy is needed and cannot be allocated.
    package init(freezing surface: consuming CairoSurface) throws {
        if isKnownUniquelyReferenced(&surface), cairo_surface_get_reference_count(surface.pointer) == 1 {
            storage = surface
        } else {
            let copy = try CairoSurface(width: surface.width, height: surface.height)
            copy.copyPixels(from: surface)
            storage = copy
        }
        cairo_surface_flush(storage.pointer)
    }

    /// Lends the pixel bytes for reading. No flush is needed: the pixels were flushed when the snapshot
    /// was made. Corresponds to `cairo_image_surface_get_data`.
    package func withPixelBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: cairo_image_surface_get_data(storage.pointer), count: stride * height))
    }

    /// Returns a new mutable surface holding a copy of the pixels.
    /// - Throws: `FrameDrawError.outOfMemory` when the copy cannot be allocated.
    package func mutableCopy() throws -> CairoSurface {
        let copy = try CairoSurface(width: width, height: height)
        withPixelBytes { source in
            copy.withMutablePixelBytes { destination in destination.copyMemory(from: source) }
        }
        return copy
    }
}
