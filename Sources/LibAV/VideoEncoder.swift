internal import CFFmpeg
import Foundation

/// What a video encoder is opened with: plain values, no C types.
package struct VideoEncoderConfiguration: Sendable, Hashable {
    /// The libav encoder name, such as `libx264`.
    package var encoderName: String
    package var width: Int
    package var height: Int
    /// Frames per second as `numerator / denominator`; the encoder's time base is its inverse.
    package var frameRateNumerator: Int
    package var frameRateDenominator: Int
    package var pixelFormat: PixelFormat = .yuv420p
    /// Frames between keyframes.
    package var gopSize: Int
    /// Target bits per second, or `nil` for the codec's quality option.
    package var bitRate: Int?
    /// Encoder-private options, such as `preset` and `crf`. Each must be recognised by the encoder.
    package var options: [CodecOption] = []
    /// Encoder threads, or 0 to let the encoder choose (as the ffmpeg CLI does).
    package var threadCount = 0

    package init(
        encoderName: String, width: Int, height: Int, frameRateNumerator: Int, frameRateDenominator: Int, gopSize: Int
    ) {
        self.encoderName = encoderName
        self.width = width
        self.height = height
        self.frameRateNumerator = frameRateNumerator
        self.frameRateDenominator = frameRateDenominator
        self.gopSize = gopSize
    }
}

/// Owns a video encoder, opened from a `VideoEncoderConfiguration` with BT.709 colour tags.
package final class VideoEncoder: StreamEncoder {
    package let context: CodecContext
    private let packet: Packet

    /// Finds the encoder and opens it. Corresponds to `avcodec_find_encoder_by_name` and `avcodec_open2`.
    /// - Parameter globalHeader: Whether the muxer wants codec headers in extradata (`MediaOutput.wantsGlobalHeader`).
    /// - Throws: `LibAVError` of kind `.unavailable` when the encoder is missing, `.settingsRefused`
    ///   when it refuses a value or an option, or `.outOfMemory`.
    package init(configuration: VideoEncoderConfiguration, globalHeader: Bool) throws {
        LogBridge.install()
        let name = configuration.encoderName
        if name == "libsvtav1" {
            // SVT-AV1 prints its banner to standard error unless SVT_LOG asks for errors only; a
            // value the user set is kept.
            setenv("SVT_LOG", "1", 0)
        }
        guard let codec = avcodec_find_encoder_by_name(name) else {
            throw LibAVError(
                .unavailable(component: name), operation: "Opening the \(name) encoder",
                message: "this FFmpeg build has no \(name) encoder")
        }
        packet = try Packet()
        context = try CodecContext(codec: codec)
        let c = context.pointer
        c.pointee.width = Int32(configuration.width)
        c.pointee.height = Int32(configuration.height)
        c.pointee.time_base = AVRational(
            num: Int32(configuration.frameRateDenominator), den: Int32(configuration.frameRateNumerator))
        c.pointee.framerate = AVRational(
            num: Int32(configuration.frameRateNumerator), den: Int32(configuration.frameRateDenominator))
        c.pointee.pix_fmt = configuration.pixelFormat.avFormat
        c.pointee.gop_size = Int32(configuration.gopSize)
        if configuration.pixelFormat.isYUV {
            c.pointee.color_primaries = AVCOL_PRI_BT709
            c.pointee.color_trc = AVCOL_TRC_BT709
            c.pointee.colorspace = AVCOL_SPC_BT709
            c.pointee.color_range = AVCOL_RANGE_MPEG
        }
        c.pointee.sample_aspect_ratio = AVRational(num: 1, den: 1)
        c.pointee.thread_count = Int32(configuration.threadCount)
        // Zero selects the codec's constant-quality mode (libavcodec's default would be 200 kb/s).
        c.pointee.bit_rate = Int64(configuration.bitRate ?? 0)
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        try context.open(
            options: configuration.options, refusal: .settingsRefused(setting: nil),
            operation: "Opening the \(name) encoder at \(configuration.width)x\(configuration.height)")
    }

    /// Sends one frame (or `nil` to flush) and hands every packet that becomes ready to `write`.
    /// Corresponds to `avcodec_send_frame` followed by `avcodec_receive_packet` until EAGAIN or EOF.
    /// - Throws: `LibAVError` of kind `.internalFailure` (or `.outOfMemory`), or `write`'s error.
    package func encode(_ frame: Frame?, write: (Packet) throws -> Void) throws {
        try LibAVError.check(
            avcodec_send_frame(context.pointer, frame?.pointer), .internalFailure,
            frame == nil
                ? "Flushing the \(context.codecName) encoder" : "Sending a frame to the \(context.codecName) encoder")
        while true {
            let status = avcodec_receive_packet(context.pointer, packet.pointer)
            if status == LibAVError.eagain || status == LibAVError.eof { return }
            try LibAVError.check(status, .internalFailure, "Receiving a packet from the \(context.codecName) encoder")
            if packet.pointer.pointee.duration == 0 {
                packet.pointer.pointee.duration = 1  // One frame in the encoder's time base (1/fps).
            }
            if packet.pointer.pointee.dts == LibAVError.noTimestamp {
                // Intra-only encoders (PNG, GIF, ProRes) leave it unset.
                packet.pointer.pointee.dts = packet.pointer.pointee.pts
            }
            defer { packet.unref() }
            try write(packet)
        }
    }
}

/// An encoder whose packets a `MediaOutput` stream carries.
package protocol StreamEncoder: AnyObject {
    /// The codec context a `MediaOutput` stream copies its parameters from.
    var context: CodecContext { get }
}
