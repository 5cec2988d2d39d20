internal import CFFmpeg
import Foundation

/// The container being written: owns the `AVFormatContext`, its one video stream and its AVIO handle.
final class OutputFile {
    /// The containers MovieKit writes, chosen by the destination's extension.
    enum Container: String {
        case mp4
        case mov

        init?(pathExtension: String) {
            switch pathExtension.lowercased() {
            case "mp4", "m4v": self = .mp4
            case "mov": self = .mov
            default: return nil
            }
        }
    }

    private let context: UnsafeMutablePointer<AVFormatContext>
    private let stream: UnsafeMutablePointer<AVStream>
    private let path: String
    /// The file the user asked for, named in error messages instead of the hidden temporary file.
    private let destination: String
    private var ioOpen = false

    /// Creates the muxer for `container`, writing to `path` (a temporary file beside `destination`).
    /// Corresponds to `avformat_alloc_output_context2` and `avformat_new_stream`.
    init(container: Container, path: String, destination: String) throws {
        var allocated: UnsafeMutablePointer<AVFormatContext>?
        try FFmpegCall.check(
            avformat_alloc_output_context2(&allocated, nil, container.rawValue, path),
            "Creating the \(container.rawValue) muxer for \(destination)")
        guard let context = allocated, let stream = avformat_new_stream(context, nil) else {
            avformat_free_context(allocated)
            throw MovieKitError.ffmpeg(operation: "Adding a video stream", code: mk_averror(ENOMEM), message: "out of memory")
        }
        self.context = context
        self.stream = stream
        self.path = path
        self.destination = destination
    }

    deinit {
        if ioOpen { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// Whether the muxer wants codec headers in extradata (`AVFMT_GLOBALHEADER`).
    var wantsGlobalHeader: Bool {
        (context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0
    }

    /// Copies the encoder's parameters to the stream, opens the file and writes the header with `+faststart`.
    /// Corresponds to `avcodec_parameters_from_context`, `avio_open` and `avformat_write_header`.
    func start(encoder: VideoEncoder) throws {
        let codec = encoder.context
        try FFmpegCall.check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), "Copying encoder parameters")
        stream.pointee.time_base = codec.pointee.time_base
        stream.pointee.avg_frame_rate = codec.pointee.framerate
        stream.pointee.r_frame_rate = codec.pointee.framerate
        try FFmpegCall.check(avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), "Opening a temporary file beside \(destination) for writing")
        ioOpen = true
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        av_dict_set(&options, "movflags", "+faststart", 0)
        try FFmpegCall.check(avformat_write_header(context, &options), "Writing the movie header for \(destination)")
    }

    /// Rescales a packet from the encoder's time base to the stream's and writes it.
    /// Corresponds to `av_packet_rescale_ts` and `av_interleaved_write_frame`.
    func write(_ packet: UnsafeMutablePointer<AVPacket>, from timeBase: AVRational) throws {
        av_packet_rescale_ts(packet, timeBase, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        try FFmpegCall.check(av_interleaved_write_frame(context, packet), "Writing video data for \(destination)")
    }

    /// Writes the trailer (and with `+faststart`, moves the index to the front), then closes the file.
    /// Corresponds to `av_write_trailer` and `avio_closep`.
    func finish() throws {
        try FFmpegCall.check(av_write_trailer(context), "Finishing the movie file \(destination)")
        ioOpen = false
        try FFmpegCall.check(avio_closep(&context.pointee.pb), "Closing the movie file for \(destination)")
    }
}
