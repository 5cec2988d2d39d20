import FrameDraw

/// One frame buffer of the pipeline: a Cairo ARGB32 surface with the drawing context over it, and
/// the yuv420p frame it is converted into. All three are reused for every frame in this slot.
final class FrameSlot: @unchecked Sendable {
    // Ownership passes from the caller's thread (drawing, conversion) to the encoder queue
    // (encoding) and back; the pipeline guarantees only one side uses a slot at a time.
    let surface: CairoSurface
    private(set) var context: DrawingContext
    let videoFrame: VideoFrame

    init(width: Int, height: Int) throws {
        surface = try CairoSurface(width: width, height: height)
        context = try DrawingContext(surface: surface)
        videoFrame = try VideoFrame(width: width, height: height)
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

    /// Checks the frame's drawing for Cairo errors, then converts the pixels to yuv420p.
    func complete(converter: FrameConverter) throws {
        try context.checkStatus()
        try surface.withPixelBytes { bytes in
            try converter.convert(bgra: bytes, stride: surface.stride, into: videoFrame)
        }
    }
}
