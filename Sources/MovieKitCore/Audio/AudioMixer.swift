import Foundation
internal import LibAV

/// Mixes audio tracks into one 48 kHz stereo stream, block by block in movie order: each track is
/// read from its file as it is needed, so memory stays flat however long the movie. The sum goes
/// through a peak limiter, so overlapping tracks never clip.
final class AudioMixer {
    static let sampleRate = 48000
    static let channels = 2

    private struct Voice {
        let track: AudioTrack
        /// Open only while the track plays, so memory does not grow with the number of tracks.
        var reader: AudioReader?
        /// The first movie sample the track plays at.
        let startSample: Int
        /// Samples of the file skipped before the trim's start.
        let trimSkip: Int
        /// The track's own length in samples (trimmed), or `nil` when unknown.
        let length: Int?
        /// Samples of the current pass through the file already read.
        var readInPass = 0
    }

    private var voices: [Voice] = []
    /// Movie samples mixed so far.
    private(set) var mixedSamples = 0
    /// The limiter's envelope, carried across blocks.
    private var envelope: Float = 0
    /// The longest fade-out of any track, in samples: audio this close to the end waits until the end is known.
    private(set) var holdBack = Int(0.5 * Double(sampleRate))

    /// Whether any track was added.
    var isEmpty: Bool { voices.isEmpty }

    /// A new mixer of the same tracks, from the start: the measuring pass of loudness normalization.
    func replica() throws -> AudioMixer {
        let copy = AudioMixer()
        for voice in voices { try copy.add(voice.track) }
        return copy
    }

    /// The sample where the last track stops by itself (its end, or its `duration`), or `nil` when a
    /// track loops or has no known length.
    var naturalEnd: Int? {
        guard endlessTrack == nil else { return nil }
        return voices.map { stopSample(of: $0, movieEnd: nil) }.max() ?? 0
    }

    /// The first track with no end of its own (one that loops, or whose length is unknown, with no
    /// `duration`): while it plays, only the movie's end stops the sound.
    var endlessTrack: AudioTrack? {
        voices.first { stopSample(of: $0, movieEnd: nil) == Int.max }?.track
    }

    /// Opens and adds a track.
    /// - Throws: `MovieKitError.unreadableInput` naming the file, or `.invalidAudioTrack`.
    func add(_ track: AudioTrack) throws {
        try track.validate()
        let reader = try Self.open(track)
        let start = Int((track.start * Double(Self.sampleRate)).rounded())
        // With a speed, the file's seconds pass `speed` times faster than the movie's.
        let rate = Double(Self.sampleRate) / track.speed
        let trimStart = track.trim?.lowerBound ?? 0
        let trimSkip = Int((trimStart * rate).rounded())
        let end = track.trim?.upperBound ?? reader.duration
        let length = end.map { max(0, Int((($0 - trimStart) * rate).rounded())) }
        // Opened here to report an unreadable file before the first frame; reopened when it plays.
        voices.append(Voice(track: track, reader: nil, startSample: start, trimSkip: trimSkip, length: length))
        holdBack = max(holdBack, Int((track.fadeOut * Double(Self.sampleRate)).rounded()) + Self.sampleRate / 2)
    }

    /// Opens a track's file, mapping a failure to an error that names it.
    static func open(_ track: AudioTrack) throws -> AudioReader {
        do {
            return try AudioReader(
                path: track.url.path, sampleRate: sampleRate, channels: channels, speed: track.speed)
        } catch let error as LibAVError {
            throw MovieKitError.unreadableInput(path: track.url.path, reason: error.message)
        }
    }

    /// Mixes movie samples from `mixedSamples` up to `end` (exclusive), as interleaved floats.
    /// - Parameter movieEnd: The movie's last sample, once known: tracks are cut and faded there.
    func mix(upTo end: Int, movieEnd: Int?) throws -> [Float] {
        let count = max(0, end - mixedSamples)
        guard count > 0 else { return [] }
        var sum = [Float](repeating: 0, count: count * Self.channels)
        let ducking = duckingRanges(movieEnd: movieEnd)
        for index in voices.indices {
            try add(
                voice: index, into: &sum, from: mixedSamples, count: count, movieEnd: movieEnd, ducking: ducking)
        }
        limit(&sum)
        mixedSamples = end
        return sum
    }

    /// The movie samples during which tracks that `ducksOtherTracks` play.
    private func duckingRanges(movieEnd: Int?) -> [Range<Int>] {
        voices.compactMap { voice in
            guard voice.track.ducksOtherTracks else { return nil }
            let stop = stopSample(of: voice, movieEnd: movieEnd)
            return voice.startSample < stop ? voice.startSample..<stop : nil
        }
    }

    /// Where track `voice` stops in the movie: its own end (unless it loops), its `duration`, or the movie's end.
    private func stopSample(of voice: Voice, movieEnd: Int?) -> Int {
        var stop = movieEnd ?? Int.max
        if !voice.track.loops, let length = voice.length { stop = min(stop, voice.startSample + length) }
        if let duration = voice.track.duration {
            stop = min(stop, voice.startSample + Int((duration * Double(Self.sampleRate)).rounded()))
        }
        return stop
    }

    private func add(
        voice index: Int, into sum: inout [Float], from first: Int, count: Int, movieEnd: Int?,
        ducking: [Range<Int>]
    ) throws {
        let voice = voices[index]
        let track = voice.track
        let stop = stopSample(of: voice, movieEnd: movieEnd)
        let from = max(first, voice.startSample)
        let to = min(first + count, stop)
        guard from < to else {
            if first >= stop { voices[index].reader = nil }  // Done playing: close the file.
            return
        }
        var position = from
        while position < to {
            let wanted = to - position
            var samples = try voices[index].reader.map {
                try $0.read(
                    frameCount: min(wanted, voice.length.map { max(0, $0 - voices[index].readInPass) } ?? wanted))
            }
            if samples?.isEmpty ?? true {
                // First use, or the file ended: a looping track starts again; otherwise silence.
                guard samples == nil || (track.loops && voices[index].readInPass > 0) else { return }
                let reader = try Self.open(track)
                try reader.skip(frameCount: voice.trimSkip)
                voices[index].reader = reader
                voices[index].readInPass = 0
                samples = try reader.read(frameCount: min(wanted, voice.length ?? wanted))
            }
            guard let samples, !samples.isEmpty else { return }
            let frames = samples.count / Self.channels
            voices[index].readInPass += frames
            let fadeIn = track.fadeIn * Double(Self.sampleRate)
            let fadeOut = track.fadeOut * Double(Self.sampleRate)
            for frame in 0..<frames {
                let moviePosition = position + frame
                var gain = track.volume
                if let ducked = track.duckedVolume {
                    gain = Self.duckedGain(gain, to: ducked, at: moviePosition, under: ducking)
                }
                let sinceStart = Double(moviePosition - voice.startSample)
                if fadeIn > 0, sinceStart < fadeIn { gain *= sinceStart / fadeIn }
                if fadeOut > 0, stop != Int.max {
                    let untilStop = Double(stop - moviePosition)
                    if untilStop < fadeOut { gain *= max(0, untilStop) / fadeOut }
                }
                let out = (moviePosition - first) * Self.channels
                for channel in 0..<Self.channels {
                    sum[out + channel] += Float(gain) * samples[frame * Self.channels + channel]
                }
            }
            position += frames
        }
    }

    /// A peak limiter: an envelope that jumps to each peak and falls back in about 50 ms; the gain
    /// keeps every sample within ±0.98.
    private func limit(_ samples: inout [Float]) {
        let release = Float(exp(-1.0 / (0.05 * Double(Self.sampleRate))))
        let ceiling: Float = 0.98
        for frame in 0..<(samples.count / Self.channels) {
            let base = frame * Self.channels
            var peak: Float = 0
            for channel in 0..<Self.channels { peak = max(peak, abs(samples[base + channel])) }
            envelope = max(peak, envelope * release)
            guard envelope > ceiling else { continue }
            let gain = ceiling / envelope
            for channel in 0..<Self.channels { samples[base + channel] *= gain }
        }
    }
}
