import Foundation
import MovieKitCore

/// Where one MovieKit render spent its time, in seconds summed over all frames.
///
/// The benchmark measures `drawing` (inside the drawing closure), `addFrameOverhead` (the rest of
/// `addFrame`: waiting for a free frame buffer while the encoder is behind, plus clearing it) and
/// `finishing` (`finish()`: draining the encoder) itself. Conversion, encoding and muxing come from
/// the writer's own statistics when MovieKitCore provides them (see `writerStages(of:)`).
struct StageProfile: Codable, Sendable {
    var frames = 0
    var drawing = 0.0
    var addFrameOverhead = 0.0
    var finishing = 0.0
    var writer: WriterStages?

    /// Per-stage totals reported by `MovieWriter` itself.
    struct WriterStages: Codable, Sendable {
        var drawnFrames: Int
        var repeatedFrames: Int
        var drawing: Double
        var waitingForEncoder: Double
        var conversion: Double
        var encoding: Double
        var muxing: Double
    }

    /// The stages as (name, mean milliseconds per frame), in pipeline order.
    var meanMillisecondsPerFrame: [(String, Double)] {
        guard frames > 0 else { return [] }
        let perFrame = { (seconds: Double) in seconds * 1000 / Double(frames) }
        var rows: [(String, Double)] = [
            ("drawing (closure)", perFrame(drawing)),
            ("addFrame wait + clear", perFrame(addFrameOverhead))
        ]
        if let writer {
            // As RenderStatistics does: drawing and conversion per drawn frame, the rest per frame.
            let drawn = max(writer.drawnFrames, 1)
            let perDrawn = { (seconds: Double) in seconds * 1000 / Double(drawn) }
            rows = [
                ("drawing", perDrawn(writer.drawing)),
                ("encoder wait", perFrame(writer.waitingForEncoder)),
                ("conversion", perDrawn(writer.conversion)),
                ("encoding", perFrame(writer.encoding)),
                ("muxing", perFrame(writer.muxing)),
                ("addFrame outside the closure", perFrame(addFrameOverhead))
            ]
        }
        rows.append(("finish() drain", perFrame(finishing)))
        return rows
    }

    /// The mean of several runs' profiles, stage by stage.
    static func mean(_ profiles: [StageProfile]) -> StageProfile? {
        guard let first = profiles.first else { return nil }
        let n = Double(profiles.count)
        var result = StageProfile(frames: first.frames)
        result.drawing = profiles.map(\.drawing).reduce(0, +) / n
        result.addFrameOverhead = profiles.map(\.addFrameOverhead).reduce(0, +) / n
        result.finishing = profiles.map(\.finishing).reduce(0, +) / n
        let writers = profiles.compactMap(\.writer)
        if writers.count == profiles.count, let w = writers.first {
            let m = Double(writers.count)
            result.writer = WriterStages(
                drawnFrames: w.drawnFrames,
                repeatedFrames: w.repeatedFrames,
                drawing: writers.map(\.drawing).reduce(0, +) / m,
                waitingForEncoder: writers.map(\.waitingForEncoder).reduce(0, +) / m,
                conversion: writers.map(\.conversion).reduce(0, +) / m,
                encoding: writers.map(\.encoding).reduce(0, +) / m,
                muxing: writers.map(\.muxing).reduce(0, +) / m
            )
        }
        return result
    }
}

// MARK: - Adapter to MovieWriter.statistics

/// The writer's own per-stage totals.
/// ADAPTER: the one place that reads `MovieWriter.statistics` (`RenderStatistics`).
func writerStages(of writer: MovieWriter) -> StageProfile.WriterStages? {
    let statistics = writer.statistics
    return StageProfile.WriterStages(
        drawnFrames: statistics.drawnFrames,
        repeatedFrames: statistics.repeatedFrames,
        drawing: statistics.drawing.seconds,
        waitingForEncoder: statistics.waitingForEncoder.seconds,
        conversion: statistics.conversion.seconds,
        encoding: statistics.encoding.seconds,
        muxing: statistics.muxing.seconds
    )
}
