internal import CFFmpeg
import Foundation

/// A movie's audio stream as its container describes it, read in-process through libavformat
/// (no decoding; decode the samples with LibAV's `AudioReader`).
public struct AudioStreamProbe {
    /// The codec, such as `aac`.
    public var codecName: String
    /// The codec profile, such as `LC`, or `nil` when the codec has none.
    public var profileName: String?
    public var sampleRate: Int
    public var channels: Int
    /// The stream's own duration in seconds.
    public var duration: Double
    /// The stream's start (its first sample's presentation time after the edit list) in seconds.
    public var startTime: Double

    /// Opens `url` and reads its best audio stream's parameters.
    /// - Throws: `ProbeError` when the file cannot be opened or has no audio stream.
    public init(url: URL) throws {
        var format: UnsafeMutablePointer<AVFormatContext>?
        guard avformat_open_input(&format, url.path, nil, nil) >= 0, let context = format else {
            throw ProbeError(message: "open \(url.path): libavformat could not open it")
        }
        defer { avformat_close_input(&format) }
        guard avformat_find_stream_info(context, nil) >= 0 else {
            throw ProbeError(message: "find stream info in \(url.path)")
        }
        let index = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar
        else {
            throw ProbeError(message: "\(url.path) has no audio stream")
        }
        codecName = String(cString: avcodec_get_name(parameters.pointee.codec_id))
        profileName = avcodec_profile_name(parameters.pointee.codec_id, parameters.pointee.profile).map {
            String(cString: $0)
        }
        sampleRate = Int(parameters.pointee.sample_rate)
        channels = Int(parameters.pointee.ch_layout.nb_channels)
        let timeBase = stream.pointee.time_base
        duration = Double(stream.pointee.duration) * Double(timeBase.num) / Double(timeBase.den)
        startTime =
            stream.pointee.start_time == Int64.min
            ? .nan : Double(stream.pointee.start_time) * Double(timeBase.num) / Double(timeBase.den)
    }
}

extension AudioStreamProbe {
    /// The times, in seconds, where the left channel first rises above `threshold` after a quiet gap.
    public static func onsets(_ interleaved: [Float], channels: Int, rate: Int, threshold: Float = 0.3) -> [Double] {
        var result: [Double] = []
        var lastLoud = -rate
        for frame in 0..<(interleaved.count / channels) where abs(interleaved[frame * channels]) > threshold {
            if frame - lastLoud > rate / 4 { result.append(Double(frame) / Double(rate)) }
            lastLoud = frame
        }
        return result
    }
}
