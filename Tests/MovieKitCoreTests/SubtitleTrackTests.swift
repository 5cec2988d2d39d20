internal import CFFmpeg
import Foundation
import TestSupport
import Testing

@testable import MovieKitCore

/// `MovieWriter.addSubtitles`: subtitle streams in each container, read back in-process with
/// libavformat and libavcodec (codec, language, default flag, times to the millisecond, text).
@Suite("Subtitle tracks")
struct SubtitleTrackTests {
    /// One subtitle stream as the file holds it.
    struct Stream {
        var codec: String
        var language: String?
        var isDefault: Bool
        /// Each packet's start and length in milliseconds, and its text as the decoder gives it.
        var events: [(start: Int64, duration: Int64, text: String)] = []
    }

    /// Reads every subtitle stream of `url`, decoding each packet.
    static func subtitleStreams(of url: URL) throws -> [Stream] {
        var format: UnsafeMutablePointer<AVFormatContext>?
        try #require(avformat_open_input(&format, url.path, nil, nil) >= 0)
        defer { avformat_close_input(&format) }
        let context = try #require(format)
        try #require(avformat_find_stream_info(context, nil) >= 0)
        var streams: [Int: Stream] = [:]
        var decoders: [Int: UnsafeMutablePointer<AVCodecContext>] = [:]
        defer {
            for var decoder in decoders.values.map(Optional.some) { avcodec_free_context(&decoder) }
        }
        for index in 0..<Int(context.pointee.nb_streams) {
            guard let stream = context.pointee.streams[index], let parameters = stream.pointee.codecpar,
                parameters.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE
            else { continue }
            let language = av_dict_get(stream.pointee.metadata, "language", nil, 0).map {
                String(cString: $0.pointee.value)
            }
            streams[index] = Stream(
                codec: String(cString: avcodec_get_name(parameters.pointee.codec_id)), language: language,
                isDefault: stream.pointee.disposition & AV_DISPOSITION_DEFAULT != 0)
            let codec = try #require(avcodec_find_decoder(parameters.pointee.codec_id))
            let decoder = try #require(avcodec_alloc_context3(codec))
            avcodec_parameters_to_context(decoder, parameters)
            decoder.pointee.pkt_timebase = stream.pointee.time_base
            try #require(avcodec_open2(decoder, codec, nil) >= 0)
            decoders[index] = decoder
        }
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        let read = try #require(packet)
        while av_read_frame(context, read) >= 0 {
            defer { av_packet_unref(read) }
            let index = Int(read.pointee.stream_index)
            guard let decoder = decoders[index], let stream = context.pointee.streams[index] else { continue }
            let milliseconds = AVRational(num: 1, den: 1000)
            let start = av_rescale_q(read.pointee.pts, stream.pointee.time_base, milliseconds)
            let duration = av_rescale_q(read.pointee.duration, stream.pointee.time_base, milliseconds)
            var subtitle = AVSubtitle()
            var got: Int32 = 0
            try #require(avcodec_decode_subtitle2(decoder, &subtitle, &got, read) >= 0)
            var text = ""
            if got != 0, subtitle.num_rects > 0, let rect = subtitle.rects[0], let ass = rect.pointee.ass {
                text = String(cString: ass)
            }
            avsubtitle_free(&subtitle)
            // MP4 and MOV text tracks fill the gaps between cues with empty samples.
            if !text.isEmpty { streams[index]?.events.append((start, duration, text)) }
        }
        return streams.keys.sorted().compactMap { streams[$0] }
    }

    static let cues: [(start: Double, end: Double, text: String)] = [
        (0.5, 1.25, "Hello there\nsecond line"), (2.001, 3.999, "Bye {for now}")
    ]

    static func write(_ name: String, tracks: [SubtitleTrack], in dir: borrowing TemporaryDirectory) throws -> URL {
        let url = dir.file(name)
        let writer = try MovieWriter(
            url: url, settings: MovieSettings(width: 32, height: 32, fps: 10, preset: .ultrafast))
        for track in tracks { try writer.addSubtitles(track) }
        try writer.render(frameCount: 40) { context, _ in context.fill(context.bounds) }
        return url
    }

    @Test(arguments: [("mp4", "mov_text"), ("mov", "mov_text"), ("webm", "webvtt"), ("mkv", "subrip")])
    func eachContainerCarriesItsCodecWithLanguageDefaultAndExactTimes(ext: String, codec: String) throws {
        let dir = try TemporaryDirectory()
        let url = try Self.write(
            "out.\(ext)",
            tracks: [
                SubtitleTrack(cues: Self.cues, language: "eng", isDefault: true),
                SubtitleTrack(cues: [(1, 2, "Bonjour")], language: "fra")
            ], in: dir)
        let streams = try Self.subtitleStreams(of: url)
        try #require(streams.count == 2)
        #expect(streams.map(\.codec) == [codec, codec])
        #expect(streams.map(\.language) == ["eng", "fra"])
        #expect(streams.map(\.isDefault) == [true, false])
        #expect(streams[0].events.map(\.start) == [500, 2001] && streams[0].events.map(\.duration) == [750, 1998])
        #expect(streams[0].events[0].text.contains("Hello there\\Nsecond line"), "\(streams[0].events[0].text)")
        #expect(streams[0].events[1].text.contains("Bye (for now)"), "\(streams[0].events[1].text)")
        #expect(streams[1].events.map(\.start) == [1000])
        // The ffprobe command agrees on the streams.
        if let run = try FFmpegTools.run(
            "ffprobe", ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", url.path])
        {
            #expect(
                run.standardOutput.split(separator: "\n").filter { $0 == codec }.count == 2, "\(run.standardOutput)")
        }
    }

    @Test func anASSTrackStaysASSInMatroska() throws {
        let dir = try TemporaryDirectory()
        let header = SubtitleTrack.defaultHeader.replacingOccurrences(of: "PlayResX: 384", with: "PlayResX: 640")
        let track = SubtitleTrack(
            events: [.init(start: 0.25, end: 1, text: "{\\k20}Ka{\\k30}ra", style: "Default", layer: 1)],
            language: "jpn", assHeader: header)
        let streams = try Self.subtitleStreams(of: Self.write("out.mkv", tracks: [track], in: dir))
        #expect(streams.map(\.codec) == ["ass"])
        #expect(streams.first?.events.first?.text.hasSuffix("1,Default,,0,0,0,,{\\k20}Ka{\\k30}ra") == true)
        #expect(streams.first?.events.first?.start == 250)
    }

    @Test func badTracksAreRefusedBeforeTheFirstFrame() throws {
        let dir = try TemporaryDirectory()
        let settings = try MovieSettings(width: 32, height: 32, fps: 10, preset: .ultrafast)
        let gif = try MovieWriter(url: dir.file("a.gif"), settings: settings)
        #expect(throws: SubtitleTrackError.notInContainer(path: dir.file("a.gif").path, container: ".gif")) {
            try gif.addSubtitles(SubtitleTrack(cues: Self.cues))
        }
        gif.cancel()
        let writer = try MovieWriter(url: dir.file("b.mp4"), settings: settings)
        #expect(throws: SubtitleTrackError.invalidLanguage("en")) {
            try writer.addSubtitles(SubtitleTrack(cues: Self.cues, language: "en"))
        }
        #expect(throws: SubtitleTrackError.invalidTimes(event: 0, start: 2, end: 1)) {
            try writer.addSubtitles(SubtitleTrack(cues: [(2, 1, "x")]))
        }
        try writer.addFrame { $0.fill($0.bounds) }
        #expect(throws: SubtitleTrackError.addedAfterFirstFrame(path: dir.file("b.mp4").path)) {
            try writer.addSubtitles(SubtitleTrack(cues: Self.cues))
        }
        writer.cancel()
    }
}
