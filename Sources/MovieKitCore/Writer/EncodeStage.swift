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
    private let muxerWantsGlobalHeader: Bool
    private var started = false
    private var framesEncoded = 0
    private let mixer = AudioMixer()
    private var audio: (encoder: AudioEncoder, stream: Int)?
    private let clock = ContinuousClock()
    private(set) var statistics = RenderStatistics()

    /// Opens the encoder (trying each name in turn where a codec has a fallback) and the muxer,
    /// and writes the header to `path`.
    /// - Parameter destination: The file the user asked for, named in errors.
    /// - Throws: `MovieKitError` mapped from the LibAV layer.
    init(settings: MovieSettings, codec: VideoCodec, container: MovieContainer, path: String, destination: String) throws {
        self.destination = destination
        self.settings = settings
        let names = MovieSettings.encoderNames(for: codec)
        var lastName = names[0]
        do {
            output = try MediaOutput(container: container.muxer, path: path, destination: destination)
            var opened: VideoEncoder?
            for name in names where opened == nil {
                lastName = name
                do {
                    opened = try VideoEncoder(
                        configuration: settings.encoderConfiguration(for: codec, encoderName: name), globalHeader: output.wantsGlobalHeader)
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
                try output.setMetadata(settings.metadata.entries.map { CodecOption($0.key, $0.value) })
            }
        } catch let error as LibAVError {
            throw MovieKitError(writing: destination, encoder: lastName, error)
        }
        muxerWantsGlobalHeader = output.wantsGlobalHeader
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
                let encoder = try AudioEncoder(
                    sampleRate: AudioMixer.sampleRate, channels: AudioMixer.channels, bitRate: settings.audioBitRate,
                    globalHeader: muxerWantsGlobalHeader)
                audio = (encoder, try output.addStream(for: encoder))
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
        try writeAudio(upTo: sample(atFrame: framesEncoded) - mixer.holdBack, movieEnd: nil)
    }

    func finish() throws {
        try startIfNeeded()
        try encodeAndWrite(nil)
        let end = sample(atFrame: framesEncoded)
        try writeAudio(upTo: end, movieEnd: end, flush: true)
        try mapped { try output.finish() }
    }

    /// The audio sample at which video frame `index` starts.
    private func sample(atFrame index: Int) -> Int {
        Int((settings.fps.time(ofFrame: index) * Double(AudioMixer.sampleRate)).rounded())
    }

    /// Mixes, encodes and writes audio up to movie sample `end`.
    private func writeAudio(upTo end: Int, movieEnd: Int?, flush: Bool = false) throws {
        guard let audio, end > mixer.mixedSamples || flush else { return }
        let start = clock.now
        let samples = try mixer.mix(upTo: end, movieEnd: movieEnd)
        try mapped {
            try audio.encoder.encode(interleaved: samples, flush: flush) { try output.write($0, toStream: audio.stream) }
        }
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
