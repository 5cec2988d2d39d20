internal import CFFmpeg

/// Owns one `AVFrame`: a decoded picture, or a destination for pixel conversion.
final class FrameBuffer {
    let pointer: UnsafeMutablePointer<AVFrame>

    /// Allocates an empty frame. Corresponds to `av_frame_alloc`.
    /// - Throws: `FrameDrawError.unreadableImage` for `path` when libav is out of memory.
    init(path: String) throws {
        guard let frame = av_frame_alloc() else {
            throw FrameDrawError.unreadableImage(path: path, reason: "libav could not allocate a frame; the system is out of memory.")
        }
        pointer = frame
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    var width: Int { Int(pointer.pointee.width) }
    var height: Int { Int(pointer.pointee.height) }
    var pixelFormat: AVPixelFormat { AVPixelFormat(rawValue: pointer.pointee.format) }

    /// True when the decoder flagged the picture as damaged (missing or broken data).
    var isCorrupt: Bool {
        pointer.pointee.flags & AV_FRAME_FLAG_CORRUPT != 0 || pointer.pointee.decode_error_flags != 0
    }
}
