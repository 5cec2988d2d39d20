import Foundation
internal import LibAV

/// Joins chunk files into one movie by stream copy, without re-encoding, and adds the movie's
/// audio, rendered and encoded once over the whole length so there are no seams in the sound.
public enum MovieChunks {
    /// One part, read and checked.
    private struct Part {
        let url: URL
        let identity: ChunkIdentity
        /// The presentation timestamp of the part's first picture, in its video stream's time base.
        let firstPresentation: Int64
    }

    /// Joins `parts` (in any order) into a faststart MP4 at `url`.
    ///
    /// The parts must be chunks of one movie (same movie and settings fingerprints, written with
    /// `MovieWriter(url:settings:chunk:)`) that together cover every frame once. Timestamps are
    /// made continuous; the result decodes to the frames of a single render.
    /// - Parameters:
    ///   - parts: The chunk files.
    ///   - url: The destination (`.mp4`, `.m4v` or `.mov`).
    ///   - overwrite: Whether an existing file may be replaced.
    ///   - audio: The movie's music and sounds, mixed and encoded over the whole length.
    ///   - audioBitRate: The AAC bit rate.
    ///   - audioNormalization: `dynaudnorm` normalization of the mix (editly's `audioNorm`), or `nil` for none.
    ///   - loudness: An EBU R128 loudness target for the mix, measured over the whole movie first and
    ///     applied as one gain (as ``MovieSettings/loudness`` does for a movie written in one piece), or `nil`.
    ///   - subtitleTracks: Subtitle streams to carry (`mov_text`), marked default as the tracks say;
    ///     cue times are kept to the millisecond.
    /// - Returns: The loudness of the sound written, when `loudness` was given and the movie has sound.
    /// - Throws: `ChunkError.mismatch` naming a part that does not belong (no chunk tag,
    ///   different settings, another movie, cut short), `.chunkCoverage` naming a missing or
    ///   repeated frame range, `.unreadableInput`, or a write error; nothing is left at `url`.
    @discardableResult
    public static func join(
        parts: [URL], to url: URL, overwrite: Bool = false, audio: [AudioTrack] = [], audioBitRate: Int = 192_000,
        audioNormalization: AudioNormalization? = nil, loudness: LoudnessNormalization? = nil,
        subtitleTracks: [SubtitleTrack] = []
    ) throws -> LoudnessMeasurement? {
        let ordered = try checkedParts(parts)
        guard let first = ordered.first else { throw ChunkError.incompleteCoverage(reason: "no parts were given") }
        let container: MediaOutput.Container
        switch url.pathExtension.lowercased() {
        case "mp4", "m4v": container = .mp4
        case "mov": container = .mov
        default:
            throw MovieKitError.unsupportedContainer(path: url.path)
        }
        if !overwrite, FileManager.default.fileExists(atPath: url.path) {
            throw MovieKitError.fileExists(path: url.path)
        }
        let mixer = AudioMixer()
        for track in audio { try mixer.add(track) }
        let file = try PartialOutput(destination: url)
        do {
            let sound = JoinedSound(
                mixer: mixer, bitRate: audioBitRate, normalization: audioNormalization, loudness: loudness)
            let measured = try write(
                ordered, first: first, container: container, sound: sound, subtitleTracks: subtitleTracks, file: file,
                destination: url.path)
            try file.moveIntoPlace(overwrite: overwrite)
            return measured
        } catch let error as LibAVError {
            file.removeTemporary()
            throw MovieKitError(writing: url.path, encoder: "aac", error)
        } catch {
            file.removeTemporary()
            throw error
        }
    }

    /// The movie's sound as the join writes it.
    private struct JoinedSound {
        let mixer: AudioMixer
        let bitRate: Int
        let normalization: AudioNormalization?
        let loudness: LoudnessNormalization?
    }

    /// Writes the joined movie to `file`; returns the loudness of its sound when a target was given.
    private static func write(
        _ parts: [Part], first: Part, container: MediaOutput.Container, sound: JoinedSound,
        subtitleTracks: [SubtitleTrack], file: PartialOutput, destination: String
    ) throws -> LoudnessMeasurement? {
        let firstInput = try FormatInput(path: first.url.path)
        try firstInput.findStreamInfo()
        let rate = (numerator: first.identity.frameRate.numerator, denominator: first.identity.frameRate.denominator)
        let end = Double(first.identity.totalFrames) * Double(rate.denominator) / Double(rate.numerator)
        let output = try MediaOutput(container: container, path: file.writePath, destination: destination)
        let video = try output.addStream(copying: firstInput, stream: try firstInput.bestStream(.video))
        // The loudness is measured up to the movie's end, as for a movie written in one piece.
        let audio =
            sound.mixer.isEmpty
            ? nil
            : try AudioStreamWriter(
                mixer: sound.mixer, output: output, bitRate: sound.bitRate, normalization: sound.normalization,
                loudness: sound.loudness, movieEnd: AudioStreamWriter.sample(at: end))
        let subtitles = try SubtitleStreamWriter.streams(
            for: subtitleTracks, in: container == .mov ? .mov : .mp4, video: video, audio: audio?.stream,
            output: output, destination: destination)
        try output.start()
        let packet = try Packet()
        for part in parts {
            let input = part.url == first.url ? firstInput : try FormatInput(path: part.url.path)
            let stream = try input.bestStream(.video)
            while try input.read(into: packet) {
                defer { packet.unref() }
                guard packet.streamIndex == stream else { continue }
                let seconds =
                    (input.seconds(ofPacket: packet, after: part.firstPresentation) ?? 0) + Double(
                        part.identity.frames.lowerBound) * Double(rate.denominator) / Double(rate.numerator)
                try output.write(
                    packet, toStream: video, copiedFrom: input, stream: stream, presenting: part.firstPresentation,
                    atFrame: part.identity.frames.lowerBound, frameRate: rate)
                try audio?.advance(to: seconds, output: output)
                for stream in subtitles { try stream.advance(to: seconds, output: output) }
            }
        }
        try audio?.finish(at: end, output: output)
        for stream in subtitles { try stream.advance(to: nil, output: output) }
        try output.finish()
        return audio?.loudness
    }

    /// Reads every part's tag, checks that they belong together and cover the movie once, and
    /// returns them in frame order.
    private static func checkedParts(_ urls: [URL]) throws -> [Part] {
        var parts: [Part] = []
        for url in urls {
            let input: FormatInput
            do {
                input = try FormatInput(path: url.path)
                try input.findStreamInfo()
            } catch let error as LibAVError {
                throw ChunkError.mismatch(path: url.path, reason: "it cannot be read (\(error.message))")
            }
            guard let tag = input.metadata("comment"), let identity = ChunkIdentity(tag: tag) else {
                throw ChunkError.untagged(path: url.path)
            }
            let (frames, firstPresentation) = try countFrames(input, path: url.path)
            guard frames == identity.frames.count else {
                throw ChunkError.mismatch(
                    path: url.path,
                    reason:
                        "it holds \(frames) frames where its tag says \(identity.frames.count) (frames \(identity.frames.lowerBound)..<\(identity.frames.upperBound)); it is cut short, so render that chunk again"
                )
            }
            if let first = parts.first {
                guard identity.settingsFingerprint == first.identity.settingsFingerprint else {
                    throw ChunkError.mismatch(
                        path: url.path,
                        reason: "it was rendered with different encoding settings than \(first.url.path)")
                }
                guard identity.movieFingerprint == first.identity.movieFingerprint,
                    identity.totalFrames == first.identity.totalFrames
                else {
                    throw ChunkError.mismatch(
                        path: url.path, reason: "it is a part of another movie than \(first.url.path)")
                }
            }
            parts.append(Part(url: url, identity: identity, firstPresentation: firstPresentation))
        }
        parts.sort { $0.identity.frames.lowerBound < $1.identity.frames.lowerBound }
        var covered = 0
        var previous: Part?
        for part in parts {
            let range = part.identity.frames
            if range.lowerBound > covered {
                throw ChunkError.missingFrames(covered..<range.lowerBound)
            }
            if range.lowerBound < covered, let previous {
                throw ChunkError.incompleteCoverage(
                    reason:
                        "\(part.url.path) repeats frames \(range.lowerBound)..<\(min(covered, range.upperBound)), which \(previous.url.path) already holds; leave one of them out"
                )
            }
            covered = range.upperBound
            previous = part
        }
        if let total = parts.first?.identity.totalFrames, covered < total {
            throw ChunkError.missingFrames(covered..<total)
        }
        return parts
    }

    /// Counts the video packets of a part (one per frame), without decoding, and finds the earliest
    /// presentation timestamp among them: its first picture's.
    private static func countFrames(_ input: FormatInput, path: String) throws -> (count: Int, firstPresentation: Int64)
    {
        let stream = try input.bestStream(.video)
        let packet = try Packet()
        var count = 0
        var first: Int64?
        while try input.read(into: packet) {
            if packet.streamIndex == stream {
                count += 1
                if let pts = packet.presentationTimestamp { first = min(first ?? pts, pts) }
            }
            packet.unref()
        }
        return (count, first ?? 0)
    }
}
