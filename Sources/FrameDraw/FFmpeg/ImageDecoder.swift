internal import CFFmpeg
import Foundation

/// Owns one opened decoder (`AVCodecContext`) for a still picture.
final class ImageDecoder {
    let context: UnsafeMutablePointer<AVCodecContext>
    let path: String

    /// Finds and opens the decoder for a stream's codec.
    /// Corresponds to `avcodec_find_decoder`, `avcodec_parameters_to_context` and `avcodec_open2`.
    /// - Throws: `FrameDrawError.unreadableImage` when no decoder exists or it cannot be opened.
    init(parameters: UnsafePointer<AVCodecParameters>, path: String) throws {
        self.path = path
        let codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        guard let codec = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw FrameDrawError.unreadableImage(
                path: path,
                reason: "This FFmpeg build has no \(codecName) decoder; install FFmpeg with \(codecName) support or convert the image to PNG."
            )
        }
        guard let context = avcodec_alloc_context3(codec) else {
            throw FrameDrawError.unreadableImage(path: path, reason: "libav could not allocate a decoder; the system is out of memory.")
        }
        self.context = context
        var status = avcodec_parameters_to_context(context, parameters)
        if status >= 0 { status = avcodec_open2(context, codec, nil) }
        guard status >= 0 else {
            throw FrameDrawError.unreadableImage(
                path: path, reason: "The \(codecName) decoder could not be opened (\(libavErrorText(status))); convert the image to PNG."
            )
        }
    }

    deinit {
        var context: UnsafeMutablePointer<AVCodecContext>? = self.context
        avcodec_free_context(&context)
    }

    /// Decodes the first picture of stream `streamIndex`, reading packets from `input` as needed.
    /// Corresponds to `avcodec_send_packet` and `avcodec_receive_frame`.
    /// - Throws: `FrameDrawError.unreadableImage` when the data is damaged or ends before a picture.
    func decodeFirstFrame(from input: FormatInput, streamIndex: Int32) throws -> FrameBuffer {
        let packet = try PacketBuffer(path: path)
        let frame = try FrameBuffer(path: path)
        var flushed = false
        while true {
            let received = avcodec_receive_frame(context, frame.pointer)
            if received >= 0 {
                guard !frame.isCorrupt else { throw damaged(detail: "the decoder flagged the picture as corrupt") }
                return frame
            }
            if received == mk_averror_eof() || (received == mk_averror_eagain() && flushed) {
                throw FrameDrawError.unreadableImage(
                    path: path,
                    reason: "The file ended before a complete picture was decoded; it is probably truncated. Export or download it again."
                )
            }
            guard received == mk_averror_eagain() else { throw damaged(detail: libavErrorText(received)) }
            if try input.read(into: packet) {
                defer { av_packet_unref(packet.pointer) }
                guard packet.pointer.pointee.stream_index == streamIndex else { continue }
                let sent = avcodec_send_packet(context, packet.pointer)
                guard sent >= 0 || sent == mk_averror_eagain() else { throw damaged(detail: libavErrorText(sent)) }
            } else {
                _ = avcodec_send_packet(context, nil)  // Flush: ask for any picture the decoder still holds.
                flushed = true
            }
        }
    }

    private func damaged(detail: String) -> FrameDrawError {
        .unreadableImage(
            path: path,
            reason: "The image data is damaged or incomplete (\(detail)); export or download the file again."
        )
    }
}
