internal import CFFmpeg

/// Owns the H.264 encoder (`AVCodecContext` for libx264), configured from `MovieSettings`.
final class VideoEncoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    private let packet: EncodedPacket

    /// Finds libx264 and opens it with the settings' size, rate, preset, CRF or bit rate, and BT.709 tags.
    /// - Parameter globalHeader: Whether the muxer wants SPS/PPS in extradata rather than in-band.
    /// - Throws: `MovieKitError.encoderUnavailable` or `.ffmpeg` when the encoder cannot be opened.
    init(settings: MovieSettings, globalHeader: Bool) throws {
        let codecName = "libx264"
        guard let codec = avcodec_find_encoder_by_name(codecName) else {
            throw MovieKitError.encoderUnavailable(codecName)
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw MovieKitError.ffmpeg(operation: "Allocating the encoder", code: mk_averror(ENOMEM), message: "out of memory")
        }
        self.context = context
        packet = try EncodedPacket()

        let rate = settings.fps
        context.pointee.width = Int32(settings.width)
        context.pointee.height = Int32(settings.height)
        context.pointee.time_base = AVRational(num: Int32(rate.denominator), den: Int32(rate.numerator))
        context.pointee.framerate = AVRational(num: Int32(rate.numerator), den: Int32(rate.denominator))
        context.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        context.pointee.gop_size = Int32(settings.gopSize)
        context.pointee.color_primaries = AVCOL_PRI_BT709
        context.pointee.color_trc = AVCOL_TRC_BT709
        context.pointee.colorspace = AVCOL_SPC_BT709
        context.pointee.color_range = AVCOL_RANGE_MPEG
        context.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        context.pointee.thread_count = 0  // x264 picks its own thread count, as the ffmpeg CLI does.
        if globalHeader {
            context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }

        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        av_dict_set(&options, "preset", settings.preset.rawValue, 0)
        // CRF 0 is lossless, which x264 can only encode in the High 4:4:4 Predictive profile.
        if settings.bitRate != nil || settings.crf > 0 {
            av_dict_set(&options, "profile", "high", 0)
        }
        if let bitRate = settings.bitRate {
            context.pointee.bit_rate = Int64(bitRate)
        } else {
            av_dict_set(&options, "crf", String(settings.crf), 0)
        }
        try FFmpegCall.check(avcodec_open2(context, codec, &options), "Opening the \(codecName) encoder")
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = self.context
        avcodec_free_context(&context)
    }

    /// Sends one frame (or `nil` to flush) and hands every packet that becomes ready to `write`.
    /// Corresponds to `avcodec_send_frame` followed by `avcodec_receive_packet` until EAGAIN or EOF.
    func encode(
        _ frame: UnsafeMutablePointer<AVFrame>?,
        write: (UnsafeMutablePointer<AVPacket>) throws -> Void
    ) throws {
        try FFmpegCall.check(avcodec_send_frame(context, frame), frame == nil ? "Flushing the encoder" : "Sending a frame to the encoder")
        while true {
            let status = avcodec_receive_packet(context, packet.pointer)
            if status == FFmpegCall.eagain || status == FFmpegCall.eof { return }
            try FFmpegCall.check(status, "Receiving a packet from the encoder")
            if packet.pointer.pointee.duration == 0 {
                packet.pointer.pointee.duration = 1  // One frame in the encoder's time base (1/fps).
            }
            defer { av_packet_unref(packet.pointer) }
            try write(packet.pointer)
        }
    }
}
