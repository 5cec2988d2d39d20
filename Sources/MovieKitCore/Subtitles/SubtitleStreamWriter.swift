import Foundation
internal import LibAV

/// One subtitle stream of a movie being written: its events are encoded and written as the video
/// reaches their start, so they interleave with the video in the file.
final class SubtitleStreamWriter {
    private let encoder: SubtitleEncoder
    private let stream: Int
    private let events: [SubtitleTrack.Event]
    private var next = 0

    /// The encoder each container takes: `mov_text` in MP4 and MOV, `webvtt` in WebM, `ass` (a track
    /// with its own ASS header) or `srt` in Matroska; `nil` for containers without text subtitles.
    static func codec(for container: MovieContainer, keepsASS: Bool) -> String? {
        switch container {
        case .mp4, .mov: "mov_text"
        case .webm: "webvtt"
        case .mkv: keepsASS ? "ass" : "srt"
        case .gif, .webp, .pngSequence: nil
        }
    }

    /// Adds a stream for each of `tracks` to `output` (before its header is written), in `container`'s own
    /// codec. With any track, the picture's and the sound's streams are marked default too: with a default
    /// subtitle track, Matroska writes every stream's default flag, and they stay the defaults of their kinds.
    /// - Throws: `SubtitleTrackError.notInContainer` naming `destination` for a container without text subtitles.
    static func streams(
        for tracks: [SubtitleTrack], in container: MovieContainer, video: Int, audio: Int?, output: MediaOutput,
        destination: String
    ) throws -> [SubtitleStreamWriter] {
        guard !tracks.isEmpty else { return [] }
        try output.describeStream(video, language: nil, title: nil, isDefault: true)
        if let audio { try output.describeStream(audio, language: nil, title: nil, isDefault: true) }
        return try tracks.map { track in
            guard let codec = codec(for: container, keepsASS: track.assHeader != nil) else {
                throw SubtitleTrackError.notInContainer(path: destination, container: container.description)
            }
            return try SubtitleStreamWriter(track: track, codec: codec, output: output)
        }
    }

    /// Adds the stream to `output` (before its header is written).
    init(track: SubtitleTrack, codec: String, output: MediaOutput) throws {
        encoder = try SubtitleEncoder(
            codec: codec, header: track.assHeader ?? SubtitleTrack.defaultHeader, globalHeader: output.wantsGlobalHeader
        )
        stream = try output.addStream(for: encoder)
        try output.describeStream(stream, language: track.language, title: track.title, isDefault: track.isDefault)
        events = track.events.sorted { $0.start < $1.start }
    }

    /// Writes the events that start before `seconds`; all of them when `seconds` is `nil`.
    func advance(to seconds: Double?, output: MediaOutput) throws {
        while next < events.count, seconds.map({ events[next].start < $0 }) ?? true {
            let event = events[next]
            let start = Int64((event.start * 1000).rounded())
            let end = Int64((event.end * 1000).rounded())
            try output.write(try encoder.encode(payload: event.payload, start: start, end: end), toStream: stream)
            next += 1
        }
    }
}
