internal import CFFmpeg

/// Owns one reusable `AVPacket`.
final class EncodedPacket {
    let pointer: UnsafeMutablePointer<AVPacket>

    /// Corresponds to `av_packet_alloc`.
    init() throws {
        guard let packet = av_packet_alloc() else {
            throw MovieKitError.ffmpeg(operation: "Allocating a packet", code: mk_averror(ENOMEM), message: "out of memory")
        }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }
}
