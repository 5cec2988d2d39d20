internal import CFFmpeg
import Foundation

/// Owns one opened input file (`AVFormatContext`) and reads its packets.
final class FormatInput {
    let context: UnsafeMutablePointer<AVFormatContext>
    let path: String

    /// Opens `path` with the named demuxer, or lets libav probe when the name is `nil` or unknown.
    /// Corresponds to `avformat_open_input`.
    /// - Throws: `FrameDrawError.unreadableImage` when libav cannot open the file.
    init(path: String, demuxerName: String?) throws {
        FFmpegLogBridge.install()
        self.path = path
        let demuxer = demuxerName.flatMap { av_find_input_format($0) }
        var opened: UnsafeMutablePointer<AVFormatContext>?
        // The "file:" prefix stops libav from reading a colon in the path as a protocol name.
        let status = avformat_open_input(&opened, "file:" + path, demuxer, nil)
        guard status >= 0, let opened else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "libav could not open the file (\(libavErrorText(status))); check that it is a complete image file."
            )
        }
        context = opened
    }

    deinit {
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&opened)
    }

    /// The index and codec parameters of the picture stream. Corresponds to `av_find_best_stream`.
    /// - Throws: `FrameDrawError.unreadableImage` when the file holds no picture.
    func pictureStream() throws -> (index: Int32, parameters: UnsafeMutablePointer<AVCodecParameters>) {
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let streams = context.pointee.streams, let stream = streams[Int(index)],
              let parameters = stream.pointee.codecpar
        else {
            throw FrameDrawError.unreadableImage(
                path: path, reason: "The file contains no picture that libav can find; check that it is an image file."
            )
        }
        return (index, parameters)
    }

    /// Reads the next packet into `packet`; returns false at the end of the file.
    /// Corresponds to `av_read_frame`.
    /// - Throws: `FrameDrawError.unreadableImage` on a read error.
    func read(into packet: PacketBuffer) throws -> Bool {
        let status = av_read_frame(context, packet.pointer)
        if status == mk_averror_eof() { return false }
        guard status >= 0 else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "Reading the file failed (\(libavErrorText(status))); the file may be truncated or damaged. Export or download it again."
            )
        }
        return true
    }
}
