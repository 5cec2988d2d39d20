internal import CFFmpeg

extension FormatInput {
    /// Moves the read position to the last keyframe of stream `streamIndex` at or before `seconds`
    /// (in the stream's own time, counted like its timestamps), or to the start of the file.
    /// Corresponds to `avformat_seek_file` with a maximum timestamp of `seconds`.
    /// - Throws: `LibAVError` of kind `.unreadableInput` when the container cannot seek.
    package func seek(streamIndex: Int, to seconds: Double) throws {
        guard let stream = stream(at: streamIndex) else { return }
        let base = stream.pointee.time_base
        let timestamp = Int64((seconds / av_q2d(base)).rounded(.down))
        let status = avformat_seek_file(context, Int32(streamIndex), Int64.min, timestamp, timestamp, 0)
        if status >= 0 { return }
        // Some demuxers only seek by byte or from the start: fall back to the file's beginning.
        let rewound = avformat_seek_file(context, -1, Int64.min, 0, 0, AVSEEK_FLAG_BACKWARD)
        try LibAVError.check(rewound, .unreadableInput, "Seeking in \(path)")
    }

    /// The time base of stream `index` as seconds per tick, or `nil` when it does not exist.
    package func timeBase(ofStream index: Int) -> Double? {
        stream(at: index).map { av_q2d($0.pointee.time_base) }
    }

    /// The first timestamp of stream `index` in seconds, 0 when the container does not say.
    package func startTime(ofStream index: Int) -> Double {
        guard let stream = stream(at: index), stream.pointee.start_time != LibAVError.noTimestamp else { return 0 }
        return Double(stream.pointee.start_time) * av_q2d(stream.pointee.time_base)
    }

    /// The duration of stream `index` in seconds, or the container's, or `nil` when neither is known.
    package func duration(ofStream index: Int) -> Double? {
        if let stream = stream(at: index), stream.pointee.duration > 0,
            stream.pointee.duration != LibAVError.noTimestamp
        {
            return Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base)
        }
        return duration
    }

    /// Whether the file has an audio stream libav can find.
    package var hasAudio: Bool {
        av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0) >= 0
    }

    /// The clockwise rotation in degrees (0, 90, 180 or 270) a player applies to stream `index` so
    /// that it shows upright, read from its display matrix (phones record portrait clips this way).
    /// Corresponds to `av_stream_get_side_data(AV_PKT_DATA_DISPLAYMATRIX)` and `av_display_rotation_get`.
    package func displayRotation(ofStream index: Int) -> Int {
        guard let stream = stream(at: index) else { return 0 }
        var size: Int = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size), size >= 36 else {
            return 0
        }
        let angle = data.withMemoryRebound(to: Int32.self, capacity: 9) { av_display_rotation_get($0) }
        guard angle.isFinite else { return 0 }
        // av_display_rotation_get is counterclockwise; players turn the picture the other way.
        let clockwise = Int((-angle).rounded())
        return ((clockwise % 360) + 360) % 360 / 90 * 90
    }
}
