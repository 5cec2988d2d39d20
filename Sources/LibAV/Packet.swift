internal import CFFmpeg

/// Owns one `AVPacket`, reused for every packet read from an input or received from an encoder.
package final class Packet {
    let pointer: UnsafeMutablePointer<AVPacket>

    /// Allocates an empty packet. Corresponds to `av_packet_alloc`.
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    package init() throws {
        guard let packet = av_packet_alloc() else { throw LibAVError.outOfMemory("Allocating a packet") }
        pointer = packet
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&packet)
    }

    /// The index of the stream the packet belongs to.
    package var streamIndex: Int { Int(pointer.pointee.stream_index) }

    /// The packet's payload size in bytes.
    package var size: Int { Int(pointer.pointee.size) }

    /// The presentation timestamp in its stream's time base, or `nil` when the packet has none.
    package var presentationTimestamp: Int64? {
        pointer.pointee.pts == LibAVError.noTimestamp ? nil : pointer.pointee.pts
    }

    /// Whether the packet starts a keyframe.
    package var isKeyframe: Bool { pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 }

    /// A packet holding a copy of `bytes`, presented at `pts` (in its encoder's time base), one
    /// frame long. Corresponds to `av_new_packet`.
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    package convenience init(bytes: [UInt8], pts: Int64) throws {
        try self.init()
        try LibAVError.check(
            av_new_packet(pointer, Int32(bytes.count)), .internalFailure, "Allocating a packet of \(bytes.count) bytes")
        bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            pointer.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
        pointer.pointee.pts = pts
        pointer.pointee.dts = pts
        pointer.pointee.duration = 1
    }

    /// Releases the payload, keeping the packet for reuse. Corresponds to `av_packet_unref`.
    package func unref() { av_packet_unref(pointer) }
}
