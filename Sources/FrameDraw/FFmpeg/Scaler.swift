internal import CFFmpeg
import Foundation

/// Owns one `SwsContext` that converts decoded pictures of one format and size to BGRA at a target size.
///
/// BGRA is Cairo's ARGB32 byte order on little-endian machines; the straight alpha libav produces
/// is premultiplied while the rows are copied into the Cairo surface.
final class Scaler {
    let context: OpaquePointer
    let path: String
    let destinationWidth: Int
    let destinationHeight: Int
    /// True when the source format has no alpha, so the converted rows can be copied as they are.
    let isOpaque: Bool

    /// Creates a converter from `frame`'s format and size to BGRA at `width` x `height`.
    /// Downscaling uses a Lanczos filter; conversion at the same size uses full-resolution chroma.
    /// Corresponds to `sws_getContext` and `sws_setColorspaceDetails`.
    /// - Throws: `FrameDrawError.unreadableImage` when swscale cannot convert the decoded format.
    init(from frame: FrameBuffer, toWidth width: Int, height: Int, path: String) throws {
        self.path = path
        destinationWidth = width
        destinationHeight = height
        let alphaOrPalette = UInt64(AV_PIX_FMT_FLAG_ALPHA) | UInt64(AV_PIX_FMT_FLAG_PAL)
        isOpaque = av_pix_fmt_desc_get(frame.pixelFormat).map { $0.pointee.flags & alphaOrPalette == 0 } ?? false
        let scales = width != frame.width || height != frame.height
        let flags = (scales ? SWS_LANCZOS : SWS_BICUBIC) | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT
        guard let context = sws_getContext(
            Int32(frame.width), Int32(frame.height), frame.pixelFormat,
            Int32(width), Int32(height), AV_PIX_FMT_BGRA,
            flags, nil, nil, nil
        ) else {
            let formatName = av_get_pix_fmt_name(frame.pixelFormat).map { String(cString: $0) } ?? "unknown"
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "The decoded pixel format \(formatName) cannot be converted to RGB; convert the image to 8-bit RGB PNG."
            )
        }
        self.context = context
        applyColorDetails(of: frame)
    }

    deinit {
        sws_freeContext(context)
    }

    /// Tells swscale the YUV matrix and range the decoder reported. Formats swscale already knows
    /// (the full-range `yuvj` formats, grey, RGB) keep swscale's own settings.
    private func applyColorDetails(of frame: FrameBuffer) {
        guard let descriptor = av_pix_fmt_desc_get(frame.pixelFormat),
              descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0,
              descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0,
              descriptor.pointee.nb_components >= 3
        else { return }
        let fullRange = frame.pointer.pointee.color_range == AVCOL_RANGE_JPEG
        let matrix: Int32 = switch frame.pointer.pointee.colorspace {
        case AVCOL_SPC_BT709: SWS_CS_ITU709
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: SWS_CS_BT2020
        default: SWS_CS_DEFAULT
        }
        guard fullRange || matrix != SWS_CS_DEFAULT else { return }
        var inverseTable: UnsafeMutablePointer<Int32>?
        var table: UnsafeMutablePointer<Int32>?
        var sourceRange: Int32 = 0
        var destinationRange: Int32 = 0
        var brightness: Int32 = 0
        var contrast: Int32 = 0
        var saturation: Int32 = 0
        guard sws_getColorspaceDetails(
            context, &inverseTable, &sourceRange, &table, &destinationRange, &brightness, &contrast, &saturation
        ) >= 0 else { return }
        let coefficients = sws_getCoefficients(matrix)
        _ = sws_setColorspaceDetails(
            context, coefficients, fullRange ? 1 : sourceRange, table, destinationRange, brightness, contrast, saturation
        )
    }

    /// Converts `frame` and copies it, premultiplied, into a new surface of the destination size.
    /// Corresponds to `sws_scale_frame`.
    /// - Throws: `FrameDrawError.unreadableImage` when the conversion fails.
    func surface(converting frame: FrameBuffer) throws -> CairoSurface {
        let converted = try FrameBuffer(path: path)
        converted.pointer.pointee.width = Int32(destinationWidth)
        converted.pointer.pointee.height = Int32(destinationHeight)
        converted.pointer.pointee.format = AV_PIX_FMT_BGRA.rawValue
        var status = av_frame_get_buffer(converted.pointer, 0)
        if status >= 0 { status = sws_scale_frame(context, converted.pointer, frame.pointer) }
        guard status >= 0 else {
            throw FrameDrawError.unreadableImage(
                path: path, reason: "Converting the decoded picture to RGB failed (\(libavErrorText(status))); convert the image to PNG."
            )
        }
        let surface = try CairoSurface(width: destinationWidth, height: destinationHeight)
        guard let source = converted.pointer.pointee.data.0 else {
            throw FrameDrawError.unreadableImage(path: path, reason: "swscale produced no pixels; convert the image to PNG.")
        }
        let sourceStride = Int(converted.pointer.pointee.linesize.0)
        if isOpaque {
            // swscale writes alpha 255 for formats without alpha: the rows are already premultiplied.
            surface.withMutablePixelBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                for row in 0..<destinationHeight {
                    (base + row * surface.stride).copyMemory(from: source + row * sourceStride, byteCount: destinationWidth * 4)
                }
            }
        } else {
            Self.copyPremultiplied(
                from: source, sourceStride: sourceStride, into: surface, width: destinationWidth, height: destinationHeight
            )
        }
        return surface
    }

    /// Copies straight-alpha BGRA rows into the surface, multiplying each colour by its alpha
    /// with correct rounding (`x * a / 255`).
    private static func copyPremultiplied(
        from source: UnsafeMutablePointer<UInt8>, sourceStride: Int, into surface: CairoSurface, width: Int, height: Int
    ) {
        surface.withMutablePixelBytes { bytes in
            guard let destinationBase = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            for row in 0..<height {
                let from = source + row * sourceStride
                let to = destinationBase + row * surface.stride
                for offset in stride(from: 0, to: width * 4, by: 4) {
                    let alpha = UInt32(from[offset + 3])
                    if alpha == 255 {
                        to[offset] = from[offset]
                        to[offset + 1] = from[offset + 1]
                        to[offset + 2] = from[offset + 2]
                        to[offset + 3] = 255
                    } else {
                        to[offset] = premultiply(from[offset], alpha)
                        to[offset + 1] = premultiply(from[offset + 1], alpha)
                        to[offset + 2] = premultiply(from[offset + 2], alpha)
                        to[offset + 3] = UInt8(truncatingIfNeeded: alpha)
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func premultiply(_ channel: UInt8, _ alpha: UInt32) -> UInt8 {
        let product = UInt32(channel) * alpha + 128
        return UInt8(truncatingIfNeeded: (product + (product >> 8)) >> 8)
    }
}
