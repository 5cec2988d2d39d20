import Foundation

/// A piece of music or a sound effect in a movie: a file placed at a time, optionally trimmed,
/// looped, faded and with its volume set. Decoded with libavformat and libavcodec, resampled to
/// 48 kHz stereo, mixed with the other tracks and encoded as AAC-LC.
public struct AudioTrack: Sendable, Hashable {
    /// The audio file: anything FFmpeg decodes (MP3, AAC/M4A, WAV, FLAC, Ogg, Opus, …).
    public var url: URL
    /// When the track starts in the movie, in seconds.
    public var start: Double
    /// The part of the file to play, in seconds of the file; `nil` plays it all.
    public var trim: Range<Double>?
    /// Linear gain: 1 keeps the level, 0.5 halves it.
    public var volume: Double
    /// Seconds over which the track fades in from silence.
    public var fadeIn: Double
    /// Seconds over which the track fades out before it ends (at its own end or the movie's).
    public var fadeOut: Double
    /// Whether the track starts again from the beginning (of its trim) when it ends, until the movie ends.
    public var loops: Bool
    /// The playback rate: 2 plays twice as fast, 0.5 at half speed, with the pitch kept (libavfilter's
    /// `atempo`). A trim is in seconds of the file. Default 1.
    public var speed: Double = 1
    /// How long the track plays in the movie, in seconds, however long its file or loop; `nil` plays
    /// it to its end (or the movie's, when it loops). Default `nil`.
    public var duration: Double?
    /// Whether the tracks that have a `duckedVolume` drop to it while this track plays: a clip's own
    /// sound over music. Default false.
    public var ducksOtherTracks = false
    /// The gain this track drops to while a track that `ducksOtherTracks` plays, eased over a quarter
    /// of a second at each side; `nil` never ducks. Default `nil`.
    public var duckedVolume: Double?

    public init(
        url: URL, start: Double = 0, trim: Range<Double>? = nil, volume: Double = 1,
        fadeIn: Double = 0, fadeOut: Double = 0, loops: Bool = false
    ) {
        self.url = url
        self.start = start
        self.trim = trim
        self.volume = volume
        self.fadeIn = fadeIn
        self.fadeOut = fadeOut
        self.loops = loops
    }

    /// The length of an audio file in seconds, as its container states it (`nil` when it does not).
    /// - Throws: `MovieKitError.unreadableInput` naming the file when it cannot be read as audio.
    public static func duration(of url: URL) throws -> Double? {
        try AudioMixer.open(AudioTrack(url: url)).duration
    }

    /// Checks the numbers; the file itself is checked when the track is added to a writer.
    func validate() throws {
        func check(_ ok: Bool, _ name: String, _ value: Double, _ rule: String) throws {
            guard ok else { throw AudioError.invalidTrack(path: url.path, setting: name, value: value, rule: rule) }
        }
        try check(start.isFinite && start >= 0, "start", start, "a time of 0 seconds or more")
        try check(
            volume.isFinite && volume >= 0 && volume <= 16, "volume", volume,
            "a gain from 0 to 16, where 1 keeps the level")
        try check(fadeIn.isFinite && fadeIn >= 0, "fadeIn", fadeIn, "0 seconds or more")
        try check(fadeOut.isFinite && fadeOut >= 0, "fadeOut", fadeOut, "0 seconds or more")
        try check(speed.isFinite && speed >= 0.01 && speed <= 100, "speed", speed, "a rate from 0.01 to 100")
        if let duration { try check(duration.isFinite && duration >= 0, "duration", duration, "0 seconds or more") }
        if let duckedVolume {
            try check(
                duckedVolume.isFinite && duckedVolume >= 0 && duckedVolume <= 16, "duckedVolume", duckedVolume,
                "a gain from 0 to 16")
        }
        if let trim {
            try check(
                trim.lowerBound.isFinite && trim.lowerBound >= 0, "trim start", trim.lowerBound, "0 seconds or more")
            try check(
                trim.upperBound.isFinite && trim.upperBound > trim.lowerBound, "trim end", trim.upperBound,
                "a time after the trim's start")
        }
    }
}
