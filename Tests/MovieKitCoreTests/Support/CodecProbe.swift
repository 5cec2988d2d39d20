internal import CFFmpeg
import Foundation
import Testing

/// Decodes any movie MovieKit writes, in-process, into RGBA frames, with the stream's codec,
/// pixel format, tags and metadata: the checks for every codec and container.
struct CodecProbe {
    var codecName = ""
    var codecTag = ""
    var pixelFormat = ""
    var width = 0
    var height = 0
    var colorPrimaries = ""
    var colorTransfer = ""
    var colorSpace = ""
    var colorRange = ""
    var containerDuration = 0.0
    var streamMetadata: [String: String] = [:]
    var containerMetadata: [String: String] = [:]
    /// The decoder's output format (the decoder may add alpha the stream header does not show).
    var decodedPixelFormat = ""
    var frames: [[UInt8]] = []

    /// RGBA at (x, y) of frame `index`.
    func pixel(_ index: Int, x: Int, y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let i = (y * width + x) * 4
        let f = frames[index]
        return (Int(f[i]), Int(f[i + 1]), Int(f[i + 2]), Int(f[i + 3]))
    }

    /// Opens and decodes `url`, with the named decoder (such as `libvpx-vp9`, which reads VP9's alpha) or the default one.
    init(url: URL, decoderName: String? = nil) throws {
        var format: UnsafeMutablePointer<AVFormatContext>?
        try Self.check(avformat_open_input(&format, url.path, nil, nil), "open \(url.path)")
        defer { avformat_close_input(&format) }
        let ctx = try #require(format)
        try Self.check(avformat_find_stream_info(ctx, nil), "find stream info")
        containerMetadata = Self.dictionary(ctx.pointee.metadata)
        let index = av_find_best_stream(ctx, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        try Self.check(index, "find video stream")
        let stream = try #require(ctx.pointee.streams[Int(index)])
        streamMetadata = Self.dictionary(stream.pointee.metadata)
        let par = try #require(stream.pointee.codecpar)
        codecName = String(cString: avcodec_get_name(par.pointee.codec_id))
        let tag = par.pointee.codec_tag
        codecTag = String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: tag >> (8 * $0)) }, as: UTF8.self)
        pixelFormat =
            av_get_pix_fmt_name(AVPixelFormat(rawValue: par.pointee.format)).map { String(cString: $0) } ?? "none"
        width = Int(par.pointee.width)
        height = Int(par.pointee.height)
        colorPrimaries = String(cString: av_color_primaries_name(par.pointee.color_primaries))
        colorTransfer = String(cString: av_color_transfer_name(par.pointee.color_trc))
        colorSpace = String(cString: av_color_space_name(par.pointee.color_space))
        colorRange = String(cString: av_color_range_name(par.pointee.color_range))
        containerDuration = Double(ctx.pointee.duration) / Double(AV_TIME_BASE)

        let codec = try #require(
            decoderName.flatMap { avcodec_find_decoder_by_name($0) } ?? avcodec_find_decoder(par.pointee.codec_id))
        var decoder = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&decoder) }
        let dec = try #require(decoder)
        try Self.check(avcodec_parameters_to_context(dec, par), "decoder parameters")
        try Self.check(avcodec_open2(dec, codec, nil), "open decoder")
        var packet = av_packet_alloc()
        var frame = av_frame_alloc()
        var rgba = av_frame_alloc()
        defer {
            av_packet_free(&packet)
            av_frame_free(&frame)
            av_frame_free(&rgba)
        }
        let pkt = try #require(packet)
        let frm = try #require(frame)
        let out = try #require(rgba)
        var decoded: [[UInt8]] = []
        var lastFormat = ""
        func drain() throws {
            while true {
                let status = avcodec_receive_frame(dec, frm)
                if status == mk_averror_eagain() || status == mk_averror_eof() { return }
                try Self.check(status, "decode")
                lastFormat =
                    av_get_pix_fmt_name(AVPixelFormat(rawValue: frm.pointee.format)).map { String(cString: $0) }
                    ?? "none"
                let w = Int(frm.pointee.width)
                let h = Int(frm.pointee.height)
                out.pointee.width = Int32(w)
                out.pointee.height = Int32(h)
                out.pointee.format = AV_PIX_FMT_RGBA.rawValue
                let scaler = sws_getContext(
                    Int32(w), Int32(h), AVPixelFormat(rawValue: frm.pointee.format),
                    Int32(w), Int32(h), AV_PIX_FMT_RGBA, SWS_POINT, nil, nil, nil)
                defer { sws_freeContext(scaler) }
                if frm.pointee.colorspace == AVCOL_SPC_BT709 {
                    let bt709 = sws_getCoefficients(SWS_CS_ITU709)
                    sws_setColorspaceDetails(scaler, bt709, 0, bt709, 1, 0, 1 << 16, 1 << 16)
                }
                try Self.check(sws_scale_frame(scaler, out, frm), "convert to RGBA")
                var bytes = [UInt8](repeating: 0, count: w * h * 4)
                let stride = Int(out.pointee.linesize.0)
                if let data = out.pointee.data.0 {
                    for row in 0..<h { for x in 0..<(w * 4) { bytes[row * w * 4 + x] = data[row * stride + x] } }
                }
                decoded.append(bytes)
                av_frame_unref(out)
                av_frame_unref(frm)
            }
        }
        while av_read_frame(ctx, pkt) >= 0 {
            defer { av_packet_unref(pkt) }
            guard pkt.pointee.stream_index == index else { continue }
            try Self.check(avcodec_send_packet(dec, pkt), "send packet")
            try drain()
        }
        try Self.check(avcodec_send_packet(dec, nil), "flush decoder")
        try drain()
        frames = decoded
        decodedPixelFormat = lastFormat
    }

    private static func dictionary(_ dict: OpaquePointer?) -> [String: String] {
        var result: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dict, "", entry, AV_DICT_IGNORE_SUFFIX) {
            result[String(cString: next.pointee.key)] = String(cString: next.pointee.value)
            entry = next
        }
        return result
    }

    private static func check(_ code: Int32, _ what: String) throws {
        if code < 0 { throw ProbeError(message: "\(what): FFmpeg error \(code)") }
    }

    struct ProbeError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
