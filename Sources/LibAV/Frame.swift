internal import CFFmpeg

/// The pixel formats this layer hands out by name.
package enum PixelFormat: String, Sendable, Hashable, CaseIterable {
    /// 8-bit 4:2:0 planar YUV, the format H.264 players expect.
    case yuv420p
    /// 8-bit 4:4:4 planar YUV: full-resolution colour.
    case yuv444p
    /// 10-bit 4:2:0 planar YUV.
    case yuv420p10le
    /// 10-bit 4:2:2 planar YUV, ProRes 422's format.
    case yuv422p10le
    /// 10-bit 4:4:4 planar YUV.
    case yuv444p10le
    /// 8-bit 4:2:0 planar YUV with a full-resolution alpha plane (VP9 with alpha).
    case yuva420p
    /// 10-bit 4:4:4 planar YUV with alpha (ProRes 4444 with alpha).
    case yuva444p10le
    /// 8-bit RGB with straight alpha, for PNG.
    case rgba
    /// 8-bit RGB, for PNG without alpha.
    case rgb24
    /// 8-bit palette indices, for GIF.
    case pal8
    /// 8-bit BGRA, Cairo's ARGB32 byte order on little-endian machines.
    case bgra

    var avFormat: AVPixelFormat {
        switch self {
        case .yuv420p: AV_PIX_FMT_YUV420P
        case .yuv444p: AV_PIX_FMT_YUV444P
        case .yuv420p10le: AV_PIX_FMT_YUV420P10LE
        case .yuv422p10le: AV_PIX_FMT_YUV422P10LE
        case .yuv444p10le: AV_PIX_FMT_YUV444P10LE
        case .yuva420p: AV_PIX_FMT_YUVA420P
        case .yuva444p10le: AV_PIX_FMT_YUVA444P10LE
        case .rgba: AV_PIX_FMT_RGBA
        case .rgb24: AV_PIX_FMT_RGB24
        case .pal8: AV_PIX_FMT_PAL8
        case .bgra: AV_PIX_FMT_BGRA
        }
    }

    /// Whether the format is YUV, which is tagged BT.709 limited range.
    package var isYUV: Bool { rawValue.hasPrefix("yuv") }

    /// The bytes of one `width` x `height` picture in this format, rows unpadded.
    /// Corresponds to `av_image_get_buffer_size`.
    package func byteCount(width: Int, height: Int) -> Int {
        max(0, Int(av_image_get_buffer_size(avFormat, Int32(width), Int32(height), 1)))
    }

    /// Whether the format carries alpha.
    package var hasAlpha: Bool {
        switch self {
        case .yuva420p, .yuva444p10le, .rgba, .bgra: true
        default: false
        }
    }
}

/// Owns one `AVFrame`: a decoded picture or audio block, or a picture waiting for the encoder.
package final class Frame {
    let pointer: UnsafeMutablePointer<AVFrame>

    /// Allocates an empty frame, with no buffer. Corresponds to `av_frame_alloc`.
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    package init() throws {
        guard let frame = av_frame_alloc() else { throw LibAVError.outOfMemory("Allocating a frame") }
        pointer = frame
    }

    /// Allocates a picture of `format` at `width` x `height`, tagged BT.709 limited range.
    /// Corresponds to `av_frame_alloc` and `av_frame_get_buffer`; pictures of `MappedMemory.minimumByteCount`
    /// or more are placed in a mapping of their own instead.
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    package convenience init(width: Int, height: Int, format: PixelFormat) throws {
        try self.init()
        let frame = pointer
        frame.pointee.format = format.avFormat.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        if format.isYUV {
            frame.pointee.color_primaries = AVCOL_PRI_BT709
            frame.pointee.color_trc = AVCOL_TRC_BT709
            frame.pointee.colorspace = AVCOL_SPC_BT709
            frame.pointee.color_range = AVCOL_RANGE_MPEG
        }
        try LibAVError.check(
            mk_frame_get_buffer(frame, MappedMemory.minimumByteCount), .internalFailure,
            "Allocating a \(width)x\(height) picture")
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    package var width: Int { Int(pointer.pointee.width) }
    package var height: Int { Int(pointer.pointee.height) }
    var avPixelFormat: AVPixelFormat { AVPixelFormat(rawValue: pointer.pointee.format) }

    /// The presentation timestamp, in the time base of whoever reads or writes the frame.
    package var pts: Int64 {
        get { pointer.pointee.pts }
        set { pointer.pointee.pts = newValue }
    }

    /// The number of audio samples per channel, for audio frames.
    package var sampleCount: Int { Int(pointer.pointee.nb_samples) }

    /// True when the decoder flagged the frame as damaged (missing or broken data).
    package var isCorrupt: Bool {
        pointer.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 || pointer.pointee.decode_error_flags != 0
    }

    /// Whether the picture's format carries alpha or a palette (which may hold alpha).
    package var hasAlphaOrPalette: Bool {
        let flags = UInt64(AV_PIX_FMT_FLAG_ALPHA) | UInt64(AV_PIX_FMT_FLAG_PAL)
        return av_pix_fmt_desc_get(avPixelFormat).map { $0.pointee.flags & flags != 0 } ?? true
    }

    /// Whether the picture's format carries alpha.
    var hasAlpha: Bool {
        av_pix_fmt_desc_get(avPixelFormat).map { $0.pointee.flags & UInt64(AV_PIX_FMT_FLAG_ALPHA) != 0 } ?? false
    }

    /// Lends the first plane's bytes, for packed formats such as BGRA.
    /// - Throws: `LibAVError` of kind `.internalFailure` when the frame has no buffer.
    package func withFirstPlane<T>(_ body: (_ bytes: UnsafeRawPointer, _ stride: Int) throws -> T) throws -> T {
        guard let data = pointer.pointee.data.0 else {
            throw LibAVError(
                .internalFailure, operation: "Reading a frame's pixels", message: "the frame has no picture buffer")
        }
        return try body(UnsafeRawPointer(data), Int(pointer.pointee.linesize.0))
    }

    /// Lends the first plane's bytes for writing, for packed formats such as BGRA.
    /// - Throws: `LibAVError` of kind `.internalFailure` when the frame has no buffer.
    package func withMutableFirstPlane<T>(_ body: (_ bytes: UnsafeMutableRawPointer, _ stride: Int) throws -> T) throws
        -> T
    {
        try makeWritable()
        guard let data = pointer.pointee.data.0 else {
            throw LibAVError(
                .internalFailure, operation: "Writing a frame's pixels", message: "the frame has no picture buffer")
        }
        return try body(UnsafeMutableRawPointer(data), Int(pointer.pointee.linesize.0))
    }

    /// A new frame sharing this one's buffers (reference-counted, so neither is freed while the other
    /// lives), for keeping a decoded picture without copying it. Corresponds to `av_frame_ref`.
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    package func newReference() throws -> sending Frame {
        // The new frame shares no Swift state with this one, only FFmpeg's reference-counted buffers,
        // which neither writes: it is the caller's alone.
        nonisolated(unsafe) let reference = try Frame()
        try LibAVError.check(av_frame_ref(reference.pointer, pointer), .outOfMemory, "Referencing a picture")
        return reference
    }

    /// Copies `source`'s pixels into this picture, which has the same format and size, making it
    /// writable first. Corresponds to `av_frame_make_writable` and `av_frame_copy`.
    /// - Throws: `LibAVError` of kind `.internalFailure` when the two differ in format or size.
    package func copyPixels(from source: Frame) throws {
        guard source.avPixelFormat == avPixelFormat, source.width == width, source.height == height else {
            throw LibAVError(
                .internalFailure, operation: "Copying a picture",
                message:
                    "a \(source.width)x\(source.height) picture cannot be copied into a \(width)x\(height) one of another format"
            )
        }
        try makeWritable()
        try LibAVError.check(av_frame_copy(pointer, source.pointer), .internalFailure, "Copying a picture")
    }

    /// Copies rows `rows` of `source`, which has the same format and size, into the same rows of this
    /// picture, in every plane (the colour planes of a subsampled format: the rows that hold those rows'
    /// colour). `rows` must start and end on a colour row's boundary (even rows for 4:2:0) or at the
    /// picture's bottom.
    /// - Throws: `LibAVError` of kind `.internalFailure` when the pictures differ or the rows do not fit.
    package func copyRows(_ rows: Range<Int>, from source: Frame) throws {
        guard source.avPixelFormat == avPixelFormat, source.width == width, source.height == height,
            let descriptor = av_pix_fmt_desc_get(avPixelFormat), rows.lowerBound >= 0, rows.upperBound <= height
        else {
            throw LibAVError(
                .internalFailure, operation: "Copying rows of a picture",
                message:
                    "rows \(rows) of a \(source.width)x\(source.height) picture do not fit a \(width)x\(height) one")
        }
        guard !rows.isEmpty else { return }
        try makeWritable()
        let shift = Int(descriptor.pointee.log2_chroma_h)
        let planeCount = Int(av_pix_fmt_count_planes(avPixelFormat))
        for plane in 0..<max(0, min(planeCount, 4)) {
            let isChroma = (plane == 1 || plane == 2) && descriptor.pointee.nb_components >= 3
            let first = isChroma ? rows.lowerBound >> shift : rows.lowerBound
            let end = isChroma ? (rows.upperBound + (1 << shift) - 1) >> shift : rows.upperBound
            let bytes = Int(av_image_get_linesize(avPixelFormat, Int32(width), Int32(plane)))
            let (target, targetStride) = Self.plane(plane, of: pointer)
            let (origin, sourceStride) = Self.plane(plane, of: source.pointer)
            guard bytes > 0, let target, let origin else { continue }
            for row in first..<end {
                (target + row * targetStride).update(from: origin + row * sourceStride, count: bytes)
            }
        }
    }

    /// Plane `index` (0 to 3) of `frame`'s picture and its bytes from one row to the next.
    private static func plane(_ index: Int, of frame: UnsafeMutablePointer<AVFrame>)
        -> (UnsafeMutablePointer<UInt8>?, Int)
    {
        switch index {
        case 0: (frame.pointee.data.0, Int(frame.pointee.linesize.0))
        case 1: (frame.pointee.data.1, Int(frame.pointee.linesize.1))
        case 2: (frame.pointee.data.2, Int(frame.pointee.linesize.2))
        default: (frame.pointee.data.3, Int(frame.pointee.linesize.3))
        }
    }

    /// Makes the buffer safe to write, copying it if an encoder still holds a reference.
    /// Corresponds to `av_frame_make_writable`.
    func makeWritable() throws {
        try LibAVError.check(av_frame_make_writable(pointer), .internalFailure, "Preparing a frame for writing")
    }
}
