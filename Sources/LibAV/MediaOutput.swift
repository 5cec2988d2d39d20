internal import CFFmpeg
import Foundation

/// The container being written: owns the `AVFormatContext`, its streams and its AVIO handle.
///
/// Streams are added one per encoder before `start()`. Packets from any stream are interleaved
/// by timestamp (`av_interleaved_write_frame`), so video and audio can be written as they come.
package final class MediaOutput {
    /// The containers this layer writes, by libav muxer name.
    package enum Container: String, Sendable, CaseIterable {
        case mp4
        case mov
        case webm
        case matroska
        case gif
        /// Animated WebP; its `loop` option is added with `addOptions`.
        case webp
        /// Numbered image files in a folder; the path is a pattern such as `dir/frame-%06d.png`.
        case image2
        /// MP4 written as fragments, one per keyframe: chunk files that join by stream copy.
        case fragmentedMP4

        /// The libav muxer's name.
        var muxerName: String { self == .fragmentedMP4 ? "mp4" : rawValue }

        /// Options the muxer takes before its header.
        var headerOptions: [CodecOption] {
            switch self {
            case .mp4, .mov: [CodecOption("movflags", "+faststart")]
            case .fragmentedMP4: [CodecOption("movflags", "+frag_keyframe+empty_moov+default_base_moof")]
            case .image2: [CodecOption("start_number", "0")]
            case .webm, .matroska, .gif, .webp: []
            }
        }
    }

    private struct Stream {
        let pointer: UnsafeMutablePointer<AVStream>
        /// The encoder's time base, which its packets' timestamps are in.
        let encoderTimeBase: AVRational
    }

    private let context: UnsafeMutablePointer<AVFormatContext>
    private var streams: [Stream] = []
    private let path: String
    /// The file the user asked for, named in error messages instead of a temporary file.
    private let destination: String
    private var ioOpen = false
    private var started = false

    /// Creates the muxer for `container`, writing to `path` when started.
    /// Corresponds to `avformat_alloc_output_context2`.
    /// - Parameter destination: The path named in errors (the temporary file's final name).
    /// - Throws: `LibAVError` of kind `.unavailable` or `.outOfMemory`.
    package init(container: Container, path: String, destination: String) throws {
        LogBridge.install()
        var allocated: UnsafeMutablePointer<AVFormatContext>?
        let status = avformat_alloc_output_context2(&allocated, nil, container.muxerName, path)
        guard status >= 0, let context = allocated else {
            avformat_free_context(allocated)
            if LibAVError.isOutOfMemory(status) {
                throw LibAVError.outOfMemory("Creating the \(container.rawValue) muxer")
            }
            throw LibAVError(
                .unavailable(component: "\(container.rawValue) muxer"),
                operation: "Creating the \(container.rawValue) muxer for \(destination)",
                code: status, message: LibAVError.errorText(status))
        }
        self.context = context
        self.path = path
        self.destination = destination
        self.container = container
    }

    deinit {
        if ioOpen { avio_closep(&context.pointee.pb) }
        avformat_free_context(context)
    }

    /// Whether the muxer wants codec headers in extradata (`AVFMT_GLOBALHEADER`); pass it to the encoders.
    package var wantsGlobalHeader: Bool {
        (context.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER) != 0
    }

    private let container: Container
    private var extraOptions: [CodecOption] = []

    /// Adds muxer options, such as the GIF muxer's `loop` and `final_delay`. Unknown ones are refused at `start()`.
    package func addOptions(_ options: [CodecOption]) {
        extraOptions += options
    }

    /// Sets container metadata such as `title`, `artist`, `comment` and `creation_time`.
    /// Corresponds to `av_dict_set` on the format context's metadata.
    package func setMetadata(_ entries: [CodecOption]) throws {
        for entry in entries {
            try LibAVError.check(
                av_dict_set(&context.pointee.metadata, entry.name, entry.value, 0), .internalFailure,
                "Setting the \(entry.name) metadata")
        }
    }

    /// Adds a stream that carries `encoder`'s packets, and returns its index for `write`.
    /// Corresponds to `avformat_new_stream` and `avcodec_parameters_from_context`.
    /// - Parameter codecTag: A four-character code for the stream, such as `hvc1`, instead of the muxer's default.
    /// - Throws: `LibAVError` of kind `.outOfMemory`, or `.internalFailure` after `start()`.
    package func addStream(for encoder: some StreamEncoder, codecTag: String? = nil) throws -> Int {
        guard !started else {
            throw LibAVError(
                .internalFailure, operation: "Adding a stream to \(destination)",
                message: "the header is already written")
        }
        guard let stream = avformat_new_stream(context, nil) else { throw LibAVError.outOfMemory("Adding a stream") }
        let codec = encoder.context.pointer
        try LibAVError.check(
            avcodec_parameters_from_context(stream.pointee.codecpar, codec), .internalFailure,
            "Copying encoder parameters")
        if let codecTag {
            let bytes = Array(codecTag.utf8.prefix(4)).map(UInt32.init)
            stream.pointee.codecpar.pointee.codec_tag = bytes.enumerated().reduce(0) {
                $0 | $1.element << (8 * UInt32($1.offset))
            }
        }
        stream.pointee.time_base = codec.pointee.time_base
        if codec.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
            stream.pointee.avg_frame_rate = codec.pointee.framerate
            stream.pointee.r_frame_rate = codec.pointee.framerate
        }
        streams.append(Stream(pointer: stream, encoderTimeBase: codec.pointee.time_base))
        return streams.count - 1
    }

    /// Names stream `index`'s language (ISO 639-2) and title, and marks it the default of its kind.
    /// Corresponds to `av_dict_set` on the stream's metadata and `AVStream.disposition`.
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    package func describeStream(_ index: Int, language: String?, title: String?, isDefault: Bool) throws {
        let stream = streams[index].pointer
        for (key, value) in [("language", language), ("title", title)] {
            guard let value else { continue }
            try LibAVError.check(
                av_dict_set(&stream.pointee.metadata, key, value, 0), .internalFailure, "Setting a stream's \(key)")
        }
        if isDefault { stream.pointee.disposition |= AV_DISPOSITION_DEFAULT }
    }

    /// Adds a stream that copies stream `index` of `input` without re-encoding, and returns its index.
    /// Corresponds to `avformat_new_stream` and `avcodec_parameters_copy`.
    /// - Throws: `LibAVError` of kind `.outOfMemory` or `.internalFailure`.
    package func addStream(copying input: FormatInput, stream index: Int) throws -> Int {
        guard let source = input.stream(at: index) else {
            throw LibAVError(
                .internalFailure, operation: "Copying a stream of \(input.path)",
                message: "stream \(index) does not exist")
        }
        guard let stream = avformat_new_stream(context, nil) else { throw LibAVError.outOfMemory("Adding a stream") }
        try LibAVError.check(
            avcodec_parameters_copy(stream.pointee.codecpar, source.pointee.codecpar), .internalFailure,
            "Copying stream parameters")
        stream.pointee.codecpar.pointee.codec_tag = 0  // Let the muxer choose its own tag.
        stream.pointee.time_base = source.pointee.time_base
        stream.pointee.avg_frame_rate = source.pointee.avg_frame_rate
        stream.pointee.r_frame_rate = source.pointee.r_frame_rate
        streams.append(Stream(pointer: stream, encoderTimeBase: source.pointee.time_base))
        return streams.count - 1
    }

    /// Writes a packet copied from stream `sourceStream` of `input`, moved in time so that the
    /// presentation timestamp `origin` (in that stream's time base: a chunk's first picture) falls on
    /// frame `frame` at `frameRate` (frames per second as numerator and denominator).
    ///
    /// A chunk file states its own start: a fragmented MP4 has no edit list, so the muxer moved its
    /// timestamps until the first decoding timestamp was 0, and its first picture is presented after
    /// the encoder's reorder delay. Moving by the first picture instead gives the packets of a single
    /// render (first picture at 0, earlier decoding timestamps), which this muxer writes behind an
    /// edit list as it does for a single render.
    /// Corresponds to `av_packet_rescale_ts` and `av_interleaved_write_frame`.
    package func write(
        _ packet: Packet, toStream index: Int, copiedFrom input: FormatInput, stream sourceStream: Int,
        presenting origin: Int64, atFrame frame: Int, frameRate: (numerator: Int, denominator: Int)
    ) throws {
        guard let source = input.stream(at: sourceStream) else {
            throw LibAVError(
                .internalFailure, operation: "Copying a packet of \(input.path)",
                message: "stream \(sourceStream) does not exist")
        }
        let target = streams[index].encoderTimeBase
        let start = av_rescale_q(
            Int64(frame), AVRational(num: Int32(frameRate.denominator), den: Int32(frameRate.numerator)), target)
        let offset = start - av_rescale_q(origin, source.pointee.time_base, target)
        av_packet_rescale_ts(packet.pointer, source.pointee.time_base, target)
        if packet.pointer.pointee.pts != LibAVError.noTimestamp { packet.pointer.pointee.pts += offset }
        if packet.pointer.pointee.dts != LibAVError.noTimestamp { packet.pointer.pointee.dts += offset }
        packet.pointer.pointee.pos = -1
        try write(packet, toStream: index)
    }

    /// Opens the file and writes the header (MP4 and MOV with `+faststart`), refusing any option
    /// the muxer ignores. Corresponds to `avio_open` and `avformat_write_header`.
    /// - Throws: `LibAVError` of kind `.writeFailed` when the file cannot be opened or written.
    package func start() throws {
        if context.pointee.oformat.pointee.flags & AVFMT_NOFILE == 0 {
            try LibAVError.check(
                avio_open(&context.pointee.pb, path, AVIO_FLAG_WRITE), .writeFailed,
                "Opening a temporary file beside \(destination) for writing")
            ioOpen = true
        }
        let options = try OptionDictionary(container.headerOptions + extraOptions)
        try LibAVError.check(
            avformat_write_header(context, &options.pointer), .writeFailed,
            "Writing the movie header for \(destination)")
        try options.throwIfUnused(by: "the muxer")
        started = true
    }

    /// Rescales a packet from its encoder's time base to the stream's and writes it, interleaved.
    /// Corresponds to `av_packet_rescale_ts` and `av_interleaved_write_frame`.
    /// - Throws: `LibAVError` of kind `.writeFailed`.
    package func write(_ packet: Packet, toStream index: Int) throws {
        let stream = streams[index]
        av_packet_rescale_ts(packet.pointer, stream.encoderTimeBase, stream.pointer.pointee.time_base)
        packet.pointer.pointee.stream_index = stream.pointer.pointee.index
        try LibAVError.check(
            av_interleaved_write_frame(context, packet.pointer), .writeFailed, "Writing movie data for \(destination)")
    }

    /// Writes the trailer (and with `+faststart`, moves the index to the front), then closes the file.
    /// Corresponds to `av_write_trailer` and `avio_closep`.
    /// - Throws: `LibAVError` of kind `.writeFailed`.
    package func finish() throws {
        try LibAVError.check(av_write_trailer(context), .writeFailed, "Finishing the movie file \(destination)")
        guard ioOpen else { return }
        ioOpen = false
        try LibAVError.check(
            avio_closep(&context.pointee.pb), .writeFailed, "Closing the movie file for \(destination)")
    }
}
