import Foundation
import FrameDraw

extension Layer {
    /// A movie clip, opened when the `SceneRenderer` is created; the bounds default to its upright
    /// picture size. Its sound plays with the scene's audio unless muted. After the clip's end its
    /// last picture stays until the layer's `outPoint`, unless it loops.
    /// - Parameters:
    ///   - url: The movie file (MP4, MOV, M4V, WebM, MKV…).
    ///   - cutFrom: Where the clip starts, in seconds of the file.
    ///   - cutTo: Where it stops; `nil` is the file's end.
    ///   - speed: The playback rate: 0.5 is slow motion, 2 twice as fast.
    ///   - loops: Whether the clip repeats from `cutFrom` until the layer's out point.
    ///   - fit: How the picture fits the layer's bounds. Default `.contain`.
    ///   - volume: Gain of the clip's sound.
    ///   - isMuted: Whether the clip's sound is left out.
    public static func video(
        contentsOf url: URL, cutFrom: Double = 0, cutTo: Double? = nil, speed: Double = 1, loops: Bool = false,
        fit: ContentFit = .contain, volume: Double = 1, isMuted: Bool = false
    ) -> Layer {
        Layer(
            .video(
                VideoContent(
                    url: url, cutFrom: cutFrom, cutTo: cutTo, speed: speed, loops: loops, fit: fit, volume: volume,
                    isMuted: isMuted)))
    }
}
