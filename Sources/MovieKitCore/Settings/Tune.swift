import Foundation

/// An x264/x265 tuning: encoder settings adjusted for a kind of picture or use, named as x264's
/// `--tune`. Only H.264 and HEVC take one; `film` and `stillimage` are x264's alone.
public enum Tune: String, Sendable, Hashable, CaseIterable {
    case film, animation, grain, stillimage, psnr, ssim, fastdecode, zerolatency

    /// Whether `codec`'s encoder has this tuning.
    public func isAvailable(for codec: VideoCodec) -> Bool {
        switch codec {
        case .h264: true
        case .hevc: ![.film, .stillimage].contains(self)
        default: false
        }
    }
}
