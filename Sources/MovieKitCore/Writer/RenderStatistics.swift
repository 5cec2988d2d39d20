/// Where a movie writer's time went, stage by stage. Read it from `MovieWriter.statistics`.
///
/// Drawing, conversion and waiting happen on the caller's thread; encoding and muxing on the
/// writer's worker, overlapping the drawing of the next frame.
public struct RenderStatistics: Sendable, Hashable, CustomStringConvertible {
    /// Frames drawn by a closure.
    public var drawnFrames = 0
    /// Frames added with `repeatPreviousFrame(count:)`, which skip drawing and conversion.
    public var repeatedFrames = 0
    /// Repeated frames that never reached the encoder: written as H.264 skipped pictures, copies
    /// of the picture before them (x264 only).
    public var splicedFrames = 0
    /// Time in the drawing closures, including Cairo's flush.
    public var drawing: Duration = .zero
    /// Time the caller waited for a free frame buffer: the encoder was the bottleneck.
    public var waitingForEncoder: Duration = .zero
    /// Time converting BGRA to yuv420p.
    public var conversion: Duration = .zero
    /// Time in the encoder (`avcodec_send_frame` and `avcodec_receive_packet`).
    public var encoding: Duration = .zero
    /// Time writing packets to the container.
    public var muxing: Duration = .zero
    /// The loudness of the audio written, when the settings asked for loudness normalization
    /// (``MovieSettings/loudness``); `nil` otherwise.
    public var audioLoudness: LoudnessMeasurement?

    public init() {}

    /// All frames in the movie.
    public var frames: Int { drawnFrames + repeatedFrames }

    /// Mean milliseconds per frame of a stage, over `frames` (or over drawn frames for drawing and conversion).
    public func millisecondsPerFrame(_ stage: KeyPath<RenderStatistics, Duration>) -> Double {
        let perDrawn = stage == \.drawing || stage == \.conversion
        let count = perDrawn ? drawnFrames : frames
        guard count > 0 else { return 0 }
        let duration = self[keyPath: stage]
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        return seconds * 1000 / Double(count)
    }

    public var description: String {
        func ms(_ stage: KeyPath<RenderStatistics, Duration>) -> String {
            let value = millisecondsPerFrame(stage)
            return String(Double(Int(value * 100)) / 100)
        }
        return
            "\(frames) frames (\(repeatedFrames) repeated, \(splicedFrames) of them spliced); ms per frame: drawing \(ms(\.drawing)), "
            + "waiting for encoder \(ms(\.waitingForEncoder)), conversion \(ms(\.conversion)), "
            + "encoding \(ms(\.encoding)), muxing \(ms(\.muxing))"
    }
}
