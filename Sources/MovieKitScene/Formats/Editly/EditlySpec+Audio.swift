import Foundation
import MovieKitCore

/// editly's audio: `audioFilePath` (with `backgroundAudioVolume` and `loopAudio`), `audioTracks`
/// and `outputVolume`.
///
/// editly mixes with FFmpeg's `amix`, whose `weights` are the tracks' `mixVolume` (and
/// `backgroundAudioVolume` for `audioFilePath`), after a first input holding the clips' own audio
/// at weight `clipsAudioVolume` (1 by default). `amix` scales each input by its weight over the sum
/// of the weights, so MovieKit plays each track at `weight / (clipsAudioVolume + Σ weights)`: a lone
/// music track plays at half its level, as in editly. `outputVolume` then scales the mix, after
/// `audioNorm` (FFmpeg's `dynaudnorm`) when that is enabled.
extension EditlySpec {
    static let audioTrackKeys = ["path", "mixVolume", "cutFrom", "cutTo", "start"]
    static let volumeExpected = "a volume: a number such as 0.5, or decibels such as \"-6dB\""

    /// The tracks of `audioFilePath` and `audioTracks`, at their share of the mix.
    /// - Parameter normalized: Whether `audioNorm` is enabled: then `outputVolume` applies after
    ///   the normalization (``AudioNormalization/outputGain``), not to the tracks.
    static func audioTracks(_ map: MappingReader, normalized: Bool = false) throws -> [AudioTrack] {
        let outputVolumeReader = map.optional("outputVolume")
        let outputVolume = normalized ? 1 : try outputVolumeReader.map(volume) ?? 1
        var tracks: [(track: AudioTrack, volumeReader: NodeReader?)] = []
        let loopReader = map.optional("loopAudio")
        let loops = try loopReader?.bool() ?? false
        if let pathReader = map.optional("audioFilePath") {
            let file = try MediaFiles.audio(pathReader)
            let volumeReader = map.optional("backgroundAudioVolume")
            tracks.append(
                (AudioTrack(url: file.url, volume: try volumeReader.map(weight) ?? 1, loops: loops), volumeReader))
        } else if loops, let loopReader {
            throw loopReader.invalid("true", expected: "set only with `audioFilePath`, the track it loops")
        }
        if let list = map.optional("audioTracks") {
            for item in try list.sequence(expected: "a list of audio tracks {path, mixVolume, cutFrom, cutTo, start}") {
                tracks.append(try audioTrack(item))
            }
        }
        // amix's weights: each track's volume holds its weight until here.
        let weightSum = tracks.reduce(clipsAudioWeight) { $0 + $1.track.volume }
        return try tracks.map { entry in
            var track = entry.track
            track.volume = weightSum > 0 ? track.volume / weightSum : 0
            track.volume *= outputVolume
            guard track.volume <= 16 else {
                let reader = entry.volumeReader ?? outputVolumeReader ?? map.reader
                throw reader.invalid(
                    "a gain of \(SceneError.number(track.volume)) with `outputVolume`",
                    expected: "a gain of at most 16 once multiplied by `outputVolume`")
            }
            return track
        }
    }

    private static func audioTrack(_ item: NodeReader) throws -> (track: AudioTrack, volumeReader: NodeReader?) {
        let map = try item.mapping(
            keys: audioTrackKeys, expected: "an audio track: {path, mixVolume, cutFrom, cutTo, start}")
        let file = try MediaFiles.audio(
            try map.required("path", expected: "`path:` with an audio file, relative to the spec"))
        let volumeReader = map.optional("mixVolume")
        var track = AudioTrack(url: file.url, volume: try volumeReader.map(weight) ?? 1)
        track.start = try map.optional("start").map(AudioListReader.time) ?? 0
        let cutFromReader = map.optional("cutFrom")
        let cutFrom = try cutFromReader?.double(0...86_400, expected: "a time in seconds of the file, from 0") ?? 0
        if let cutToReader = map.optional("cutTo") {
            let cutTo = try cutToReader.double(0...86_400, expected: "a time in seconds of the file, from 0")
            guard cutTo > cutFrom else {
                throw cutToReader.invalid(
                    SceneError.number(cutTo), expected: "later than `cutFrom` (\(SceneError.number(cutFrom)))")
            }
            track.trim = cutFrom..<cutTo
        } else if let cutFromReader, cutFrom > 0 {
            guard let length = file.duration, length > cutFrom else {
                throw cutFromReader.invalid(
                    SceneError.number(cutFrom),
                    expected: file.duration.map {
                        "earlier than the end of the file (\(SceneError.number($0)) seconds)"
                    }
                        ?? "given with `cutTo`, since the file does not state its length")
            }
            track.trim = cutFrom..<length
        }
        return (track, volumeReader)
    }

    /// `audioNorm: {enable, gaussSize, maxGain}` as FFmpeg's `dynaudnorm=g=gaussSize:m=maxGain`
    /// (editly's defaults 5 and 30), with `outputVolume` after it; `nil` unless `enable` is true.
    static func audioNormalization(_ map: MappingReader) throws -> AudioNormalization? {
        guard let reader = map.optional("audioNorm") else { return nil }
        let settings = try reader.mapping(
            keys: ["enable", "gaussSize", "maxGain"], expected: "audio normalization: {enable, gaussSize, maxGain}")
        guard try settings.optional("enable")?.bool() == true else { return nil }
        let gaussReader = settings.optional("gaussSize")
        let gaussSize =
            try gaussReader?.int(3...301, expected: "an odd whole number of half-second windows from 3 to 301") ?? 5
        if let gaussReader, gaussSize % 2 == 0 {
            throw gaussReader.invalid(
                "\(gaussSize)", expected: "an odd whole number of half-second windows from 3 to 301 (dynaudnorm's g)")
        }
        let maxGain = try settings.optional("maxGain")?.double(1...100, expected: "a largest gain from 1 to 100") ?? 30
        let outputGain = try map.optional("outputVolume").map(volume) ?? 1
        return try AudioNormalization(gaussSize: gaussSize, maxGain: maxGain, outputGain: outputGain)
    }

    /// The weight of the clips' own audio in editly's mix: its `clipsAudioVolume`, 1 by default.
    static let clipsAudioWeight = 1.0

    /// A weight in editly's mix (`mixVolume`, `backgroundAudioVolume`): a number from 0, relative
    /// to the other tracks' weights; decibels (`"-6dB"`) are read as the linear gain they name.
    static func weight(_ reader: NodeReader) throws -> Double {
        let expected = "a weight relative to the other tracks: a number from 0 to 1000000, such as 1 or 50"
        let text = try reader.string(expected: expected).trimmingCharacters(in: .whitespaces)
        var value = Double(text)
        if value == nil, text.lowercased().hasSuffix("db"), let decibels = Double(text.dropLast(2)) {
            value = pow(10, decibels / 20)
        }
        guard let value, value.isFinite, (0...1_000_000).contains(value) else {
            throw reader.invalid(Double(text) == nil ? "\"\(text)\"" : text, expected: expected)
        }
        return value
    }

    /// A volume: a linear gain, or decibels (`"-6dB"`), as FFmpeg's `volume` filter reads it.
    static func volume(_ reader: NodeReader) throws -> Double {
        let text = try reader.string(expected: volumeExpected).trimmingCharacters(in: .whitespaces)
        let gain: Double
        if text.lowercased().hasSuffix("db") {
            guard let decibels = Double(text.dropLast(2)), decibels.isFinite else {
                throw reader.invalid("\"\(text)\"", expected: volumeExpected)
            }
            gain = pow(10, decibels / 20)
        } else {
            guard let linear = Double(text), linear.isFinite else {
                throw reader.invalid("\"\(text)\"", expected: volumeExpected)
            }
            gain = linear
        }
        guard (0...16).contains(gain) else {
            throw reader.invalid(text, expected: "a gain from 0 to 16 (at most +24 dB), where 1 keeps the level")
        }
        return gain
    }
}
