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
    /// The converted picture. The pipeline trades it for a spare picture when the frame is
    /// submitted, so the slot can draw again while the picture waits for the encoder.
    private(set) var videoFrame: Frame
    private let converter: Scaler
    /// The decoded picture under this frame's drawing, when a clip fills the frame with one.
    let backdrop: FrameBackdrop
    /// Converters of bands of rows drawn over a backdrop, by band height (see `FrameBackdrop.take`).
    private var bandConverters: [Int: Scaler] = [:]
    private let format: PixelFormat

    /// The colour every frame starts from: opaque black, or fully transparent with alpha.
    private let clearColor: UInt32

    /// Creates a slot whose frames are converted to `format`; with `alpha`, frames start
    /// transparent and Cairo's premultiplied colours are divided by alpha for the encoder.
    init(width: Int, height: Int, format: PixelFormat, alpha: Bool) throws {
        surface = try CairoSurface(width: width, height: height)
        context = try DrawingContext(surface: surface)
        clearColor = alpha ? 0 : 0xFF00_0000
        backdrop = FrameBackdrop(surface: surface, format: format, alpha: alpha)
        self.format = format
        do {
            videoFrame = try Frame(width: width, height: height, format: format)
            converter = try Scaler(bgraWidth: width, height: height, to: format, unpremultiplying: alpha)
        } catch let error as LibAVError {
            throw MovieKitError(writing: "a \(width)x\(height) frame buffer", encoder: format.rawValue, error)
        }
    }

    /// Prepares the slot for a new frame: a fresh drawing state and, unless the previous frame's
    /// pixels are kept, opaque black (or transparent, for movies with alpha).
    /// With `clearing` false and no previous frame, the pixels are left as they are, for drawings
    /// that set every pixel themselves.
    func prepare(keeping previous: FrameSlot?, clearing: Bool = true) throws {
        backdrop.forget()
        do {
            try context.checkStatus()
            context.reset()
        } catch {
            // A Cairo error is sticky on its context; start over with a new one.
            context = try DrawingContext(surface: surface)
        }
        if let previous {
            if previous !== self { surface.copyPixels(from: previous.surface) }
        } else if clearing {
            surface.fill(argb: clearColor)
        }
    }

    /// A picture for the encoder, of `format` at `width` x `height`.
    static func picture(width: Int, height: Int, format: PixelFormat) throws -> Frame {
        do {
            return try Frame(width: width, height: height, format: format)
        } catch let error as LibAVError {
            throw MovieKitError(writing: "a \(width)x\(height) frame buffer", encoder: format.rawValue, error)
        }
    }

    /// Hands the converted picture out and takes `spare` to convert the next frame into.
    func tradePicture(for spare: Frame) -> Frame {
        let picture = videoFrame
        videoFrame = spare
        return picture
    }

    /// Checks the frame's drawing for Cairo errors, then converts the pixels to yuv420p: all of them,
    /// or, over a backdrop, the rows drawn over it, the others copied from its picture.
    func complete() throws {
        try context.checkStatus()
        do {
            if let (picture, bands) = try backdrop.take() {
                try videoFrame.copyPixels(from: picture)
                try surface.withPixelBytes { bytes in
                    for band in bands {
                        let rows = band.converted
                        try bandConverter(height: rows.count).convert(
                            bgra: UnsafeRawBufferPointer(rebasing: bytes[(rows.lowerBound * surface.stride)...]),
                            stride: surface.stride, into: videoFrame, atRow: rows.lowerBound)
                        for edge in band.restored { try videoFrame.copyRows(edge, from: picture) }
                    }
                }
                return
            }
            try surface.withPixelBytes { bytes in
                try converter.convert(bgra: bytes, stride: surface.stride, into: videoFrame)
            }
        } catch let error as LibAVError {
            throw MovieKitError(writing: "a frame", encoder: "swscale", error)
        }
    }

    /// The converter of bands `height` rows high, made when first needed.
    private func bandConverter(height: Int) throws -> Scaler {
        if let converter = bandConverters[height] { return converter }
        let converter = try Scaler(bgraWidth: surface.width, height: height, to: format)
        bandConverters[height] = converter
        return converter
    }
}
