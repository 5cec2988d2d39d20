internal import CFFmpeg
import Foundation

/// Decodes a movie's video stream for a video layer: hands out the picture shown at any time,
/// converted to BGRA.
///
/// Reading forward decodes in order without seeking; a request before the current picture, or far
/// ahead of it, seeks to the keyframe before it and decodes up to the exact picture, so the answer
/// for a time never depends on what was asked before. The picture shown at time *t* is the last
/// one whose presentation time is at or before *t* (variable frame rate is mapped by timestamp);
/// before the first picture it is the first, after the last the last.
///
/// HDR pictures (PQ or HLG transfer) pass through a libavfilter `zscale`/`tonemap` graph to SDR
/// BT.709 before conversion. Not thread-safe: one decoder per thread, or a lock around it.
package final class VideoFrameDecoder {
    /// The file, named in every error.
    package let path: String
    /// The stored picture size, before rotation.
    package let codedSize: (width: Int, height: Int)
    /// The clockwise rotation in degrees (0, 90, 180, 270) that shows the picture upright.
    package let rotation: Int
    /// The video stream's length in seconds (0 when the container does not state it).
    package let duration: Double
    /// The average frame rate, or `nil` when the container does not state it.
    package let frameRate: Double?
    /// The same rate as a fraction (30000/1001 for 29.97), or `nil`.
    package let frameRateFraction: (numerator: Int, denominator: Int)?
    /// Whether the file also has sound.
    package let hasAudio: Bool
    /// The codec's name, such as `h264` or `hevc`.
    package let codecName: String

    private let input: FormatInput
    private let decoder: Decoder
    private let streamIndex: Int
    private let timeBase: Double
    private let startTime: Double
    private var current: (time: Double, frame: Frame)?
    private var lookahead: (time: Double, frame: Frame)?
    private var ended = false
    /// Whether `current` is the first picture after a seek to the start (nothing earlier exists).
    private var currentIsFirst = false
    private var toneMapper: FilterGraph?
    private var scaler: Scaler?
    private var scalerKey: String = ""
    /// The converted picture, in FFmpeg's padded buffer, kept for the next picture.
    private var conversionScratch: Frame?

    /// How much earlier than a picture's timestamp a request may be and still show it: timestamps
    /// and frame times computed from different time bases differ by rounding.
    package static let tolerance = 1e-6

    /// How far ahead a request may be before a seek is cheaper than decoding forward, in seconds.
    static let forwardDecodeLimit = 2.0

    /// Opens `path` and its best video stream, decoding on libavcodec's own threads.
    /// - Throws: `LibAVError` of kind `.unreadableInput` when the file cannot be opened or has no
    ///   video, `.unavailable` when this FFmpeg cannot decode it.
    package init(path: String) throws {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw LibAVError(.unreadableInput, operation: "Opening \(path)", message: "no file exists at this path")
        }
        input = try FormatInput(path: path)
        try input.findStreamInfo()
        streamIndex = try input.bestStream(.video)
        decoder = try Decoder(
            input: input, streamIndex: streamIndex, options: [CodecOption("threads", "auto")],
            poolsMappedPictures: true)
        try decoder.checkPictureSize()
        codedSize = decoder.pictureSize
        guard codedSize.width > 0, codedSize.height > 0 else {
            throw LibAVError(
                .unreadableInput, operation: "Opening \(path)", message: "the video stream states no picture size")
        }
        rotation = input.displayRotation(ofStream: streamIndex)
        timeBase = input.timeBase(ofStream: streamIndex) ?? 1
        startTime = input.startTime(ofStream: streamIndex)
        duration = input.duration(ofStream: streamIndex) ?? 0
        frameRateFraction = input.videoFrameRate()
        frameRate = frameRateFraction.map { Double($0.numerator) / Double($0.denominator) }
        hasAudio = input.hasAudio
        codecName =
            input.stream(at: streamIndex).map {
                String(cString: avcodec_get_name($0.pointee.codecpar.pointee.codec_id))
            }
            ?? "unknown"
    }

    /// The picture size once rotated upright.
    package var displaySize: (width: Int, height: Int) {
        rotation % 180 == 0 ? codedSize : (codedSize.height, codedSize.width)
    }

    /// The decoded picture shown at `time` and its own presentation time, both counted from the
    /// stream's first timestamp; convert it with `convert(_:intoBGRA:stride:)`.
    /// - Parameter time: Seconds from the start of the video stream.
    /// - Returns: The picture, its time, and the time of the next picture (infinity after the
    ///   last): the picture is the answer for every time in `time..<until`. `nil` when the stream
    ///   has no picture at all.
    /// - Throws: `LibAVError` when decoding fails.
    package func picture(at time: Double) throws -> (time: Double, until: Double, frame: Frame)? {
        try position(at: time)
        guard let current else { return nil }
        return (current.time, lookahead?.time ?? .infinity, current.frame)
    }

    /// Converts `frame` (from `picture(at:)`) into premultiplied BGRA bytes at `destination`, `stride` bytes per
    /// row, at its coded size; HDR is tone-mapped to SDR BT.709 first.
    /// - Throws: `LibAVError` when tone mapping or conversion fails.
    package func convert(_ frame: Frame, intoBGRA destination: UnsafeMutableRawPointer, stride: Int) throws {
        let (pixels, sourceStride) = try converted(frame, width: codedSize.width, height: codedSize.height)
        Self.copy(
            pixels, stride: sourceStride, width: codedSize.width, height: codedSize.height, into: destination,
            stride: stride)
    }

    /// Converts `frame` (from `picture(at:)`) into an upright, premultiplied BGRA picture of `width` x `height` (turned
    /// by `rotation`, then scaled to that size) at `destination`, `stride` bytes per row.
    ///
    /// swscale scales while it converts, so a clip drawn smaller than its coded size (a portrait
    /// clip in a landscape frame) is never converted at full size and then scaled again by Cairo;
    /// a quarter turn is a plain copy of the converted pixels, so Cairo draws the picture unrotated.
    /// - Throws: `LibAVError` when tone mapping or conversion fails.
    package func convertUpright(
        _ frame: Frame, intoBGRA destination: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int
    ) throws {
        let quarterTurn = rotation % 180 != 0
        let codedWidth = quarterTurn ? height : width
        let codedHeight = quarterTurn ? width : height
        if rotation == 0, width % Self.wholeVectorPixels == 0, stride >= width * 4 {
            // Rows a whole number of swscale's widest vectors long: nothing is written past a row's end,
            // so the picture is converted straight into the destination.
            try convert(frame, intoBGRA: destination, stride: stride, width: width, height: height)
            return
        }
        let (pixels, sourceStride) = try converted(frame, width: codedWidth, height: codedHeight)
        guard rotation != 0 else {
            Self.copy(pixels, stride: sourceStride, width: width, height: height, into: destination, stride: stride)
            return
        }
        Self.turn(
            pixels, stride: sourceStride, width: codedWidth, height: codedHeight, by: rotation,
            into: destination, stride: stride)
    }

    /// Whether `frame` (from `picture(at:)`), shown upright at `width` x `height`, is already the picture
    /// an encoder takes for a frame of that size: yuv420p at that size and unturned, SDR, limited range,
    /// with the BT.709 matrix (stated, or unstated on a picture of 720 lines or more, as
    /// `convertUpright` reads it). Its pixels are then the encoder's input as they are, and converting
    /// them to BGRA and back would only round them.
    package func isEncoderReady(_ frame: Frame, width: Int, height: Int) -> Bool {
        let picture = frame.pointer.pointee
        let matrix = picture.colorspace
        return rotation == 0 && frame.width == width && frame.height == height
            && frame.avPixelFormat == AV_PIX_FMT_YUV420P && picture.color_range != AVCOL_RANGE_JPEG
            && picture.color_trc != AVCOL_TRC_SMPTE2084 && picture.color_trc != AVCOL_TRC_ARIB_STD_B67
            && (matrix == AVCOL_SPC_BT709 || (matrix == AVCOL_SPC_UNSPECIFIED && frame.height >= 720))
    }

    /// The row length, in pixels, of which a multiple is converted straight into a caller's picture:
    /// 64 bytes, the widest vector swscale's x86 code stores.
    static let wholeVectorPixels = 16

    /// `frame` converted to BGRA at `width` x `height` in its coded orientation, in a frame of the
    /// decoder's own: swscale's vector code writes whole vectors, past the end of a row whose width is
    /// not a multiple of theirs, so it writes only into FFmpeg's padded, aligned buffers, never into a
    /// caller's tightly packed picture.
    private func converted(_ frame: Frame, width: Int, height: Int) throws -> (UnsafeRawPointer, Int) {
        let scratch: Frame
        if let existing = conversionScratch, existing.width == width, existing.height == height {
            scratch = existing
        } else {
            scratch = try Frame(width: width, height: height, format: .bgra)
            conversionScratch = scratch
        }
        guard let pixels = scratch.pointer.pointee.data.0 else {
            throw LibAVError.outOfMemory("Allocating the converted picture for \(path)")
        }
        let stride = Int(scratch.pointer.pointee.linesize.0)
        try convert(frame, intoBGRA: pixels, stride: stride, width: width, height: height)
        return (UnsafeRawPointer(pixels), stride)
    }

    /// Copies the rows of a `width` x `height` BGRA picture.
    private static func copy(
        _ source: UnsafeRawPointer, stride sourceStride: Int, width: Int, height: Int,
        into destination: UnsafeMutableRawPointer, stride: Int
    ) {
        for row in 0..<height {
            (destination + row * stride).copyMemory(from: source + row * sourceStride, byteCount: width * 4)
        }
    }

    /// Copies a `width` x `height` BGRA picture turned clockwise by `degrees` (90, 180 or 270).
    private static func turn(
        _ source: UnsafeRawPointer, stride sourceStride: Int, width: Int, height: Int, by degrees: Int,
        into destination: UnsafeMutableRawPointer, stride: Int
    ) {
        let quarterTurn = degrees % 180 != 0
        let outWidth = quarterTurn ? height : width
        let outHeight = quarterTurn ? width : height
        let pixelStride = sourceStride / 4
        let input = source.assumingMemoryBound(to: UInt32.self)
        for y in 0..<outHeight {
            let row = (destination + y * stride).assumingMemoryBound(to: UInt32.self)
            switch degrees {
            case 90:
                // Clockwise: the output's row y is the input's column y, read from the bottom up.
                for x in 0..<outWidth { row[x] = input[(height - 1 - x) * pixelStride + y] }
            case 180:
                let line = input + (height - 1 - y) * pixelStride
                for x in 0..<outWidth { row[x] = line[width - 1 - x] }
            default:
                for x in 0..<outWidth { row[x] = input[x * pixelStride + width - 1 - y] }
            }
        }
    }

    /// Converts `frame` into BGRA at `width` x `height` in its coded orientation.
    private func convert(
        _ frame: Frame, intoBGRA destination: UnsafeMutableRawPointer, stride: Int, width: Int, height: Int
    ) throws {
        let source = try toneMapped(frame)
        let key = "\(source.width)x\(source.height):\(source.pointer.pointee.format)>\(width)x\(height)"
        if scaler == nil || key != scalerKey {
            scaler = try Scaler(from: source, toBGRAWidth: width, height: height, isVideo: true)
            scalerKey = key
        }
        try scaler?.convert(source, intoBGRA: destination, stride: stride)
        // swscale leaves the colours of a picture with alpha (PNG or ProRes 4444 frames, a palette) straight;
        // Cairo takes them premultiplied.
        guard source.hasAlphaOrPalette else { return }
        let bytes = destination.assumingMemoryBound(to: UInt8.self)
        for row in 0..<height {
            Premultiplied.row(from: bytes + row * stride, to: bytes + row * stride, width: width)
        }
    }

    // MARK: - Position

    /// Makes `current` the picture shown at `time`.
    private func position(at time: Double) throws {
        if let current {
            let behind = time < current.time - Self.tolerance && !currentIsFirst
            let farAhead = time > current.time + Self.forwardDecodeLimit
            if behind || (farAhead && (lookahead.map { time > $0.time + Self.forwardDecodeLimit } ?? !ended)) {
                try seek(to: time)
            }
        } else {
            try seek(to: time)
        }
        while true {
            if lookahead == nil, !ended {
                lookahead = try nextPicture()
                if lookahead == nil { ended = true }
            }
            guard let next = lookahead, next.time <= time + Self.tolerance || current == nil else { return }
            current = next
            lookahead = nil
            currentIsFirst = false
        }
    }

    /// Seeks to the keyframe at or before `time` and decodes the first picture, going further back
    /// when the demuxer lands after `time`.
    private func seek(to time: Double) throws {
        var target = time
        for _ in 0..<8 {
            try input.seek(streamIndex: streamIndex, to: startTime + max(0, target))
            decoder.flush()
            current = nil
            lookahead = nil
            ended = false
            guard let first = try nextPicture() else {
                ended = true
                return
            }
            current = first
            currentIsFirst = target <= 0
            if first.time <= time + Self.tolerance || target <= 0 { return }
            target = target - 1 - (target - time) * 2  // Land earlier: back off further each time.
        }
        currentIsFirst = true
    }

    /// Decodes the next picture and its time from the stream's start, or `nil` at the end.
    private func nextPicture() throws -> (time: Double, frame: Frame)? {
        var result: (time: Double, frame: Frame)?
        try decoder.decode { frame in
            let best = frame.pointer.pointee.best_effort_timestamp
            let pts = best == LibAVError.noTimestamp ? frame.pts : best
            let time = pts == LibAVError.noTimestamp ? (self.current?.time ?? 0) : Double(pts) * self.timeBase
            result = (time - self.startTime, frame)
            return false
        }
        return result
    }

    // MARK: - HDR

    /// `frame` tone-mapped to SDR BT.709 when it is HDR (PQ or HLG), else `frame` itself.
    private func toneMapped(_ frame: Frame) throws -> Frame {
        let transfer = frame.pointer.pointee.color_trc
        guard transfer == AVCOL_TRC_SMPTE2084 || transfer == AVCOL_TRC_ARIB_STD_B67 else { return frame }
        if toneMapper == nil { toneMapper = try Self.toneMapper(for: frame) }
        guard let toneMapper else { return frame }
        try toneMapper.push(frame, into: "in")
        guard let mapped = try toneMapper.pull() else {
            throw LibAVError(
                .internalFailure, operation: "Tone-mapping a picture of \(path)",
                message: "the zscale/tonemap graph returned no picture")
        }
        return mapped
    }

    /// A graph that linearises the HDR picture (PQ or HLG, BT.2020), maps its range into SDR with
    /// the Hable curve at 100 nits, and encodes it again as BT.709, in yuv420p (as players show HDR
    /// on an SDR screen).
    private static func toneMapper(for frame: Frame) throws -> FilterGraph {
        let picture = frame.pointer.pointee
        let format =
            av_get_pix_fmt_name(AVPixelFormat(rawValue: picture.format)).map { String(cString: $0) } ?? "yuv420p10le"
        let source =
            "video_size=\(picture.width)x\(picture.height):pix_fmt=\(format):time_base=1/1000:pixel_aspect=1/1"
        let transfer = picture.color_trc == AVCOL_TRC_ARIB_STD_B67 ? "arib-std-b67" : "smpte2084"
        let range = picture.color_range == AVCOL_RANGE_JPEG ? "pc" : "tv"
        let input = "tin=\(transfer):pin=bt2020:min=bt2020nc:rin=\(range)"
        let chain =
            "zscale=\(input):t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=hable:desat=0,"
            + "zscale=t=bt709:m=bt709:r=tv,format=yuv420p"
        return try FilterGraph("buffer@in=\(source),\(chain),buffersink@out", sourceNames: ["in"])
    }
}
