internal import CFFmpeg

/// Owns one yuv420p `AVFrame` with its picture buffer, tagged BT.709 limited range.
final class VideoFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    /// Corresponds to `av_frame_alloc` and `av_frame_get_buffer`.
    init(width: Int, height: Int) throws {
        guard let frame = av_frame_alloc() else {
            throw MovieKitError.ffmpeg(operation: "Allocating a video frame", code: mk_averror(ENOMEM), message: "out of memory")
        }
        pointer = frame
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.color_primaries = AVCOL_PRI_BT709
        frame.pointee.color_trc = AVCOL_TRC_BT709
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        try FFmpegCall.check(av_frame_get_buffer(frame, 0), "Allocating a \(width)x\(height) video frame")
    }

    deinit {
        var frame: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&frame)
    }

    /// The presentation timestamp, in frames (the encoder's time base is 1/fps).
    var pts: Int64 {
        get { pointer.pointee.pts }
        set { pointer.pointee.pts = newValue }
    }
}
