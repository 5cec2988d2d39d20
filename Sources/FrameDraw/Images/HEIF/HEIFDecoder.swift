import Foundation
internal import LibAV

/// Decodes the primary picture of a HEIF (HEIC) or AVIF file with libheif into a premultiplied Cairo
/// surface, after checking its size against the loading options.
///
/// Orientation: libheif applies the file's own rotation and mirroring (`irot`, `imir`) while decoding.
/// HEIF readers must ignore an EXIF orientation tag in these files (MIAF, ISO/IEC 23000-22, 7.3.6.7):
/// writers keep it only as a record of the camera's orientation, already expressed by `irot`/`imir`.
/// So nothing else is applied here, and the picture is never turned twice.
///
/// Memory: libheif has no reduced-resolution decoding, so the picture is decoded at full size as RGB(A),
/// copied into a full-size premultiplied surface, released, and only then scaled down by Cairo when
/// `maxPixelSize` asks for it. A 12-megapixel (4032 × 3024) HEIC peaks at about 125–145 MB above the
/// process's own footprint on the way (libheif's YUV picture and decoder state, the RGB copy, the
/// full-size surface).
enum HEIFDecoder {
    /// Reads the file's header, refuses a picture larger than `options` allows, and decodes it.
    /// - Parameter data: The file's bytes, to decode them rather than the file at `path` (which then
    ///   only names the picture in errors).
    /// - Throws: `FrameDrawError.imageExceedsPixelLimit` (checked before decoding), `.imageTooLarge` when a
    ///   side exceeds what a FrameDraw image can hold, `.unreadableImage` with libheif's reason, or `.outOfMemory`.
    static func decode(path: String, data: Data? = nil, format: ImageFileFormat, options: ImageLoadingOptions)
        throws -> CairoSurface
    {
        let file =
            try data.map { try HEIFFile(data: $0, name: path, format: format) } ?? HEIFFile(path: path, format: format)
        let handle = try file.primaryImage()
        guard handle.width > 0, handle.height > 0 else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason:
                    "The \(format.displayName) file gives its picture no size; it is damaged. Export or download it again."
            )
        }
        guard handle.width <= ImageFileDecoder.maximumSide, handle.height <= ImageFileDecoder.maximumSide else {
            throw FrameDrawError.imageTooLarge(
                path: path, width: handle.width, height: handle.height,
                limit: "the \(ImageFileDecoder.maximumSide) pixels per side a FrameDraw image can hold")
        }
        try options.checkPixelCount(path: path, width: handle.width, height: handle.height)
        let fullSize = try surface(from: handle.decode(), premultiplied: handle.isPremultipliedAlpha)
        let target = ImageFileFormat.fittedSize(
            width: fullSize.width, height: fullSize.height, maxPixelSize: options.maxPixelSize)
        guard target.width != fullSize.width || target.height != fullSize.height else { return fullSize }
        return try Image(surface: consume fullSize).resized(
            to: CGSize(width: target.width, height: target.height), quality: .high
        ).surface
    }

    /// Copies libheif's RGB or RGBA rows into a new Cairo surface (BGRA bytes, premultiplied).
    private static func surface(from picture: HEIFPicture, premultiplied: Bool) throws -> CairoSurface {
        let width = picture.width
        let height = picture.height
        let bytesPerPixel = picture.bytesPerPixel
        let surface = try CairoSurface(width: width, height: height)
        try picture.withPixels { source, sourceStride in
            surface.withMutablePixelBytes { bytes in
                guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                for row in 0..<height {
                    let from = source + row * sourceStride
                    let to = base + row * surface.stride
                    for x in 0..<width {
                        let i = x * bytesPerPixel
                        let o = x * 4
                        let alpha = bytesPerPixel == 4 ? UInt32(from[i + 3]) : 255
                        if alpha == 255 {
                            to[o] = from[i + 2]
                            to[o + 1] = from[i + 1]
                            to[o + 2] = from[i]
                        } else if premultiplied {
                            // Lossy coding can leave a colour above its alpha; Cairo needs colour ≤ alpha.
                            let limit = UInt8(truncatingIfNeeded: alpha)
                            to[o] = min(from[i + 2], limit)
                            to[o + 1] = min(from[i + 1], limit)
                            to[o + 2] = min(from[i], limit)
                        } else {
                            to[o] = Premultiplied.channel(from[i + 2], alpha)
                            to[o + 1] = Premultiplied.channel(from[i + 1], alpha)
                            to[o + 2] = Premultiplied.channel(from[i], alpha)
                        }
                        to[o + 3] = UInt8(truncatingIfNeeded: alpha)
                    }
                }
            }
        }
        return surface
    }
}
