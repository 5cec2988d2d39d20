internal import CFFmpeg
import Foundation

/// Owns one opened input file (`AVFormatContext`) and reads its packets.
package final class FormatInput {
    let context: UnsafeMutablePointer<AVFormatContext>
    /// The file, named in every error (for bytes in memory, the name they were given).
    package let path: String
    /// The reader of bytes in memory, freed after the context that reads through it.
    private let memory: MemoryReader?

    /// Opens `path` with the named demuxer, or lets libav probe when the name is `nil` or unknown.
    /// Corresponds to `avformat_open_input`.
    /// - Throws: `LibAVError` of kind `.unreadableInput` when libav cannot open the file.
    package init(path: String, demuxerName: String? = nil) throws {
        LogBridge.install()
        self.path = path
        let demuxer = demuxerName.flatMap { av_find_input_format($0) }
        var opened: UnsafeMutablePointer<AVFormatContext>?
        // The "file:" prefix stops libav from reading a colon in the path as a protocol name.
        let status = avformat_open_input(&opened, "file:" + path, demuxer, nil)
        guard status >= 0, let opened else {
            throw Self.openingFailure(status, name: path, what: "the file", advice: "a complete media file")
        }
        context = opened
        memory = nil
    }

    /// Opens bytes in memory with the named demuxer, or lets libav probe when the name is `nil` or
    /// unknown, as it opens a file. Corresponds to `avformat_alloc_context` and `avformat_open_input`
    /// with custom I/O (`AVFMT_FLAG_CUSTOM_IO`).
    /// - Parameter name: What the bytes are, named in errors in place of a path.
    /// - Throws: `LibAVError` of kind `.unreadableInput` when libav cannot open the bytes, or `.outOfMemory`.
    package init(data: Data, name: String, demuxerName: String? = nil) throws {
        LogBridge.install()
        path = name
        let reader = try MemoryReader(data: data, name: name)
        guard let allocated = avformat_alloc_context() else { throw LibAVError.outOfMemory("Opening \(name)") }
        allocated.pointee.pb = reader.io
        allocated.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
        var opened: UnsafeMutablePointer<AVFormatContext>? = allocated
        let demuxer = demuxerName.flatMap { av_find_input_format($0) }
        // On failure avformat_open_input frees the context (not the reader's I/O context).
        let status = avformat_open_input(&opened, "", demuxer, nil)
        guard status >= 0, let opened else {
            throw Self.openingFailure(status, name: name, what: "the data", advice: "a complete picture")
        }
        context = opened
        memory = reader
    }

    /// The error for `avformat_open_input`'s `status` on `name`: out of memory, or unreadable input
    /// with libav's reason and `advice` on what it should be.
    private static func openingFailure(_ status: Int32, name: String, what: String, advice: String) -> LibAVError {
        if LibAVError.isOutOfMemory(status) { return LibAVError.outOfMemory("Opening \(name)") }
        return LibAVError(
            .unreadableInput, operation: "Opening \(name)", code: status,
            message: "libav could not open \(what) (\(LibAVError.errorText(status))); check that it is \(advice)")
    }

    deinit {
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&opened)
    }

    /// Reads the stream headers more deeply, for containers that need it (movies, audio).
    /// Corresponds to `avformat_find_stream_info`.
    package func findStreamInfo() throws {
        try LibAVError.check(
            avformat_find_stream_info(context, nil), .unreadableInput, "Reading the stream headers of \(path)")
    }

    /// The file's duration in seconds, or `nil` when the container does not state it.
    package var duration: Double? {
        let value = context.pointee.duration
        guard value != LibAVError.noTimestamp, value > 0 else { return nil }
        return Double(value) / Double(AV_TIME_BASE)
    }

    /// A container metadata tag, such as `comment`.
    package func metadata(_ key: String) -> String? {
        av_dict_get(context.pointee.metadata, key, nil, 0).map { String(cString: $0.pointee.value) }
    }

    /// The presentation time of a packet in seconds, counted from the presentation timestamp
    /// `origin` (in its stream's time base).
    package func seconds(ofPacket packet: Packet, after origin: Int64 = 0) -> Double? {
        guard let stream = stream(at: packet.streamIndex), packet.pointer.pointee.pts != LibAVError.noTimestamp else {
            return nil
        }
        return Double(packet.pointer.pointee.pts - origin) * av_q2d(stream.pointee.time_base)
    }

    /// The best video stream's frame rate as numerator and denominator, when the container states it.
    package func videoFrameRate() -> (numerator: Int, denominator: Int)? {
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = stream(at: Int(index)) else { return nil }
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        guard rate.num > 0, rate.den > 0 else { return nil }
        return (Int(rate.num), Int(rate.den))
    }

    /// The number of streams in the file.
    package var streamCount: Int { Int(context.pointee.nb_streams) }

    /// The index of the best stream of a kind. Corresponds to `av_find_best_stream`.
    /// - Throws: `LibAVError` of kind `.unreadableInput` naming what is missing.
    package func bestStream(_ kind: MediaKind) throws -> Int {
        let index = av_find_best_stream(context, kind.avType, -1, -1, nil, 0)
        guard index >= 0, stream(at: Int(index))?.pointee.codecpar != nil else {
            throw LibAVError(
                .unreadableInput, operation: "Finding \(kind.noun) in \(path)",
                message: "the file contains no \(kind.noun) that libav can find")
        }
        return Int(index)
    }

    func stream(at index: Int) -> UnsafeMutablePointer<AVStream>? {
        guard index >= 0, index < streamCount, let streams = context.pointee.streams else { return nil }
        return streams[index]
    }

    /// The kind of stream `index`, or `nil` for data and unknown streams.
    package func kind(ofStream index: Int) -> MediaKind? {
        switch stream(at: index)?.pointee.codecpar.pointee.codec_type {
        case AVMEDIA_TYPE_VIDEO: .video
        case AVMEDIA_TYPE_AUDIO: .audio
        default: nil
        }
    }

    /// Reads the next packet into `packet`; returns false at the end of the file.
    /// Corresponds to `av_read_frame`.
    /// - Throws: `LibAVError` of kind `.unreadableInput` on a read error.
    package func read(into packet: Packet) throws -> Bool {
        let status = av_read_frame(context, packet.pointer)
        if status == LibAVError.eof { return false }
        guard status >= 0 else {
            if LibAVError.isOutOfMemory(status) { throw LibAVError.outOfMemory("Reading \(path)") }
            throw LibAVError(
                .unreadableInput, operation: "Reading \(path)", code: status,
                message:
                    "reading the file failed (\(LibAVError.errorText(status))); the file may be truncated or damaged")
        }
        return true
    }
}

/// The kinds of stream this layer reads and writes.
package enum MediaKind: Sendable, Hashable {
    case video
    case audio

    var avType: AVMediaType { self == .video ? AVMEDIA_TYPE_VIDEO : AVMEDIA_TYPE_AUDIO }
    var noun: String { self == .video ? "picture" : "audio" }
}
