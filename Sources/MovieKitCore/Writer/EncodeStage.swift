import Foundation
internal import LibAV

/// Where the pipeline's worker sends converted frames: an encoder and muxer, or the GIF writer.
/// Used only on the pipeline's queue.
protocol FrameSink: AnyObject {
    /// Time spent per stage on the worker.
    var statistics: RenderStatistics { get }
    /// Encodes `frame` as frame number `index`; `repeated` when it is the previous picture again.
    func encode(_ frame: Frame, index: Int, repeated: Bool) throws
    /// Drains the encoder and completes the file.
    func finish() throws
    /// Adds an audio track, mixed into the movie's audio stream.
    func addAudio(_ track: AudioTrack) throws
    /// Adds a subtitle stream; before the first frame only.
    func addSubtitles(_ track: SubtitleTrack) throws
    /// Says how many frames the movie will have, before the first: loudness normalization measures
    /// the mix up to that end.
    func expect(frameCount: Int)
}

/// The worker side of the pipeline for video codecs: encoding, then muxing.
final class EncodeStage: FrameSink {
    private let encoder: VideoEncoder
    private let output: MediaOutput
    private let videoStream: Int
    private let destination: String
    private let encoderName: String
    private let settings: MovieSettings
    /// Whether the container takes an audio stream (an animated WebP has none).
    private let holdsAudio: Bool
    private var started = false
    private var framesEncoded = 0
    /// The movie's length in frames, when the caller said it before the first frame.
    private var expectedFrameCount: Int?
    /// Whether held stills are coded as near-free copies (see `applyStillHints`): x264, outside
    /// chunked renders, whose keyframes must stay where `chunkConfiguration` puts them. (libx265
    /// in FFmpeg 5.1 crashes inside x265 when given a region of interest, so HEVC codes repeats in full.)
    private let codesHeldStillsAsCopies: Bool
    /// Repeats since the last drawn frame (for `applyStillHints`).
    private var repeatsSinceDrawnFrame = 0
    /// Writes repeats as skipped pictures without the encoder (x264 with usable parameter sets).
    private let splicer: SkipFrameSplicer?
    /// Consecutive frames given to the encoder with a forced picture type (for `applyStillHints`).
    private var forcedStreak = 0
    /// Whether the last frame given to the encoder was a keyframe.
    private var lastFedWasKeyframe = false
    /// Whether frames were spliced since the last frame given to the encoder.
    private var splicedSinceFed = false
    private let mixer = AudioMixer()
    private var audio: AudioStreamWriter?
    private let container: MovieContainer
    /// Subtitle tracks added before the first frame, and their streams once the header is written.
    private var subtitleTracks: [SubtitleTrack] = []
    private var subtitles: [SubtitleStreamWriter] = []
    private let clock = ContinuousClock()
    private(set) var statistics = RenderStatistics()

    /// Opens the encoder (trying each name in turn where a codec has a fallback) and the muxer,
    /// and writes the header to `path`.
    /// - Parameter destination: The file the user asked for, named in errors.
    /// - Throws: `MovieKitError` mapped from the LibAV layer.
    /// - Parameter chunk: For a chunk of a larger movie: written as fragmented MP4 with keyframes
    ///   at fixed positions and one encoder thread, so a re-render gives the same bytes, tagged
    ///   with the chunk's identity.
    init(
        settings: MovieSettings, codec: VideoCodec, container: MovieContainer, path: String, destination: String,
        chunk: ChunkIdentity? = nil
    ) throws {
        self.destination = destination
        self.settings = settings
        self.container = container
        holdsAudio = container != .webp
        let names = MovieSettings.encoderNames(for: codec)
        var lastName = names[0]
        do {
            output = try MediaOutput(
                container: chunk == nil ? container.muxer : .fragmentedMP4, path: path, destination: destination)
            var opened: VideoEncoder?
            for name in names where opened == nil {
                lastName = name
                var configuration = settings.encoderConfiguration(for: codec, encoderName: name)
                if chunk != nil { configuration = settings.chunkConfiguration(configuration) }
                do {
                    opened = try VideoEncoder(configuration: configuration, globalHeader: output.wantsGlobalHeader)
                } catch let error as LibAVError where error.kind == .unavailable(component: name) && name != names.last
                {
                    continue
                }
            }
            guard let opened else { throw MovieKitError.encoderUnavailable(lastName) }
            encoder = opened
            encoderName = lastName
            codesHeldStillsAsCopies = lastName == "libx264"
            splicer = codesHeldStillsAsCopies ? SkipFrameSplicer(encoder: opened) : nil
            let tag = codec == .hevc && (container == .mp4 || container == .mov) ? "hvc1" : nil
            videoStream = try output.addStream(for: opened, codecTag: tag)
            if container == .webp {
                // The webp muxer plays once unless told otherwise; 0 loops forever.
                output.addOptions([CodecOption("loop", String(settings.webp.playCount ?? 0))])
            }
            if container != .pngSequence {
                var entries = settings.metadata.entries.map { CodecOption($0.key, $0.value) }
                if let chunk {
                    entries.removeAll { $0.name == "comment" }
                    entries.append(CodecOption("comment", chunk.tag))
                }
                try output.setMetadata(entries)
            }
        } catch let error as LibAVError {
            throw MovieKitError(writing: destination, encoder: lastName, error)
        }
    }

    /// Adds an audio track. Before the first frame, this also declares the audio stream.
    func addAudio(_ track: AudioTrack) throws {
        guard holdsAudio else { throw AudioError.notInContainer(path: destination, container: ".webp") }
        guard !started || audio != nil else {
            throw AudioError.addedAfterFirstFrame(path: destination)
        }
        try mixer.add(track)
    }

    func addSubtitles(_ track: SubtitleTrack) throws {
        guard !started else { throw SubtitleTrackError.addedAfterFirstFrame(path: destination) }
        subtitleTracks.append(track)
    }

    /// Writes the header, with an AAC stream when audio tracks were added. Runs before the first frame.
    private func startIfNeeded() throws {
        guard !started else { return }
        started = true
        try mapped {
            if !mixer.isEmpty {
                // Loudness is measured over the whole movie before any sound is written, so it needs an end.
                if settings.loudness != nil, expectedFrameCount == nil, let endless = mixer.endlessTrack {
                    throw AudioError.loudnessWithoutEnd(path: destination, track: endless.url.path)
                }
                audio = try AudioStreamWriter(
                    mixer: mixer, output: output, bitRate: settings.audioBitRate,
                    normalization: settings.audioNormalization, loudness: settings.loudness,
                    movieEnd: expectedFrameCount.map { AudioStreamWriter.sample(at: settings.fps.time(ofFrame: $0)) })
            }
            subtitles = try SubtitleStreamWriter.streams(
                for: subtitleTracks, in: container, video: videoStream, audio: audio?.stream, output: output,
                destination: destination)
            try output.start()
        }
    }

    func encode(_ frame: Frame, index: Int, repeated: Bool) throws {
        try startIfNeeded()
        frame.pts = Int64(index)
        if codesHeldStillsAsCopies, try !applyStillHints(frame, index: index, repeated: repeated), let splicer {
            splicer.skip(frame: index)
            statistics.splicedFrames += 1
        } else {
            try encodeAndWrite(frame, index: index)
        }
        framesEncoded = max(framesEncoded, index + 1)
        if repeated { statistics.repeatedFrames += 1 } else { statistics.drawnFrames += 1 }
        // Audio follows the video, held back by the longest fade-out until the end is known.
        try writeAudio { try $0.advance(to: settings.fps.time(ofFrame: framesEncoded), output: output) }
        try mapped {
            for stream in subtitles {
                try stream.advance(to: settings.fps.time(ofFrame: framesEncoded), output: output)
            }
        }
    }

    /// Makes a held still (`repeatPreviousFrame`) cost the encoder almost nothing.
    ///
    /// x264 analyses a repeated picture like any other, at about the cost of a new one. So from the
    /// second repeat on, a repeat asks for the coarsest quantiser (a whole-frame region of interest):
    /// every macroblock becomes a skip, a copy of the frame before it, which x264 decides quickly
    /// (benchmarks/README.md gives the figures). The still keeps the quality of its first repeat, which
    /// has the normal quantiser and codes whatever the drawn frame before it left to code.
    ///
    /// - Repeats, and the drawn frame after one, are P frames, predicted from earlier frames only:
    ///   a B frame at the end of a still would be predicted from the next, different picture too,
    ///   and one right after a still would take its quantiser from the coarse frame before it.
    /// - Keyframes are placed here, every GOP (`index` a multiple of it), since one at the coarsest
    ///   quantiser would spoil the rest of the still. x264 would place its own at the same frames
    ///   or earlier: it counts the GOP from the last keyframe, and an early one (a scene cut) only
    ///   happens on a drawn frame. x264 sets a keyframe's quantiser from the recent P frames', which
    ///   the coarse copies raise, so a keyframe inside a still asks for a finer one (half the range
    ///   finer): in `HeldStillTests` its error against the drawn picture is then no larger than
    ///   without any of this.
    /// - Later repeats (after the first two of a still, or after a keyframe) do not reach x264 at
    ///   all when `splicer` is set: they are spliced in as skipped pictures after the last picture
    ///   x264 coded, the anchor. That is exact when nothing x264 codes later comes before them in
    ///   decoding order or refers across them (`SkipFrameSplicer`). So the anchor is a keyframe or a P frame coded after
    ///   another forced P or I frame (the first two repeats), and the frame x264 codes after a
    ///   spliced run is a keyframe (an IDR picture, as GOPs are closed).
    /// - Returns: Whether the frame goes to the encoder; `false` when it is to be spliced.
    private func applyStillHints(_ frame: Frame, index: Int, repeated: Bool) throws -> Bool {
        let gopStart = index % max(1, settings.gopSize) == 0
        if repeated, !gopStart, splicer != nil, splicedSinceFed || forcedStreak >= 2 || lastFedWasKeyframe {
            splicedSinceFed = true
            repeatsSinceDrawnFrame += 1
            return false
        }
        let keyframe = gopStart || splicedSinceFed
        let afterRepeat = repeatsSinceDrawnFrame > 0
        frame.forcedPictureType = keyframe ? .intra : repeated || afterRepeat ? .predicted : nil
        let offset: Double? =
            switch (repeated, keyframe) {
            case (true, true): -0.5
            case (true, false): afterRepeat ? 1 : nil
            case (false, _): nil
            }
        try mapped { try frame.setQuantizerOffset(offset) }
        repeatsSinceDrawnFrame = repeated ? repeatsSinceDrawnFrame + 1 : 0
        forcedStreak = frame.forcedPictureType == nil ? 0 : forcedStreak + 1
        lastFedWasKeyframe = keyframe
        splicedSinceFed = false
        return true
    }

    func finish() throws {
        try startIfNeeded()
        try mapped { try splicer?.closeRun { try output.write($0, toStream: videoStream) } }
        try encodeAndWrite(nil)
        try mapped { try splicer?.finish { try output.write($0, toStream: videoStream) } }
        try writeAudio { try $0.finish(at: settings.fps.time(ofFrame: framesEncoded), output: output) }
        statistics.audioLoudness = audio?.loudness
        try mapped {
            for stream in subtitles { try stream.advance(to: nil, output: output) }
            try output.finish()
        }
    }

    func expect(frameCount: Int) {
        if !started { expectedFrameCount = frameCount }
    }

    /// Runs `step` on the audio stream, if there is one, counting its time as encoding.
    private func writeAudio(_ step: (AudioStreamWriter) throws -> Void) throws {
        guard let audio else { return }
        let start = clock.now
        try mapped { try step(audio) }
        statistics.encoding += clock.now - start
    }

    func encodeAndWrite(_ frame: Frame?, index: Int? = nil) throws {
        let start = clock.now
        var muxing = Duration.zero
        func write(_ packet: Packet) throws {
            let muxStart = clock.now
            try output.write(packet, toStream: videoStream)
            muxing += clock.now - muxStart
        }
        try mapped {
            if let splicer {
                if let index { try splicer.willEncode(frame: index, emit: write) }
                try encoder.encode(frame) { try splicer.pass($0, emit: write) }
            } else {
                try encoder.encode(frame, write: write)
            }
        }
        statistics.encoding += clock.now - start - muxing
        statistics.muxing += muxing
    }

    private func mapped(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as LibAVError {
            throw MovieKitError(writing: destination, encoder: encoderName, error)
        }
    }
}

/// The worker side of the pipeline for GIF: frames are collected for the palette, and the file
/// is written at `finish`.
final class GIFStage: FrameSink {
    private let writer: GIFWriter
    private let destination: String
    private let clock = ContinuousClock()
    private(set) var statistics = RenderStatistics()

    init(settings: MovieSettings, path: String, destination: String) throws {
        self.destination = destination
        do {
            writer = try GIFWriter(
                width: settings.width, height: settings.height,
                frameRateNumerator: settings.fps.numerator, frameRateDenominator: settings.fps.denominator,
                path: path, destination: destination, dither: settings.gif.dither.rawValue,
                loop: settings.gif.playCount.map { $0 == 1 ? -1 : $0 - 1 } ?? 0, transparent: settings.alpha,
                metadata: [])
        } catch let error as LibAVError {
            throw MovieKitError(writing: destination, encoder: "gif", error)
        }
    }

    func encode(_ frame: Frame, index: Int, repeated: Bool) throws {
        let start = clock.now
        do { try writer.add(frame, index: index) } catch let error as LibAVError {
            throw MovieKitError(writing: destination, encoder: "gif", error)
        }
        statistics.encoding += clock.now - start
        if repeated { statistics.repeatedFrames += 1 } else { statistics.drawnFrames += 1 }
    }

    func finish() throws {
        let start = clock.now
        do { try writer.finish() } catch let error as LibAVError {
            throw MovieKitError(writing: destination, encoder: "gif", error)
        }
        statistics.encoding += clock.now - start
    }

    func expect(frameCount: Int) {}

    func addSubtitles(_ track: SubtitleTrack) throws {
        throw SubtitleTrackError.notInContainer(path: destination, container: ".gif")
    }

    func addAudio(_ track: AudioTrack) throws {
        throw AudioError.notInContainer(path: destination, container: ".gif")
    }
}

extension MovieContainer {
    /// The libav muxer that writes the container.
    var muxer: MediaOutput.Container {
        switch self {
        case .mp4: .mp4
        case .mov: .mov
        case .webm: .webm
        case .mkv: .matroska
        case .gif: .gif
        case .webp: .webp
        case .pngSequence: .image2
        }
    }
}
