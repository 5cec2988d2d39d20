import Foundation
import MovieKitCore

/// editly's audio: `audioFilePath` (with `backgroundAudioVolume` and `loopAudio`), `audioTracks`
/// and `outputVolume`.
///
/// editly mixes with FFmpeg's `amix`, whose `weights` are the tracks' `mixVolume` (and
/// `backgroundAudioVolume` for `audioFilePath`, and `mixVolume` for `detached-audio` layers), after
/// a first input holding the clips' own audio at weight `clipsAudioVolume` (1 by default). `amix`
/// scales each input by its weight over the sum of the weights, so MovieKit plays each track at
/// `weight / (clipsAudioVolume + Σ weights)`: a lone music track plays at half its level, as in
/// editly. `audioNorm` (FFmpeg's `dynaudnorm`) and then `outputVolume` apply to the mix. With no
/// audio besides the clips' own, editly does not mix: the clips' sound plays as it is.
extension EditlySpec {
    /// The weights of editly's final amix.
    struct Mix {
        /// The clips' own sound's weight: `clipsAudioVolume`.
        var clipsWeight = 1.0
        /// Every weight: the clips' and each other track's.
        var weightSum = 1.0
        /// Whether there is audio besides the clips' own (`audioFilePath`, `audioTracks`,
        /// `detached-audio`): only then does editly mix, normalize and apply `outputVolume`.
        var mixes = false
        /// `outputVolume`, or 1 when `audioNorm` applies it after the normalization.
        var outputGain = 1.0

        /// The gain of an input of the mix with `weight`.
        func gain(weight: Double) -> Double { weightSum > 0 ? weight / weightSum * outputGain : 0 }

        /// The gain of the clips' own sound: its weight's share, or 1 when editly does not mix.
        var clipsGain: Double { mixes ? gain(weight: clipsWeight) : 1 }
    }

    /// The weights of the final mix, with `detached-audio` layers found in `clips`.
    /// - Parameter normalized: Whether `audioNorm` is enabled, which takes `outputVolume` after it.
    /// - Throws: `SceneError` at a weight or volume out of range.
    static func mix(_ map: MappingReader, normalized: Bool) throws -> Mix {
        var mix = Mix()
        mix.clipsWeight = try map.optional("clipsAudioVolume").map(weight) ?? 1
        var weights: [Double] = []
        if map.optional("audioFilePath") != nil {
            weights.append(try map.optional("backgroundAudioVolume").map(weight) ?? 1)
        }
        // The tracks and each clip's detached-audio layers; their other keys are checked when they are read.
        func settings(_ reader: NodeReader) -> MappingReader? {
            guard case .mapping(let entries) = reader.node.value else { return nil }
            return try? reader.mapping(keys: entries.map(\.key))
        }
        for item in (try? map.optional("audioTracks")?.sequence()) ?? [] {
            weights.append(try settings(item)?.optional("mixVolume").map(weight) ?? 1)
        }
        for clip in (try? map.optional("clips")?.sequence()) ?? [] {
            guard let layers = settings(clip)?.optional("layers") else { continue }
            for layer in (layers.isMapping ? [layers] : (try? layers.sequence()) ?? []) {
                guard let values = settings(layer), (try? values.optional("type")?.string()) == "detached-audio"
                else { continue }
                weights.append(try values.optional("mixVolume").map(weight) ?? 1)
            }
        }
        mix.mixes = !weights.isEmpty
        mix.weightSum = weights.reduce(mix.clipsWeight, +)
        mix.outputGain = normalized ? 1 : try map.optional("outputVolume").map(volume) ?? 1
        return mix
    }

    static let audioTrackKeys = ["path", "mixVolume", "cutFrom", "cutTo", "start"]
    static let volumeExpected = "a volume: a number such as 0.5, or decibels such as \"-6dB\""

    /// The tracks of `audioFilePath` and `audioTracks`, at their share of `mix`.
    static func audioTracks(_ map: MappingReader, mix: Mix) throws -> [AudioTrack] {
        let outputVolumeReader = map.optional("outputVolume")
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
        return try tracks.map { entry in
            var track = entry.track
            track.volume = mix.gain(weight: track.volume)
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
