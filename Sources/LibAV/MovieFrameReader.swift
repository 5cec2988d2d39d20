internal import CFFmpeg
import Foundation

/// Reads the pictures of a movie's video stream in order, as BGRA frames of a chosen size.
///
/// For contact sheets and tests: open a movie, then ask for the frames shown at a list of times.
package final class MovieFrameReader {
    private let input: FormatInput
    private let decoder: Decoder
    private let timeBase: (numerator: Int, denominator: Int)
    /// The file, named in every error.
    package let path: String

    /// Opens `path` and its best video stream.
    /// Corresponds to `avformat_open_input`, `avformat_find_stream_info` and `av_find_best_stream`.
    /// - Throws: `LibAVError` of kind `.unreadableInput` when the file cannot be opened or has no
    ///   video, `.unavailable` when this FFmpeg cannot decode it.
    package init(path: String) throws {
        self.path = path
        input = try FormatInput(path: path)
        try input.findStreamInfo()
        let index = try input.bestStream(.video)
        decoder = try Decoder(input: input, streamIndex: index)
        try decoder.checkPictureSize()
        let base = input.stream(at: index)?.pointee.time_base ?? AVRational(num: 1, den: 1)
        timeBase = (Int(base.num), max(1, Int(base.den)))
    }

    /// The picture size the container reports.
    package var pictureSize: (width: Int, height: Int) { decoder.pictureSize }

    /// The video stream's average frame rate, or (0, 1) when the container does not say.
    package var frameRate: (numerator: Int, denominator: Int) {
        guard let rate = input.stream(at: decoder.streamIndex)?.pointee.avg_frame_rate, rate.num > 0, rate.den > 0
        else { return (0, 1) }
        return (Int(rate.num), Int(rate.den))
    }

    /// The length of the movie in seconds: the video stream's duration, or the container's.
    package var duration: Double {
        if let stream = input.stream(at: decoder.streamIndex), stream.pointee.duration > 0 {
            return Double(stream.pointee.duration) * Double(timeBase.numerator) / Double(timeBase.denominator)
        }
        let container = input.context.pointee.duration
        return container > 0 ? Double(container) / Double(AV_TIME_BASE) : 0
    }

    /// Decodes the movie once and hands `body` the picture shown at each of `times`, in order: the
    /// last frame whose presentation time is at or before the time (the first frame for earlier
    /// times, the last frame for later ones), converted to BGRA at `width` x `height`.
    /// - Parameters:
    ///   - times: Times in seconds, ascending.
    ///   - width: The width of the frames handed out.
    ///   - height: Their height.
    ///   - body: Receives the index into `times`, the frame's own time in seconds, and the frame.
    /// - Throws: `LibAVError` when decoding or conversion fails, or `body`'s error.
    package func frames(
        at times: [Double], width: Int, height: Int,
        _ body: (_ index: Int, _ frameTime: Double, _ frame: Frame) throws -> Void
    ) throws {
        guard !times.isEmpty else { return }
        var scaler: Scaler?
        var next = 0
        var previous: (time: Double, frame: Frame)?
        func convert(_ frame: Frame) throws -> Frame {
            let converter = try scaler ?? Scaler(from: frame, toBGRAWidth: width, height: height)
            scaler = converter
            return try converter.bgraFrame(converting: frame)
        }
        try decoder.decode { frame in
            let time = seconds(frame)
            // Every requested time before this frame shows the previous frame (or this one, if first).
            while next < times.count, times[next] < time - 1e-9 {
                let shown = previous ?? (time, frame)
                try body(next, shown.time, try convert(shown.frame))
                next += 1
            }
            previous = (time, frame)
            return next < times.count
        }
        if let previous {
            while next < times.count {
                try body(next, previous.time, try convert(previous.frame))
                next += 1
            }
        }
    }

    private func seconds(_ frame: Frame) -> Double {
        let timestamp = frame.pointer.pointee.best_effort_timestamp
        let pts = timestamp == mk_nopts_value() ? frame.pts : timestamp
        return Double(pts) * Double(timeBase.numerator) / Double(timeBase.denominator)
    }
}
