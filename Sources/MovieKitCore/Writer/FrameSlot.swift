import FrameDraw

/// One frame buffer of the pipeline: a Cairo ARGB32 surface and the drawing context over it,
/// both reused for every frame drawn into this slot.
final class FrameSlot: @unchecked Sendable {
    // Ownership passes between the caller's thread (drawing) and the encoder queue (conversion);
    // the pipeline's semaphore guarantees only one side uses a slot at a time.
    let surface: CairoSurface
    private(set) var context: DrawingContext

    init(width: Int, height: Int) throws {
        surface = try CairoSurface(width: width, height: height)
        context = try DrawingContext(surface: surface)
    }

    /// Prepares the slot for a new frame: a fresh drawing state and, unless the previous frame's
    /// pixels are kept, opaque black.
    func prepare(keeping previous: FrameSlot?) throws {
        do {
            try context.checkStatus()
            context.reset()
        } catch {
            // A Cairo error is sticky on its context; start over with a new one.
            context = try DrawingContext(surface: surface)
        }
        if let previous {
            if previous !== self { surface.copyPixels(from: previous.surface) }
        } else {
            surface.fill(argb: 0xFF00_0000)
        }
    }

    /// Checks the frame's drawing for Cairo errors and flushes it so another thread can read the pixels.
    func complete() throws {
        try context.checkStatus()
        surface.flush()
    }
}
