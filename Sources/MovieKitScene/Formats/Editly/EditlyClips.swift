import Foundation
import FrameDraw
import MovieKitCore

/// Turns editly's `clips` into slides: one slide per clip, with the clip's duration and the
/// transition at its end, timed as editly times them.
enum EditlyClips {
    static let clipKeys = ["layers", "duration", "transition"]

    /// The slides for `clips`.
    /// - Parameters:
    ///   - reader: The `clips` list.
    ///   - defaults: The spec's `defaults`.
    ///   - canvas: The slideshow so far, for its size and seed.
    /// - Throws: `SceneError` naming the clip, the layer and the key.
    static func slides(_ reader: NodeReader, defaults: EditlyDefaults, canvas: Slideshow) throws -> [Slideshow.Slide] {
        try slidesAndSounds(reader, defaults: defaults, canvas: canvas, media: EditlyMedia()).slides
    }

    /// The slides for `clips`, and the sound of each clip's `audio` and `detached-audio` layers,
    /// placed from the clip's start.
    /// - Throws: `SceneError` naming the clip, the layer and the key.
    static func slidesAndSounds(_ reader: NodeReader, defaults: EditlyDefaults, canvas: Slideshow, media: EditlyMedia)
        throws -> (slides: [Slideshow.Slide], sounds: [[AudioTrack]])
    {
        var sounds: [[AudioTrack]] = []
        let clips = try reader.sequence(expected: "a list of clips {layers, duration, transition}")
        guard !clips.isEmpty else { throw reader.invalid("an empty list", expected: "a list of one or more clips") }
        var slides: [Slideshow.Slide] = []
        var transitions: [Slideshow.Transition] = []
        for (index, clip) in clips.enumerated() {
            let map = try clip.mapping(keys: clipKeys, expected: "a clip: {layers, duration, transition}")
            let layersReader = try map.required("layers", expected: "`layers:` with the clip's layers")
            let layerReaders =
                layersReader.isMapping ? [layersReader] : try layersReader.sequence(expected: "a list of layers")
            guard !layerReaders.isEmpty else {
                throw layersReader.invalid("an empty list", expected: "a list of one or more layers")
            }
            let layers = try layerReaders.map { try EditlyLayer($0, defaults: defaults) }
            let duration =
                try map.optional("duration")?.double(
                    0.001...86_400, expected: "a duration in seconds, more than 0 and at most 86400")
                ?? EditlyMedia.clipDuration(of: layers) ?? defaults.duration
            sounds.append(try media.sounds(of: layers, clipDuration: duration))
            let transition =
                map.contains("transition")
                ? try EditlyTransitionSpec(map.optional("transition")).merged(over: defaults.transition)
                : defaults.transition
            transitions.append(try transition.resolved(at: clip))
            var slide = try Self.slide(layers, duration: duration, clipIndex: index, canvas: canvas, media: media)
            slide.duration = duration
            slides.append(slide)
        }
        // editly keeps each transition to at most half of either clip it joins, and ends the last
        // clip with none.
        for index in slides.indices {
            var transition = transitions[index]
            if index == slides.count - 1 {
                transition = Slideshow.Transition(.cut, duration: 0, easing: .linear)
            } else {
                let limit =
                    min(slides[index].duration ?? defaults.duration, slides[index + 1].duration ?? defaults.duration)
                    / 2
                transition.duration = min(transition.duration, limit)
            }
            slides[index].transition = transition
        }
        return (leavingEachSlideAFrame(slides, canvas: canvas), sounds)
    }

    /// editly lets a clip be all transition, half of it in and half out; MovieKit gives every
    /// slide at least one frame of its own, in whole frames as `Slideshow.timing()` counts them.
    /// Where the two transitions would cover a slide, the longer one is shortened a frame at a
    /// time until they leave it one.
    private static func leavingEachSlideAFrame(_ slides: [Slideshow.Slide], canvas: Slideshow) -> [Slideshow.Slide] {
        var show = canvas
        show.slides = slides
        guard slides.count > 1 else { return slides }
        let rate = Double(canvas.fps.numerator) / Double(canvas.fps.denominator)
        for index in slides.indices {
            while true {
                let into = index > 0 ? show.wholeFrames(ofSlide: index - 1).out : 0
                let (frames, out) = show.wholeFrames(ofSlide: index)
                guard into + out >= frames else { break }
                // `into + out` is at least 1, so the longer transition has a frame to give.
                let side = into >= out ? index - 1 : index
                show.slides[side].transition?.duration = Double(max(into, out) - 1) / rate
            }
        }
        return show.slides
    }

    /// The slide for one clip: a photo for a lone full-clip `image` layer, a colour for a lone
    /// `fill-color` or `pause` with a colour, and layers for anything else.
    private static func slide(
        _ layers: [EditlyLayer], duration: Double, clipIndex: Int, canvas: Slideshow, media: EditlyMedia
    ) throws -> Slideshow.Slide {
        if layers.count == 1, let only = layers.first, only.optional("start") == nil, only.optional("stop") == nil {
            switch only.type {
            case "image":
                let url = try MediaFiles.photo(
                    try only.required("path", expected: "`path:` with an image file, relative to the spec"))
                let fit = try only.optional("resizeMode").map(SlideshowManifest.fit) ?? (.contain, .blurred)
                let zoom = try EditlyGeometry.Zoom.read(only, defaultDirection: .in, defaultAmount: 0.1)
                try EditlyLayerBuilder.checkImageDuration(only)
                let kenBurns = zoom.kenBurns(canvasWidth: Double(canvas.width))
                return Slideshow.Slide(.photo(url), fit: fit.fit, backdrop: fit.backdrop, kenBurns: kenBurns)
            case "fill-color", "pause":
                if let color = only.optional("color") { return Slideshow.Slide(.color(try color.cssColor())) }
            default:
                break
            }
        }
        var result: [Layer] = []
        for (index, layer) in layers.enumerated() {
            var builder = EditlyLayerBuilder(
                canvas: CGSize(width: canvas.width, height: canvas.height), clipDuration: duration,
                clipIndex: clipIndex,
                layerIndex: index, seed: canvas.seed)
            builder.media = media
            if layer.type == "video" { builder.media.clipShare = try media.share(of: layer, among: layers) }
            result += try builder.layers(for: layer)
        }
        return Slideshow.Slide(.layers(result))
    }
}
