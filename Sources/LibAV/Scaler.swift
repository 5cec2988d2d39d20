internal import CFFmpeg

/// Owns one `SwsContext`, reused for every picture of one format and size. Two roles:
/// - decoded pictures to BGRA at a target size (image loading);
/// - Cairo's BGRA to yuv420p with the BT.709 matrix and limited range (the encoder's input).
///
/// Not thread-safe: one scaler per thread.
package final class Scaler {
    private let context: OpaquePointer
    private let destinationWidth: Int
    private let destinationHeight: Int
    private let sourceHeight: Int
    /// Straight-alpha copy of the frame, when the target carries alpha.
    private var straightAlphaScratch: [UInt8]?

    /// Creates a converter from `frame`'s format and size to BGRA at `width` x `height`.
    /// Downscaling uses a Lanczos filter (bilinear for video); conversion at the same size uses
    /// full-resolution chroma.
    /// Corresponds to `sws_getContext` and `sws_setColorspaceDetails`.
    /// - Throws: `LibAVError` of kind `.unreadableInput` when swscale cannot convert the decoded format.
    /// - Parameter isVideo: Whether the picture is a video frame: one that does not state its matrix
    ///   then uses BT.709 from 720 lines up (HD video), BT.601 below, as players assume.
    package convenience init(from frame: Frame, toBGRAWidth width: Int, height: Int, isVideo: Bool = false) throws {
        try self.init(
            format: frame.avPixelFormat, width: frame.width, sourceHeight: frame.height, toBGRAWidth: width,
            height: height, isVideo: isVideo)
        applyColorDetails(of: frame, assumingHD: isVideo && frame.height >= 720)
    }

    private init(
        format: AVPixelFormat, width sourceWidth: Int, sourceHeight: Int, toBGRAWidth width: Int, height: Int,
        isVideo: Bool
    ) throws {
        let scales = width != sourceWidth || height != sourceHeight
        // A video picture is converted for every frame drawn: with accurate rounding, swscale's
        // full-chroma BGRA output takes its C path instead of its SIMD one, for at most one level
        // of difference. Stills, converted once, keep it.
        let filter = scales ? (isVideo ? SWS_BILINEAR : SWS_LANCZOS) : SWS_BICUBIC
        let flags = filter | (isVideo ? 0 : SWS_ACCURATE_RND) | SWS_FULL_CHR_H_INT
        guard
            let context = sws_getContext(
                Int32(sourceWidth), Int32(sourceHeight), format,
                Int32(width), Int32(height), AV_PIX_FMT_BGRA,
                flags, nil, nil, nil
            )
        else {
            let formatName = av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "unknown"
            throw LibAVError(
                .unreadableInput, operation: "Converting the decoded picture",
                message: "the decoded pixel format \(formatName) cannot be converted to RGB")
        }
        self.context = context
        destinationWidth = width
        destinationHeight = height
        self.sourceHeight = sourceHeight
        straightAlphaScratch = nil
    }

    /// Creates a converter of bands of `rows` rows of pictures like `frame` (its format, width and colour)
    /// to BGRA at the same size, as `init(from:toBGRAWidth:height:isVideo:)` converts a video picture
    /// whole: for converting only the rows a frame needs.
    /// Corresponds to `sws_getContext` and `sws_setColorspaceDetails`.
    /// - Throws: `LibAVError` of kind `.unreadableInput` when swscale cannot convert the format.
    package convenience init(bandsOf frame: Frame, rows: Int) throws {
        try self.init(
            format: frame.avPixelFormat, width: frame.width, sourceHeight: rows, toBGRAWidth: frame.width,
            height: rows, isVideo: true)
        applyColorDetails(of: frame, assumingHD: frame.height >= 720)
    }

    /// Converts rows `rows` of `frame` (a picture like the one this band converter was made for, `rows`
    /// as many as its bands have and starting on an even row) into BGRA bytes at `destination`, `stride`
    /// bytes per row. `destination` must be a buffer with room for swscale's whole vectors past each
    /// row's end, as FFmpeg's own pictures have.
    /// Corresponds to `sws_scale` with the source planes offset to the band.
    /// - Throws: `LibAVError` of kind `.internalFailure` when the band does not fit the picture.
    package func convert(rows: Range<Int>, of frame: Frame, intoBGRA destination: UnsafeMutableRawPointer, stride: Int)
        throws
    {
        guard rows.count == sourceHeight, rows.lowerBound >= 0, rows.upperBound <= frame.height,
            rows.lowerBound % 2 == 0, frame.width == destinationWidth
        else {
            throw LibAVError(
                .internalFailure, operation: "Converting rows of a video picture to RGB",
                message:
                    "rows \(rows) are not a band of \(sourceHeight) rows of a \(frame.width)x\(frame.height) picture")
        }
        let chromaShift = av_pix_fmt_desc_get(frame.avPixelFormat).map { Int($0.pointee.log2_chroma_h) } ?? 0
        let source = frame.pointer
        let converted: Int32 = withUnsafeTemporaryAllocation(of: UnsafePointer<UInt8>?.self, capacity: 4) { planes in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4) { strides in
                withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<UInt8>?.self, capacity: 4) { targets in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4) { targetStrides in
                        let picture = source.pointee
                        let data = (picture.data.0, picture.data.1, picture.data.2, picture.data.3)
                        let lineSizes = (picture.linesize.0, picture.linesize.1, picture.linesize.2, picture.linesize.3)
                        func row(_ plane: Int) -> Int {
                            Self.firstRow(ofPlane: plane, band: rows.lowerBound, chromaShift: chromaShift)
                        }
                        planes[0] = data.0.map { UnsafePointer($0 + row(0) * Int(lineSizes.0)) }
                        planes[1] = data.1.map { UnsafePointer($0 + row(1) * Int(lineSizes.1)) }
                        planes[2] = data.2.map { UnsafePointer($0 + row(2) * Int(lineSizes.2)) }
                        planes[3] = data.3.map { UnsafePointer($0 + row(3) * Int(lineSizes.3)) }
                        strides[0] = lineSizes.0
                        strides[1] = lineSizes.1
                        strides[2] = lineSizes.2
                        strides[3] = lineSizes.3
                        targets.initialize(repeating: nil)
                        targetStrides.initialize(repeating: 0)
                        targets[0] = destination.assumingMemoryBound(to: UInt8.self)
                        targetStrides[0] = Int32(stride)
                        return sws_scale(
                            context, planes.baseAddress, strides.baseAddress, 0, Int32(sourceHeight),
                            targets.baseAddress, targetStrides.baseAddress)
                    }
                }
            }
        }
        guard converted == Int32(sourceHeight) else {
            throw LibAVError(
                .internalFailure, operation: "Converting rows of a video picture to RGB",
                code: converted < 0 ? converted : nil, message: "swscale wrote \(converted) of \(sourceHeight) rows")
        }
    }

    /// Creates the converter from Cairo's BGRA to an encoder's format at the same size; YUV
    /// targets get the BT.709 matrix and limited range.
    /// Corresponds to `sws_getContext` and `sws_setColorspaceDetails`.
    /// - Parameters:
    ///   - format: The encoder's pixel format.
    ///   - unpremultiplying: Whether Cairo's premultiplied colours are divided by their alpha
    ///     first, for targets that carry alpha (encoders expect straight alpha).
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    package init(bgraWidth width: Int, height: Int, to format: PixelFormat = .yuv420p, unpremultiplying: Bool = false)
        throws
    {
        guard
            let context = sws_getContext(
                Int32(width), Int32(height), AV_PIX_FMT_BGRA,
                Int32(width), Int32(height), format.avFormat,
                // Full-resolution chroma input takes swscale's SIMD BGRA readers; without it, the
                // pairwise-averaging C readers run instead: 2.8 ms versus 1.7 ms per 720p frame, same luma.
                SWS_BILINEAR | SWS_FULL_CHR_H_INP, nil, nil, nil)
        else {
            throw LibAVError.outOfMemory("Creating the BGRA to \(format.rawValue) converter")
        }
        self.context = context
        destinationWidth = width
        destinationHeight = height
        sourceHeight = height
        straightAlphaScratch = unpremultiplying ? [UInt8](repeating: 0, count: width * height * 4) : nil
        if format.isYUV {
            // Cairo's RGB is full range; the video is BT.709 with limited (MPEG) range.
            let bt709 = sws_getCoefficients(SWS_CS_ITU709)
            sws_setColorspaceDetails(context, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16)
        }
    }

    deinit {
        sws_freeContext(context)
    }

    /// Tells swscale the YUV matrix and range the decoder reported. Formats swscale already knows
    /// (the full-range `yuvj` formats, grey, RGB) keep swscale's own settings.
    private func applyColorDetails(of frame: Frame, assumingHD: Bool = false) {
        guard let descriptor = av_pix_fmt_desc_get(frame.avPixelFormat),
            descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_RGB) == 0,
            descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PAL) == 0,
            descriptor.pointee.nb_components >= 3
        else { return }
        let fullRange = frame.pointer.pointee.color_range == AVCOL_RANGE_JPEG
        let matrix: Int32 =
            switch frame.pointer.pointee.colorspace {
            case AVCOL_SPC_BT709: SWS_CS_ITU709
            case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: SWS_CS_BT2020
            case AVCOL_SPC_UNSPECIFIED where assumingHD: SWS_CS_ITU709
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
        guard
            sws_getColorspaceDetails(
                context, &inverseTable, &sourceRange, &table, &destinationRange, &brightness, &contrast, &saturation
            ) >= 0
        else { return }
        let coefficients = sws_getCoefficients(matrix)
        _ = sws_setColorspaceDetails(
            context, coefficients, fullRange ? 1 : sourceRange, table, destinationRange, brightness, contrast,
            saturation
        )
    }

    /// Converts a decoded picture into a new BGRA frame of the destination size (straight alpha).
    /// Corresponds to `av_frame_get_buffer` and `sws_scale_frame`.
    /// - Throws: `LibAVError` of kind `.unreadableInput` or `.outOfMemory` when the conversion fails.
    package func bgraFrame(converting frame: Frame) throws -> Frame {
        let converted = try Frame(width: destinationWidth, height: destinationHeight, format: .bgra)
        try LibAVError.check(
            sws_scale_frame(context, converted.pointer, frame.pointer), .unreadableInput,
            "Converting the decoded picture to RGB")
        return converted
    }

    /// Converts a decoded picture into BGRA bytes at `destination` (`stride` bytes per row), at the
    /// destination size: straight into a drawing surface, without an intermediate frame.
    /// Corresponds to `sws_scale`.
    /// - Throws: `LibAVError` of kind `.internalFailure` when swscale converts fewer rows than the picture has.
    package func convert(_ frame: Frame, intoBGRA destination: UnsafeMutableRawPointer, stride: Int) throws {
        let source = frame.pointer
        let rows: Int32 = withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<UInt8>?.self, capacity: 4) { planes in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4) { strides in
                planes.initialize(repeating: nil)
                strides.initialize(repeating: 0)
                planes[0] = destination.assumingMemoryBound(to: UInt8.self)
                strides[0] = Int32(stride)
                return withUnsafePointer(to: &source.pointee.data) { data in
                    withUnsafePointer(to: &source.pointee.linesize) { linesize in
                        data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { sources in
                            linesize.withMemoryRebound(to: Int32.self, capacity: 8) { lineSizes in
                                sws_scale(
                                    context, sources, lineSizes, 0, Int32(frame.height), planes.baseAddress,
                                    strides.baseAddress)
                            }
                        }
                    }
                }
            }
        }
        guard rows == Int32(destinationHeight) else {
            throw LibAVError(
                .internalFailure, operation: "Converting a video picture to RGB", code: rows < 0 ? rows : nil,
                message: "swscale wrote \(rows) of \(destinationHeight) rows")
        }
    }

    /// Converts one frame of BGRA bytes (`stride` bytes per row) into the yuv420p `frame`.
    /// Corresponds to `av_frame_make_writable` and `sws_scale`.
    /// - Throws: `LibAVError` of kind `.internalFailure` when the buffer is too small for the
    ///   picture or swscale converts fewer rows than the picture has.
    package func convert(bgra: UnsafeRawBufferPointer, stride: Int, into frame: Frame) throws {
        let needed = stride * (sourceHeight - 1) + destinationWidth * 4
        guard let base = bgra.baseAddress?.assumingMemoryBound(to: UInt8.self), bgra.count >= needed,
            stride >= destinationWidth * 4
        else {
            throw LibAVError(
                .internalFailure, operation: "Converting a frame to yuv420p",
                message:
                    "the pixel buffer holds \(bgra.count) bytes, fewer than the \(needed) a \(destinationWidth)x\(sourceHeight) picture needs"
            )
        }
        try frame.makeWritable()
        if var scratch = straightAlphaScratch {
            straightAlphaScratch = nil
            defer { straightAlphaScratch = scratch }
            let rowBytes = destinationWidth * 4
            scratch.withUnsafeMutableBufferPointer { target in
                for row in 0..<sourceHeight {
                    Self.unpremultiply(
                        from: base + row * stride, to: target.baseAddress.map { $0 + row * rowBytes },
                        count: destinationWidth)
                }
            }
            try scratch.withUnsafeBytes { try scale(from: $0.baseAddress, stride: rowBytes, into: frame) }
            return
        }
        try scale(from: UnsafeRawPointer(base), stride: stride, into: frame)
    }

    /// Converts this converter's height of BGRA rows (`stride` bytes per row, from `bgra`'s start) into
    /// the rows of `frame` from `row` down, leaving its other rows as they are: a band of a larger
    /// picture, for frames where only some rows changed. `row` must be even for formats whose colour
    /// is subsampled vertically, and the band must lie inside `frame`.
    /// Corresponds to `sws_scale` with the destination planes offset to the band.
    /// - Throws: `LibAVError` of kind `.internalFailure` when the band does not fit the frame or the
    ///   buffer, or swscale converts fewer rows than the band has.
    package func convert(bgra: UnsafeRawBufferPointer, stride: Int, into frame: Frame, atRow row: Int) throws {
        let needed = stride * (sourceHeight - 1) + destinationWidth * 4
        let chromaShift = av_pix_fmt_desc_get(frame.avPixelFormat).map { Int($0.pointee.log2_chroma_h) } ?? 0
        guard let base = bgra.baseAddress, bgra.count >= needed, stride >= destinationWidth * 4,
            straightAlphaScratch == nil, frame.width == destinationWidth, row >= 0,
            row + sourceHeight <= frame.height, row % (1 << chromaShift) == 0
        else {
            throw LibAVError(
                .internalFailure, operation: "Converting rows of a frame",
                message:
                    "a band of \(sourceHeight) rows at row \(row) does not fit a \(frame.width)x\(frame.height) picture or a buffer of \(bgra.count) bytes"
            )
        }
        try frame.makeWritable()
        try scale(from: base, stride: stride, into: frame, firstRow: row, chromaShift: chromaShift)
    }

    /// Divides each colour of one premultiplied BGRA row by its alpha, rounding to nearest.
    private static func unpremultiply(from: UnsafePointer<UInt8>, to: UnsafeMutablePointer<UInt8>?, count: Int) {
        guard let to else { return }
        for offset in Swift.stride(from: 0, to: count * 4, by: 4) {
            let alpha = Int(from[offset + 3])
            switch alpha {
            case 255:
                to[offset] = from[offset]
                to[offset + 1] = from[offset + 1]
                to[offset + 2] = from[offset + 2]
            case 0:
                to[offset] = 0
                to[offset + 1] = 0
                to[offset + 2] = 0
            default:
                for channel in 0..<3 {
                    to[offset + channel] = UInt8(min(255, (Int(from[offset + channel]) * 255 + alpha / 2) / alpha))
                }
            }
            to[offset + 3] = UInt8(alpha)
        }
    }

    /// The first row of a band that starts on picture row `band`, in plane `plane`: the colour planes
    /// (1 and 2) of a subsampled format have `chromaShift` fewer bits of rows; luma and a fourth
    /// plane (alpha) have them all.
    private static func firstRow(ofPlane plane: Int, band: Int, chromaShift: Int) -> Int {
        plane == 1 || plane == 2 ? band >> chromaShift : band
    }

    /// Converts `sourceHeight` BGRA rows into `frame`, its rows from `firstRow` down (the colour planes'
    /// from `firstRow >> chromaShift`).
    private func scale(
        from source: UnsafeRawPointer?, stride: Int, into frame: Frame, firstRow: Int = 0, chromaShift: Int = 0
    ) throws {
        guard let source else { return }
        let base = source.assumingMemoryBound(to: UInt8.self)
        let destination = frame.pointer
        let rows: Int32 = withUnsafeTemporaryAllocation(of: UnsafePointer<UInt8>?.self, capacity: 4) { sources in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4) { strides in
                sources.initialize(repeating: nil)
                strides.initialize(repeating: 0)
                sources[0] = UnsafePointer(base)
                strides[0] = Int32(stride)
                return withUnsafeMutablePointer(to: &destination.pointee.data) { data in
                    withUnsafeMutablePointer(to: &destination.pointee.linesize) { linesize in
                        data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                            linesize.withMemoryRebound(to: Int32.self, capacity: 8) { lineSizes in
                                guard firstRow > 0 else {
                                    return sws_scale(
                                        context, sources.baseAddress, strides.baseAddress, 0, Int32(sourceHeight),
                                        planes, lineSizes)
                                }
                                return withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<UInt8>?.self, capacity: 4)
                                {
                                    offset in
                                    for plane in 0..<4 {
                                        let row = Self.firstRow(
                                            ofPlane: plane, band: firstRow, chromaShift: chromaShift)
                                        offset[plane] = planes[plane].map { $0 + row * Int(lineSizes[plane]) }
                                    }
                                    return sws_scale(
                                        context, sources.baseAddress, strides.baseAddress, 0, Int32(sourceHeight),
                                        offset.baseAddress, lineSizes)
                                }
                            }
                        }
                    }
                }
            }
        }
        guard rows == Int32(destinationHeight) else {
            throw LibAVError(
                .internalFailure, operation: "Converting a frame to yuv420p", code: rows < 0 ? rows : nil,
                message: "swscale wrote \(rows) of \(destinationHeight) rows")
        }
    }
}
