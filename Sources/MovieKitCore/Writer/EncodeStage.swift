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
    /// Sends the end-of-stream signal without completing the file (tests only).
    func drainEncoder() throws
    /// Adds an audio track, mixed into the movie's audio stream.
    func addAudio(_ track: AudioTrack) throws
}

/// The worker side of the pipeline for video codecs: encoding, then muxing.
final class EncodeStage: FrameSink {
    private let encoder: VideoEncoder
    private let output: MediaOutput
    private let videoStream: Int
    private let destination: String
    private let encoderName: String
    private let settings: MovieSettings
    private var started = false
    private var framesEncoded = 0
    private let mixer = AudioMixer()
    private var audio: AudioStreamWriter?
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
        let names = MovieSettings.encoderNames(for: codec)
        var lastName = names[0]
        do {
            output = try MediaOutput(container: chunk == nil ? container.muxer : .fragmentedMP4, path: path, destination: destination)
            var opened: VideoEncoder?
            for name in names where opened == nil {
                lastName = name
                var configuration = settings.encoderConfiguration(for: codec, encoderName: name)
                if chunk != nil { configuration = settings.chunkConfiguration(configuration) }
                do {
                    opened = try VideoEncoder(configuration: configuration, globalHeader: output.wantsGlobalHeader)
                } catch let error as LibAVError where error.kind == .unavailable(component: name) && name != names.last {
                    continue
                }
            }
            guard let opened else { throw MovieKitError.encoderUnavailable(lastName) }
            encoder = opened
            encoderName = lastName
            let tag = codec == .hevc && (container == .mp4 || container == .mov) ? "hvc1" : nil
            videoStream = try output.addStream(for: opened, codecTag: tag)
            if container != .pngSequence {
                var entries = settings.metadata.entries.map { CodecOption($0.key, $0.value) }
                if let chunk { entries.removeAll { $0.name == "comment" }; entries.append(CodecOption("comment", chunk.tag)) }
                try output.setMetadata(entries)
            }
        } catch let error as LibAVError {
            throw MovieKitError(writing: destination, encoder: lastName, error)
        }
    }

    /// Adds an audio track. Before the first frame, this also declares the audio stream.
    func addAudio(_ track: AudioTrack) throws {
        guard !started || audio != nil else {
            throw MovieKitError.audioAfterFirstFrame(path: destination)
        }
        try mixer.add(track)
    }

    /// Writes the header, with an AAC stream when audio tracks were added. Runs before the first frame.
    private func startIfNeeded() throws {
        guard !started else { return }
        started = true
        try mapped {
            if !mixer.isEmpty {
                audio = try AudioStreamWriter(mixer: mixer, output: output, bitRate: settings.audioBitRate)
            }
            try output.start()
        }
    }

    func encode(_ frame: Frame, index: Int, repeated: Bool) throws {
        try startIfNeeded()
        frame.pts = Int64(index)
        try encodeAndWrite(frame)
        framesEncoded = max(framesEncoded, index + 1)
        if repeated { statistics.repeatedFrames += 1 } else { statistics.drawnFrames += 1 }
        // Audio follows the video, held back by the longest fade-out until the end is known.
        try writeAudio { try $0.advance(to: settings.fps.time(ofFrame: framesEncoded), output: output) }
    }

    func finish() throws {
        try startIfNeeded()
        try encodeAndWrite(nil)
        try writeAudio { try $0.finish(at: settings.fps.time(ofFrame: framesEncoded), output: output) }
        try mapped { try output.finish() }
    }

    /// Runs `step` on the audio stream, if there is one, counting its time as encoding.
    private func writeAudio(_ step: (AudioStreamWriter) throws -> Void) throws {
        guard let audio else { return }
        let start = clock.now
        try mapped { try step(audio) }
        statistics.encoding += clock.now - start
    }

    func drainEncoder() throws {
        try encodeAndWrite(nil)
    }

    private func encodeAndWrite(_ frame: Frame?) throws {
        let start = clock.now
        var muxing = Duration.zero
        try mapped {
            try encoder.encode(frame) { packet in
                let muxStart = clock.now
                try output.write(packet, toStream: videoStream)
                muxing += clock.now - muxStart
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
                loop: settings.gif.playCount.map { $0 == 1 ? -1 : $0 - 1 } ?? 0, metadata: [])
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

    func drainEncoder() throws {}

    func addAudio(_ track: AudioTrack) throws {
        throw MovieKitError.audioNotInContainer(path: destination, container: ".gif")
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
        case .pngSequence: .image2
        }
    }
}
