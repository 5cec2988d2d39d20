internal import CFFmpeg
import Foundation
import Testing

/// What a movie file contains, read back in-process through libavformat and libavcodec.
public struct MovieProbe {
    /// The demuxer's name, such as `mov,mp4,m4a,3gp,3g2,mj2`.
    public var formatName: String
    public var codecName: String
    /// The codec profile number (see `isHighProfile`).
    public var profile: Int32
    public var pixelFormat: String
    public var width: Int
    public var height: Int
    public var colorPrimaries: String
    public var colorTransfer: String
    public var colorSpace: String
    public var colorRange: String
    /// Stream duration in seconds (from the stream's own duration field).
    public var streamDuration: Double
    /// Container duration in seconds.
    public var containerDuration: Double
    /// The average frame rate as (numerator, denominator).
    public var frameRate: (Int, Int)
    /// The video stream's time base as (numerator, denominator).
    public var timeBase: (Int, Int)
    /// The video stream's start (its first frame's presentation time after the edit list) in seconds.
    public var startTime: Double
    /// Every decoded frame, in presentation order, as packed RGB24 (BT.709, limited range to full).
    public var frames: [RGBFrame]
    /// The video stream's packets in file (decoding) order: presentation and decoding timestamps,
    /// in the stream's time base.
    public var packetTimes: [(pts: Int64, dts: Int64)] = []

    /// Each frame's presentation time in seconds, in presentation order.
    public var frameTimes: [Double] { frames.map { Double($0.pts) * Double(timeBase.0) / Double(timeBase.1) } }

    /// Whether the stream is H.264 High profile.
    public var isHighProfile: Bool { profile == FF_PROFILE_H264_HIGH }

    /// A decoded frame converted to RGB for pixel checks.
    public struct RGBFrame {
        public var width: Int
        public var height: Int
        public var pts: Int64
        /// Packed RGB24 rows; empty when the probe was made with `keepPixels: false`.
        public var rgb: [UInt8]
        /// Whether the decoder marked the frame as a keyframe.
        public var isKeyframe = false
        /// The size in bytes of the packet the frame was decoded from (`pkt_size`).
        public var codedBytes = 0
        /// Whether the decoder flagged the frame as damaged or concealed.
        public var hadDecodeErrors = false
        /// The decoded 8-bit 4:2:0 picture as it came from the decoder, Y then U then V rows without
        /// padding (the layout of a raw `.yuv` file); empty unless the probe was made with `keepPlanes`.
        public var planes: [UInt8] = []

        /// The colour at column `x`, row `y`, each channel 0…255.
        public func pixel(x: Int, y: Int) -> (r: Int, g: Int, b: Int) {
            let i = (y * width + x) * 3
            return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
        }
    }

    /// Opens and fully decodes `url`, then has the FFmpeg command-line tools check it independently
    /// (see `FFmpegTools.expectCleanDecode(of:sourceLocation:)`).
    /// - Parameters:
    ///   - url: The movie file.
    ///   - keepPixels: False to only count frames and read their timestamps.
    ///   - sourceLocation: Where an issue from the independent check is reported.
    /// - Throws: `ProbeError` naming the libav step that failed.
    /// Opens and decodes `url`. With `strict`, the decoder fails on any bitstream error it can
    /// detect (`AV_EF_EXPLODE` with the bitstream, buffer and careful checks) instead of concealing it.
    ///   - keepPlanes: Also keep each frame's decoded planes (`RGBFrame.planes`; 8-bit 4:2:0 only).
    ///   - codecName: The codec `ffprobe` must find.
    public init(
        url: URL, keepPixels: Bool = true, strict: Bool = false, keepPlanes: Bool = false,
        codecName expected: String = "h264",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        var format: UnsafeMutablePointer<AVFormatContext>?
        try Self.check(avformat_open_input(&format, url.path, nil, nil), "open \(url.path)")
        defer { avformat_close_input(&format) }
        let ctx = try Self.require(format, "open \(url.path)")
        try Self.check(avformat_find_stream_info(ctx, nil), "find stream info")
        formatName = String(cString: ctx.pointee.iformat.pointee.name)
        let index = av_find_best_stream(ctx, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        try Self.check(index, "find video stream")
        let stream = try Self.require(ctx.pointee.streams[Int(index)], "read the video stream")
        let par = try Self.require(stream.pointee.codecpar, "read the codec parameters")
        codecName = String(cString: avcodec_get_name(par.pointee.codec_id))
        profile = par.pointee.profile
        pixelFormat =
            av_get_pix_fmt_name(AVPixelFormat(rawValue: par.pointee.format)).map { String(cString: $0) } ?? "none"
        width = Int(par.pointee.width)
        height = Int(par.pointee.height)
        colorPrimaries = String(cString: av_color_primaries_name(par.pointee.color_primaries))
        colorTransfer = String(cString: av_color_transfer_name(par.pointee.color_trc))
        colorSpace = String(cString: av_color_space_name(par.pointee.color_space))
        colorRange = String(cString: av_color_range_name(par.pointee.color_range))
        let tb = stream.pointee.time_base
        streamDuration = Double(stream.pointee.duration) * Double(tb.num) / Double(tb.den)
        containerDuration = Double(ctx.pointee.duration) / Double(AV_TIME_BASE)
        frameRate = (Int(stream.pointee.avg_frame_rate.num), Int(stream.pointee.avg_frame_rate.den))
        timeBase = (Int(tb.num), Int(tb.den))
        startTime =
            stream.pointee.start_time == Int64.min
            ? .nan : Double(stream.pointee.start_time) * Double(tb.num) / Double(tb.den)
        var packetTimes: [(pts: Int64, dts: Int64)] = []
        frames = try Self.decodeFrames(
            ctx, streamIndex: index, parameters: par, keepPixels: keepPixels, strict: strict, keepPlanes: keepPlanes,
            packetTimes: &packetTimes)
        self.packetTimes = packetTimes
        try FFmpegTools.expectCleanDecode(of: url, codecName: expected, sourceLocation: sourceLocation)
    }

    /// Decodes every frame of stream `streamIndex`, flushing the decoder at the end.
    private static func decodeFrames(
        _ ctx: UnsafeMutablePointer<AVFormatContext>, streamIndex index: Int32,
        parameters par: UnsafeMutablePointer<AVCodecParameters>, keepPixels: Bool, strict: Bool, keepPlanes: Bool,
        packetTimes: inout [(pts: Int64, dts: Int64)]
    ) throws -> [RGBFrame] {
        let codec = try require(avcodec_find_decoder(par.pointee.codec_id), "find a decoder")
        var decoder = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&decoder) }
        let dec = try require(decoder, "allocate the decoder")
        try check(avcodec_parameters_to_context(dec, par), "decoder parameters")
        if strict {
            dec.pointee.err_recognition =
                AV_EF_EXPLODE | AV_EF_BITSTREAM | AV_EF_BUFFER | AV_EF_CAREFUL | AV_EF_CRCCHECK
        }
        try check(avcodec_open2(dec, codec, nil), "open decoder")

        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        defer {
            av_packet_free(&packet)
            av_frame_free(&frame)
        }
        let pkt = try require(packet, "allocate a packet")
        let frm = try require(frame, "allocate a frame")
        var decoded: [RGBFrame] = []
        var scaler: OpaquePointer?
        defer { sws_freeContext(scaler) }

        func drain() throws {
            while true {
                let status = avcodec_receive_frame(dec, frm)
                if status == mk_averror_eagain() || status == mk_averror_eof() { return }
                try check(status, "decode")
                var rgb: [UInt8] = []
                if keepPixels {
                    let w = Int(frm.pointee.width)
                    let h = Int(frm.pointee.height)
                    if scaler == nil {
                        scaler = sws_getContext(
                            Int32(w), Int32(h), AVPixelFormat(rawValue: frm.pointee.format),
                            Int32(w), Int32(h), AV_PIX_FMT_RGB24, SWS_BILINEAR, nil, nil, nil)
                        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
                        sws_setColorspaceDetails(scaler, bt709, 0, bt709, 1, 0, 1 << 16, 1 << 16)
                    }
                    // swscale's SIMD writes whole vectors: rows padded to 64 bytes, with a spare row, so
                    // that widths that are not a multiple of 16 do not write past the buffer.
                    let stride = (w * 3 + 63) / 64 * 64
                    var padded = [UInt8](repeating: 0, count: stride * (h + 1))
                    defer {
                        rgb.reserveCapacity(w * h * 3)
                        for row in 0..<h { rgb.append(contentsOf: padded[(row * stride)..<(row * stride + w * 3)]) }
                    }
                    padded.withUnsafeMutableBufferPointer { out in
                        var dst: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
                        var dstStride: [Int32] = [Int32(stride), 0, 0, 0]
                        withUnsafePointer(to: &frm.pointee.data) { data in
                            withUnsafePointer(to: &frm.pointee.linesize) { lines in
                                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { src in
                                    lines.withMemoryRebound(to: Int32.self, capacity: 8) { srcStride in
                                        _ = sws_scale(scaler, src, srcStride, 0, Int32(h), &dst, &dstStride)
                                    }
                                }
                            }
                        }
                    }
                }
                var planes: [UInt8] = []
                if keepPlanes, frm.pointee.format == AV_PIX_FMT_YUV420P.rawValue {
                    let w = Int(frm.pointee.width)
                    let h = Int(frm.pointee.height)
                    withUnsafePointer(to: &frm.pointee.data) { data in
                        withUnsafePointer(to: &frm.pointee.linesize) { lines in
                            data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { src in
                                lines.withMemoryRebound(to: Int32.self, capacity: 8) { stride in
                                    for (plane, (width, height)) in [(w, h), (w / 2, h / 2), (w / 2, h / 2)]
                                        .enumerated()
                                    {
                                        guard let base = src[plane] else { continue }
                                        for row in 0..<height {
                                            planes.append(
                                                contentsOf: UnsafeBufferPointer(
                                                    start: base + row * Int(stride[plane]), count: width))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                decoded.append(
                    RGBFrame(
                        width: Int(frm.pointee.width), height: Int(frm.pointee.height),
                        pts: frm.pointee.pts, rgb: rgb, isKeyframe: frm.pointee.key_frame != 0,
                        codedBytes: Int(frm.pointee.pkt_size),
                        hadDecodeErrors: frm.pointee.decode_error_flags != 0
                            || frm.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0, planes: planes))
                av_frame_unref(frm)
            }
        }

        while av_read_frame(ctx, pkt) >= 0 {
            defer { av_packet_unref(pkt) }
            guard pkt.pointee.stream_index == index else { continue }
            packetTimes.append((pkt.pointee.pts, pkt.pointee.dts))
            try check(avcodec_send_packet(dec, pkt), "send packet")
            try drain()
        }
        try check(avcodec_send_packet(dec, nil), "flush decoder")
        try drain()
        return decoded
    }

    private static func check(_ code: Int32, _ what: String) throws {
        if code < 0 {
            var buffer = [CChar](repeating: 0, count: 128)
            _ = mk_strerror(code, &buffer, buffer.count)
            throw ProbeError(
                message:
                    "\(what): \(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))"
            )
        }
    }

    private static func require<T>(_ value: T?, _ what: String) throws -> T {
        guard let value else { throw ProbeError(message: "\(what): libav returned nothing") }
        return value
    }
}

/// A libav step of `MovieProbe` failed.
public struct ProbeError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
