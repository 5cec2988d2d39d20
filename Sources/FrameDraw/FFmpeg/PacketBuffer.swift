internal import CFFmpeg

/// Owns one `AVPacket`, reused for every packet read from an input.
final class PacketBuffer {
    let pointer: UnsafeMutablePointer<AVPacket>

    /// Allocates an empty packet. Corresponds to `av_packet_alloc`.
    /// - Throws: `FrameDrawError.unreadableImage` for `path` when libav is out of memory.
    init(path: String) throws {
        guard let packet = av_packet_alloc() else {
            throw FrameDrawError.unreadableImage(path: path, reason: "libav could not allocate a packet; the system is out of memory.")
        }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }
}
