import Foundation
import FrameDraw
import MovieKitCore

/// editly's clip media: `video`, `audio` and `detached-audio` layers, and the spec options that
/// decide how loud a clip's own sound is (`keepSourceAudio`, `clipsAudioVolume`, `outputVolume`).
///
/// As in editly, a `video` or `audio` layer's segment (`cutFrom`…`cutTo`, the file's end by
/// default) is slowed down or sped up to fill the time the layer shows; a clip without a
/// `duration` lasts its first video layer's segment. A `detached-audio` layer plays at its own
/// speed from `start` seconds into the clip. As in editly, a clip's own sound (its `video` layers'
/// and its `audio` layers) is heard only with `keepSourceAudio: true`; its layers are mixed with
/// their `mixVolume` as amix weights (a lone one plays as it is); and the clips' sound is one input of
/// the final mix, at weight `clipsAudioVolume` (see `EditlySpec.Mix`), where `detached-audio`
/// layers are inputs of their own.
struct EditlyMedia {
    static let videoKeys = [
        "path", "resizeMode", "cutFrom", "cutTo", "width", "height", "left", "top", "originX", "originY", "mixVolume"
    ]
    static let audioKeys = ["path", "cutFrom", "cutTo", "mixVolume"]

    /// `keepSourceAudio`: whether clips' own sound (video and `audio` layers) plays. editly's default is false.
    var keepsSourceAudio = false
    /// The final mix's weights.
    var mix = EditlySpec.Mix()
    /// The share of the clip's sound of the layer being built (`share(of:among:)`).
    var clipShare = 1.0

    /// Reads the top-level options.
    /// - Throws: `SceneError` naming the key.
    init(_ map: MappingReader, mix: EditlySpec.Mix) throws {
        keepsSourceAudio = try map.optional("keepSourceAudio")?.bool() ?? false
        self.mix = mix
    }

    init() {}

    /// The layers of a clip whose sound is part of the clip's: its `video` and `audio` layers with
    /// `keepSourceAudio`, except those with a `start` or `stop` (editly leaves their sound out).
    func soundLayers(_ layers: [EditlyLayer]) -> [EditlyLayer] {
        guard keepsSourceAudio else { return [] }
        return layers.filter {
            ($0.type == "video" || $0.type == "audio") && $0.optional("start") == nil && $0.optional("stop") == nil
        }
    }

    /// `layer`'s share of its clip's sound: its `mixVolume` over the sum of the clip's, as editly's
    /// amix weighs them; 1 for a clip with one sound; 0 for a layer whose sound is left out.
    /// - Throws: `SceneError` at a `mixVolume` that is not a weight.
    func share(of layer: EditlyLayer, among layers: [EditlyLayer]) throws -> Double {
        let sounds = soundLayers(layers)
        guard sounds.contains(where: { $0.reader.path == layer.reader.path }) else { return 0 }
        guard sounds.count > 1 else { return 1 }
        let weights = try sounds.map { try $0.optional("mixVolume").map(EditlySpec.weight) ?? 1 }
        let total = weights.reduce(0, +)
        let own = try layer.optional("mixVolume").map(EditlySpec.weight) ?? 1
        return total > 0 ? own / total : 0
    }

    /// A media file named by `path`, with what FFmpeg reads of it.
    struct Source {
        var url: URL
        var info: VideoContent.FileInfo?
        var audioDuration: Double?
    }

    /// The segment `cutFrom`…`cutTo` of a layer's file, checked against the file's length.
    /// - Throws: `SceneError` at the key that does not fit.
    static func segment(_ layer: EditlyLayer, length: Double?) throws -> (from: Double, to: Double?) {
        let cutFromReader = layer.optional("cutFrom")
        let from = try cutFromReader?.double(0...86_400, expected: "a time in seconds of the file, from 0") ?? 0
        if let length, length > 0, from >= length {
            throw (cutFromReader ?? layer.reader).invalid(
                SceneError.number(from), expected: "earlier than the file's end (\(SceneError.number(length)) seconds)")
        }
        guard let cutToReader = layer.optional("cutTo") else { return (from, length) }
        let to = try cutToReader.double(0...86_400, expected: "a time in seconds of the file, from 0")
        guard to > from else {
            throw cutToReader.invalid(
                SceneError.number(to), expected: "later than `cutFrom` (\(SceneError.number(from)))")
        }
        return (from, length.map { min(to, $0 > 0 ? $0 : to) } ?? to)
    }

    /// The video file a layer names, probed now so that a bad file is reported at its key.
    /// - Throws: `SceneError.unreadableFile`, or `missingKey` without `path`.
    static func video(_ layer: EditlyLayer) throws -> Source {
        let reader = try layer.required("path", expected: "`path:` with a video file, relative to the spec")
        let url = MediaFiles.url(
            try reader.string(expected: "the path of a video file"), relativeTo: reader.context.baseURL)
        do {
            return Source(url: url, info: try VideoContent.info(of: url))
        } catch let error as SceneError {
            if case .unreadableFile(_, let reason) = error {
                throw SceneError.missingVideo(
                    at: reader.location, videoPath: url.path,
                    reason: reason.prefix(1).uppercased() + reason.dropFirst() + ".")
            }
            throw error
        }
    }

    /// How long a clip lasts when it states no `duration`: its first video layer's segment.
    /// - Throws: `SceneError` for a bad video layer.
    static func clipDuration(of layers: [EditlyLayer]) throws -> Double? {
        guard let first = layers.first(where: { $0.type == "video" }) else { return nil }
        let source = try video(first)
        let segment = try segment(first, length: source.info?.duration)
        guard let end = segment.to else { return nil }
        return end - segment.from
    }

    /// The sound of a clip's `audio` and `detached-audio` layers, placed from the clip's start.
    /// - Parameter clipDuration: The clip's length, which `audio` layers are fitted to.
    /// - Throws: `SceneError` naming the layer's key.
    func sounds(of layers: [EditlyLayer], clipDuration: Double) throws -> [AudioTrack] {
        var tracks: [AudioTrack] = []
        for layer in layers where layer.type == "audio" || layer.type == "detached-audio" {
            let file = try MediaFiles.audio(
                try layer.required("path", expected: "`path:` with an audio file, relative to the spec"))
            let segment = try Self.segment(layer, length: file.duration)
            let gain =
                layer.type == "audio"
                ? try share(of: layer, among: layers) * mix.clipsGain
                : mix.gain(weight: try layer.optional("mixVolume").map(EditlySpec.weight) ?? 1)
            // Without keepSourceAudio, editly leaves a clip's `audio` layers silent.
            if layer.type == "audio", gain == 0 { continue }
            var track = AudioTrack(url: file.url, volume: gain)
            let start = try layer.optional("start")?.double(0...86_400, expected: "a time in seconds from 0") ?? 0
            if let end = segment.to { track.trim = segment.from..<end }
            if layer.type == "audio" {
                // Fitted to the clip, between half and a hundred times its speed, as editly does.
                let length = (segment.to ?? (segment.from + clipDuration)) - segment.from
                track.speed = min(max(length / clipDuration, 0.5), 100)
                track.duration = clipDuration
            } else {
                track.start = start
            }
            tracks.append(track)
        }
        return tracks
    }
}

extension EditlyLayerBuilder {
    /// A `video` layer: the clip fitted by `resizeMode` (editly's default `contain-blur` shows it
    /// contained over a blurred, darkened copy covering the canvas), or placed by `width`, `height`, `left`, `top`,
    /// `originX` and `originY` as fractions of the canvas; its segment fills the layer's time.
    func video(_ layer: EditlyLayer, _ clock: EditlyGeometry.Clock, media: EditlyMedia) throws -> [Layer] {
        let source = try EditlyMedia.video(layer)
        let segment = try EditlyMedia.segment(layer, length: source.info?.duration)
        let length = (segment.to ?? (segment.from + clock.duration)) - segment.from
        let gain = media.clipShare * media.mix.clipsGain
        var content = VideoContent(
            url: source.url, cutFrom: segment.from, cutTo: segment.to,
            speed: min(max(length / clock.duration, 0.01), 100),
            volume: min(gain, 16), isMuted: !media.keepsSourceAudio || gain == 0)
        let fraction = "a fraction of the canvas from 0 to 10"
        let placed = ["width", "height", "left", "top"].contains { layer.optional($0) != nil }
        if placed {
            let width = try layer.optional("width")?.double(0.000_001...10, expected: "\(fraction) width") ?? 1
            let height = try layer.optional("height")?.double(0.000_001...10, expected: "\(fraction) height") ?? 1
            let left = try layer.optional("left")?.double(-10...10, expected: "\(fraction) left edge") ?? 0
            let top = try layer.optional("top")?.double(-10...10, expected: "\(fraction) top edge") ?? 0
            let originX: Double =
                try layer.optional("originX")?.choice(
                    [("left", 0.0), ("center", 0.5), ("right", 1.0)], what: "a horizontal origin") ?? 0
            let originY: Double =
                try layer.optional("originY")?.choice(
                    [("top", 0.0), ("center", 0.5), ("bottom", 1.0)], what: "a vertical origin") ?? 0
            content.fit = .stretch
            if let resize = layer.optional("resizeMode") { content.fit = try SlideshowManifest.fit(resize).fit }
            var result = Layer(.video(content))
            result.size = .constant(CGSize(width: width * canvas.width, height: height * canvas.height))
            result.anchor = .constant(CGPoint(x: originX, y: originY))
            result.position = .constant(CGPoint(x: left * canvas.width, y: top * canvas.height))
            return [result]
        }
        let fit = try layer.optional("resizeMode").map(SlideshowManifest.fit) ?? (.contain, .blurred)
        content.fit = fit.fit
        var main = Layer(.video(content))
        main.size = .constant(canvas)
        guard fit.backdrop == .blurred, fit.fit == .contain else { return [main] }
        return VideoContent.blurredBackdrop(of: content, canvas: canvas) + [main]
    }
}

extension EditlySpec {
    /// Each clip's sound moved to where the clip starts in the slideshow.
    /// - Throws: `SceneError.invalidSlideshow` for a bad timing.
    static func placing(_ sounds: [[AudioTrack]], in show: Slideshow) throws -> [AudioTrack] {
        guard sounds.contains(where: { !$0.isEmpty }) else { return [] }
        let timing = try show.timing()
        let frame = Double(show.fps.denominator) / Double(show.fps.numerator)
        var placed: [AudioTrack] = []
        for (index, tracks) in sounds.enumerated() where index < timing.slides.count {
            let start = Double(timing.slides[index].lowerBound) * frame
            placed += tracks.map { track in
                var moved = track
                moved.start += start
                return moved
            }
        }
        return placed
    }
}
