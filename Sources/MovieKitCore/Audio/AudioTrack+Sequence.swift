import Foundation

extension AudioTrack {
    /// When the track ends in the movie, if it ends: its start plus the length it plays (its trim,
    /// or the whole file); `nil` when it loops, or when its length is not known.
    /// - Parameter fileDuration: The length of the track's file in seconds, if known.
    public func end(fileDuration: Double?) -> Double? {
        guard !loops, let length = trim.map({ $0.upperBound - $0.lowerBound }) ?? fileDuration else { return nil }
        return start + length
    }

    /// Tracks that play `urls` one after another from the start of the movie, each starting when
    /// the one before it ends.
    ///
    /// This is how `moviemake slideshow --audio a.mp3 --audio b.mp3` lays out its music.
    /// - Parameters:
    ///   - urls: The audio files, in playing order.
    ///   - volume: Every track's gain; 1 keeps the level.
    ///   - fadeIn: Seconds over which the first track fades in.
    ///   - fadeOut: Seconds over which each track fades out at its end (or the movie's).
    ///   - end: The movie's length in seconds: no track is added that would start at or after it.
    ///   - repeating: Whether the list starts again, until `end`, when its last file has played.
    ///     A file of unknown or zero length ends the list.
    /// - Throws: ``MovieKitError/unreadableInput(path:reason:)`` for a file that cannot be read as audio.
    public static func sequence(
        of urls: [URL], volume: Double = 1, fadeIn: Double = 0, fadeOut: Double = 0, until end: Double,
        repeating: Bool = false
    ) throws -> [AudioTrack] {
        let lengths = try urls.map { try duration(of: $0) }
        var tracks: [AudioTrack] = []
        var start = 0.0
        repeat {
            for (url, length) in zip(urls, lengths) {
                let track = AudioTrack(
                    url: url, start: start, volume: volume, fadeIn: tracks.isEmpty ? fadeIn : 0, fadeOut: fadeOut)
                tracks.append(track)
                guard let next = track.end(fileDuration: length), next > start else { return tracks }
                start = next
                if start >= end { return tracks }
            }
        } while repeating && start < end
        return tracks
    }
}
