internal import CFFmpeg

/// What libav can decode and allocate, asked before a decode starts.
package enum PictureLimits {
    /// Whether libav accepts a picture of this size. libavcodec refuses any picture whose padded
    /// area, (width + 128) × (height + 128), reaches 2^31 / 8 bytes: about 16000 × 16000.
    /// Corresponds to `av_image_check_size`.
    package static func isDecodable(width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { return false }
        return av_image_check_size(UInt32(width), UInt32(height), 0, nil) >= 0
    }
}
