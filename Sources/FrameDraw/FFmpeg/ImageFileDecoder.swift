internal import CFFmpeg
import Foundation

/// Decodes the first picture of an image file through libavformat, libavcodec and libswscale
/// into a premultiplied Cairo surface, optionally scaled down while converting.
enum ImageFileDecoder {
    /// Decodes `path`, whose format was recognised from its first bytes.
    ///
    /// Opaque pictures are scaled by swscale straight from the decoded frame, so a large photo never
    /// exists as full-size ARGB. Pictures with alpha are converted at full size and premultiplied
    /// first, then scaled by Cairo, so transparent pixels cannot darken the edges.
    /// - Parameters:
    ///   - path: The file to decode.
    ///   - format: The format recognised from the file's signature; picks the demuxer.
    ///   - maxPixelSize: When set, the longest side of the result is at most this many pixels.
    /// - Throws: `FrameDrawError.unreadableImage` naming the file and what went wrong.
    static func decode(path: String, format: ImageFileFormat, maxPixelSize: Int?) throws -> CairoSurface {
        let input = try FormatInput(path: path, demuxerName: format.demuxerName)
        let stream = try input.pictureStream()
        let decoder = try ImageDecoder(parameters: stream.parameters, path: path)
        let frame = try decoder.decodeFirstFrame(from: input, streamIndex: stream.index)
        guard frame.width > 0, frame.height > 0 else {
            throw FrameDrawError.unreadableImage(path: path, reason: "The decoded picture has no pixels; export the file again.")
        }
        let target = ImageFileFormat.fittedSize(width: frame.width, height: frame.height, maxPixelSize: maxPixelSize)
        guard target.width <= 32767, target.height <= 32767 else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "The picture is \(frame.width)x\(frame.height) pixels, more than the 32767-pixel limit per side; pass maxPixelSize to load it scaled down."
            )
        }
        let scales = target.width != frame.width || target.height != frame.height
        if scales && hasAlpha(frame.pixelFormat) {
            let fullSize = try Scaler(from: frame, toWidth: frame.width, height: frame.height, path: path)
                .surface(converting: frame)
            let size = CGSize(width: target.width, height: target.height)
            return try Image(surface: fullSize).resized(to: size, quality: .high).surface
        }
        return try Scaler(from: frame, toWidth: target.width, height: target.height, path: path).surface(converting: frame)
    }

    private static func hasAlpha(_ format: AVPixelFormat) -> Bool {
        guard let descriptor = av_pix_fmt_desc_get(format) else { return false }
        return descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0
    }
}
