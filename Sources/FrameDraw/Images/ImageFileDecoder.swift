import Foundation
internal import LibAV

/// Decodes the first picture of an image file through the LibAV layer into a premultiplied
/// Cairo surface, optionally scaled down while converting.
enum ImageFileDecoder {
    /// The largest side a decoded image may have: Cairo's limit for an image surface.
    static let maximumSide = 32767

    /// The most a JPEG is reduced while decoding: libavcodec's `lowres` goes to 3, an eighth of each side.
    static let maximumReductionLevel = 3

    /// Decodes `path`, whose format was recognised from its first bytes and whose size was read from its header.
    ///
    /// - JPEG: when `maxPixelSize` is set, the largest `lowres` level (1/2, 1/4 or 1/8 of each side,
    ///   computed in the DCT domain) whose picture is still at least the target size is decoded, then
    ///   swscale's Lanczos filter makes the exact target size. The full-size picture never exists.
    /// - Other opaque pictures are scaled by swscale straight from the decoded frame, so a large photo never
    ///   exists as full-size ARGB (it does exist at full size in the decoder's own format).
    /// - Pictures with alpha or a palette are converted at full size and premultiplied first, then scaled
    ///   by Cairo, so transparent pixels cannot darken the edges.
    /// - PNG is decoded with checksum checking on: a chunk whose CRC does not match is an error.
    /// - Parameters:
    ///   - path: The file to decode.
    ///   - data: The file's bytes, for reporting the damaged chunk of a refused PNG.
    ///   - wholeFile: The same bytes in a mapping of their own, when the file was read into one: they are
    ///     sent to the decoder as one packet, so no copy of the file passes through malloc (not for GIF,
    ///     whose demuxer splits the file into pictures).
    ///   - format: The format recognised from the file's signature; picks the demuxer.
    ///   - storedSize: The width and height the header declares (before EXIF orientation).
    ///   - options: `maxPixelSize` bounds the longest side of the result.
    ///   - inMemory: Whether the demuxer reads `data` rather than the file at `path` (which then only
    ///     names the picture in errors).
    /// - Throws: `FrameDrawError.unreadableImage`, `.imageTooLarge` or `.outOfMemory`, naming the file.
    static func decode(
        path: String, data: Data, wholeFile: FileCopy? = nil, format: ImageFileFormat,
        storedSize: (width: Int, height: Int),
        options: ImageLoadingOptions, inMemory: Bool = false
    ) throws -> CairoSurface {
        let reduction =
            format == .jpeg && options.decodesJPEGAtReducedResolution
            ? reductionLevel(for: storedSize, fittingInto: options.maxPixelSize) : 0
        var codecOptions: [CodecOption] = []
        if reduction > 0 { codecOptions.append(CodecOption("lowres", String(reduction))) }
        if format == .png { codecOptions.append(CodecOption("err_detect", "+crccheck+explode")) }
        do {
            let input =
                inMemory
                ? try FormatInput(data: data, name: path, demuxerName: format.demuxerName)
                : try FormatInput(path: path, demuxerName: format.demuxerName)
            let decoder = try Decoder(
                input: input, streamIndex: try input.bestStream(.video), options: codecOptions, mapsPictures: true)
            let frame = try decoder.decodeFirstPicture(wholeFile: format == .gif ? nil : wholeFile)
            guard frame.width > 0, frame.height > 0 else {
                throw FrameDrawError.unreadableImage(
                    path: path, reason: "The decoded picture has no pixels; export the file again.")
            }
            // A reduced picture is fitted from the full size, so rounding cannot differ from a full decode.
            let fullSize: (width: Int, height: Int) = reduction > 0 ? storedSize : (frame.width, frame.height)
            let target = ImageFileFormat.fittedSize(
                width: fullSize.width, height: fullSize.height, maxPixelSize: options.maxPixelSize)
            guard target.width <= maximumSide, target.height <= maximumSide else {
                throw FrameDrawError.imageTooLarge(
                    path: path, width: frame.width, height: frame.height,
                    limit: "the \(maximumSide) pixels per side a FrameDraw image can hold")
            }
            let scales = target.width != frame.width || target.height != frame.height
            if scales && frame.hasAlphaOrPalette {
                let premultiplied = try surface(
                    from: try Scaler(from: frame, toBGRAWidth: frame.width, height: frame.height)
                        .bgraFrame(converting: frame), premultiplying: true)
                let size = CGSize(width: target.width, height: target.height)
                return try Image(surface: premultiplied).resized(to: size, quality: .high).surface
            }
            let converted = try Scaler(from: frame, toBGRAWidth: target.width, height: target.height).bgraFrame(
                converting: frame)
            return try surface(from: converted, premultiplying: frame.hasAlphaOrPalette)
        } catch let error as LibAVError {
            if format == .png, case .unreadableInput = error.kind, let mismatch = PNGChecksums.firstMismatch(in: data) {
                throw FrameDrawError.unreadableImage(
                    path: path,
                    reason:
                        "The PNG's \(mismatch.type) chunk at byte \(mismatch.offset) fails its checksum (CRC), so the file is damaged; export or download it again."
                )
            }
            throw FrameDrawError(decoding: path, error)
        }
    }

    /// The `lowres` level for a JPEG of `size` loaded with `maxPixelSize`: the largest `n` in 0…3 such
    /// that both sides divided by 2ⁿ (rounded up, as libavcodec does) are still at least the target
    /// size, so that only a Lanczos reduction follows; 0 without `maxPixelSize`.
    static func reductionLevel(for size: (width: Int, height: Int), fittingInto maxPixelSize: Int?) -> Int {
        let target = ImageFileFormat.fittedSize(width: size.width, height: size.height, maxPixelSize: maxPixelSize)
        var level = 0
        while level < maximumReductionLevel {
            let next = level + 1
            let reduced = (
                width: (size.width + (1 << next) - 1) >> next, height: (size.height + (1 << next) - 1) >> next
            )
            guard reduced.width >= target.width, reduced.height >= target.height else { break }
            level = next
        }
        return level
    }

    /// Copies a BGRA frame into a new Cairo surface; with `premultiplying`, each colour is
    /// multiplied by its alpha (libav's alpha is straight, Cairo's premultiplied).
    private static func surface(from frame: Frame, premultiplying: Bool) throws -> CairoSurface {
        let width = frame.width
        let height = frame.height
        let surface = try CairoSurface(width: width, height: height)
        try frame.withFirstPlane { source, sourceStride in
            surface.withMutablePixelBytes { bytes in
                guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
                let from = source.assumingMemoryBound(to: UInt8.self)
                for row in 0..<height {
                    let sourceRow = from + row * sourceStride
                    let destinationRow = base + row * surface.stride
                    if premultiplying {
                        Premultiplied.row(from: sourceRow, to: destinationRow, width: width)
                    } else {
                        // swscale writes alpha 255 for formats without alpha: the row is already premultiplied.
                        UnsafeMutableRawPointer(destinationRow).copyMemory(from: sourceRow, byteCount: width * 4)
                    }
                }
            }
        }
        return surface
    }
}

extension FrameDrawError {
    /// Maps a LibAV failure while decoding the image at `path` to the error the caller can act on.
    init(decoding path: String, _ error: LibAVError) {
        switch error.kind {
        case .outOfMemory:
            self = .outOfMemory("memory to decode the image at \(path)")
        case .inputTooLarge(let width, let height):
            self = .imageTooLarge(
                path: path, width: width, height: height, limit: "FFmpeg's limit of about 16000x16000 pixels")
        case .unavailable(let component):
            self = .unreadableImage(
                path: path,
                reason:
                    "This FFmpeg build has no \(component); install FFmpeg with that support or convert the image to PNG."
            )
        case .unreadableInput, .settingsRefused, .writeFailed, .internalFailure:
            let detail = error.message.prefix(1).uppercased() + error.message.dropFirst()
            self = .unreadableImage(
                path: path, reason: "\(detail); export or download the file again, or convert it to PNG.")
        }
    }
}
