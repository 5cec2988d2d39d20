import FrameDraw
internal import LibAV

/// One frame buffer of the pipeline: a Cairo ARGB32 surface with the drawing context over it,
/// the yuv420p frame it is converted into, and the converter that does it. All are reused for
/// every frame drawn in this slot.
final class FrameSlot: @unchecked Sendable {
    // Ownership passes from the drawing thread (drawing, conversion) to the encoder queue
    // (encoding) and back; EncodingPipeline hands a slot to one side at a time, under its lock.
    let surface: CairoSurface
    private(set) var context: DrawingContext
    let videoFrame: Frame
    private let converter: Scaler

    init(width: Int, height: Int) throws {
        surface = try CairoSurface(width: width, height: height)
        context = try DrawingContext(surface: surface)
        do {
            videoFrame = try Frame(width: width, height: height, format: .yuv420p)
            converter = try Scaler(bgraWidth: width, height: height)
        } catch let error as LibAVError {
            throw MovieKitError(writing: "a \(width)x\(height) frame buffer", encoder: MovieSettings.encoderName, error)
        }
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
    func complete() throws {
        try context.checkStatus()
        do {
            try surface.withPixelBytes { bytes in
                try converter.convert(bgra: bytes, stride: surface.stride, into: videoFrame)
            }
        } catch let error as LibAVError {
            throw MovieKitError(writing: "a frame", encoder: MovieSettings.encoderName, error)
        }
    }
}
