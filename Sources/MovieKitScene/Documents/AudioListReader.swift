import Foundation
import MovieKitCore

/// Reads an `audio:` list, the one vocabulary for music and sound effects that scene files and
/// slideshow manifests share: `{path, start, trim: [from, to], volume, fadeIn, fadeOut, loop}`.
///
/// Tracks play in sequence unless they say when to start: a track without `start` begins when
/// the track before it ends (its trim's length, or its file's length), and the first at 0. Each
/// file is opened while reading, so a missing file or one that is not audio is reported with its
/// place in the document before anything is drawn.
enum AudioListReader {
    static let keys = ["path", "start", "trim", "volume", "fadeIn", "fadeOut", "loop"]
    static let timeExpected = "a time in seconds from 0 to 86400"

    /// The tracks of an `audio:` list.
    /// - Parameters:
    ///   - reader: The list.
    ///   - document: What relative paths are relative to, for messages: "the manifest", "the scene file".
    /// - Throws: `SceneError` naming the first problem: `.unknownKey`, `.wrongType`,
    ///   `.invalidValue`, `.missingKey`, or `.missingAudio` for a file that cannot be read as audio.
    static func tracks(_ reader: NodeReader, document: String) throws -> [AudioTrack] {
        var tracks: [AudioTrack] = []
        var previousEnd: Double? = 0
        var previousName = ""
        for item in try reader.sequence(
            expected: "a list of audio tracks {path, start, trim, volume, fadeIn, fadeOut, loop}")
        {
            let map = try item.mapping(
                keys: keys, expected: "an audio track: {path, start, trim, volume, fadeIn, fadeOut, loop}")
            let file = try MediaFiles.audio(
                try map.required("path", expected: "`path:` with an audio file, relative to \(document)"))
            var track = AudioTrack(url: file.url)
            if let trim = map.optional("trim") { track.trim = try Self.trim(trim) }
            track.volume =
                try map.optional("volume")?.double(0...16, expected: "a gain from 0 to 16, where 1 keeps the level")
                ?? 1
            track.fadeIn =
                try map.optional("fadeIn")?.double(0...3600, expected: "a fade in seconds from 0 to 3600") ?? 0
            track.fadeOut =
                try map.optional("fadeOut")?.double(0...3600, expected: "a fade in seconds from 0 to 3600") ?? 0
            track.loops = try map.optional("loop")?.bool() ?? false
            if let start = map.optional("start") {
                track.start = try time(start)
            } else if let previousEnd {
                track.start = previousEnd
            } else {
                throw SceneError.missingKey(
                    at: item.location, key: "start", expected: "`start:` in seconds, since \(previousName)")
            }
            // Where the next track starts when it gives no `start` of its own.
            let index = tracks.count
            if track.loops {
                previousEnd = nil
                previousName = "\(reader.path)[\(index)] loops and never ends"
            } else if let end = track.end(fileDuration: file.duration) {
                previousEnd = end
            } else {
                previousEnd = nil
                previousName = "the length of \(reader.path)[\(index)]'s file is not known"
            }
            tracks.append(track)
        }
        return tracks
    }

    /// A time in seconds from 0 to 86400: when a track starts in the movie, or a point in its file.
    static func time(_ reader: NodeReader) throws -> Double {
        try reader.double(0...86_400, expected: timeExpected)
    }

    /// `[from, to]`: the part of the file to play, in seconds of the file.
    private static func trim(_ reader: NodeReader) throws -> Range<Double> {
        let expected = "a trim [from, to] in seconds of the file, with to after from"
        let items = try reader.sequence(expected: expected)
        guard items.count == 2 else { throw reader.wrongType(expected) }
        let from = try time(items[0])
        let to = try time(items[1])
        guard to > from else {
            throw items[1].invalid(
                SceneError.number(to), expected: "later than the trim's start (\(SceneError.number(from)))")
        }
        return from..<to
    }
}
