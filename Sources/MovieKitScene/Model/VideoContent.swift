import Foundation
import FrameDraw

/// The movie clip of a video layer: which part plays, how fast, how it fits the bounds and how
/// loud its sound is.
///
/// The layer's clock drives the clip: at `t` seconds after the layer's `inPoint` it shows the
/// clip's picture at `cutFrom + t × speed` (wrapped into `cutFrom..<cutTo` when it loops, else
/// the last picture held). The picture is a pure function of time, so frames can be drawn in any
/// order or on several threads.
public struct VideoContent: Sendable {
    /// The movie file: anything FFmpeg decodes (H.264, HEVC, VP8/VP9, AV1, ProRes, …).
    public var url: URL
    /// Where the clip starts playing, in seconds of the file. Default 0.
    public var cutFrom: Double
    /// Where it stops, in seconds of the file; `nil` is the file's end.
    public var cutTo: Double?
    /// The playback rate: 0.5 is slow motion, 2 twice as fast. Sound keeps its pitch. Default 1.
    public var speed: Double
    /// Whether the clip starts again from `cutFrom` when it reaches `cutTo`. Default false (holds the last picture).
    public var loops: Bool
    /// How the picture fits the layer's bounds. Default `.contain`.
    public var fit: ContentFit
    /// Linear gain of the clip's sound: 1 keeps the level. Default 1.
    public var volume: Double
    /// Whether the clip's sound is left out. Default false.
    public var isMuted: Bool
    /// The opened clip, set by `SceneRenderer`; `nil` draws nothing.
    var clip: VideoClip?
    /// Whether the picture is drawn as a soft blur (a tiny copy drawn large), for a backdrop
    /// behind a contained copy of the same clip (`contain-blur`).
    var isBlurred = false

    /// Creates video content.
    /// - Parameters:
    ///   - url: The movie file.
    ///   - cutFrom: Where the clip starts, in seconds of the file.
    ///   - cutTo: Where it stops; `nil` is the file's end.
    ///   - speed: The playback rate, more than 0.
    ///   - loops: Whether the clip repeats from `cutFrom`.
    ///   - fit: How the picture fits the layer's bounds.
    ///   - volume: Gain of the clip's sound.
    ///   - isMuted: Whether the sound is left out.
    public init(
        url: URL, cutFrom: Double = 0, cutTo: Double? = nil, speed: Double = 1, loops: Bool = false,
        fit: ContentFit = .contain, volume: Double = 1, isMuted: Bool = false
    ) {
        self.url = url
        self.cutFrom = cutFrom
        self.cutTo = cutTo
        self.speed = speed
        self.loops = loops
        self.fit = fit
        self.volume = volume
        self.isMuted = isMuted
    }

    /// The time in the file shown `layerTime` seconds after the layer's in point, given the
    /// clip's end `end` (`cutTo`, or the file's length).
    public func sourceTime(atLayerTime layerTime: Double, end: Double) -> Double {
        let length = max(0, end - cutFrom)
        let played = max(0, layerTime) * speed
        guard length > 0 else { return cutFrom }
        if loops { return cutFrom + played.truncatingRemainder(dividingBy: length) }
        // The last picture before the cut, not the one that starts at it (timestamps are matched
        // within a microsecond, so stay further off).
        return cutFrom + min(played, length - 1e-4)
    }

    /// How long the clip plays on the layer's clock (once, without looping), given its end in the file.
    public func playingDuration(end: Double) -> Double {
        max(0, end - cutFrom) / speed
    }
}
