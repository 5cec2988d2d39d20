import Foundation
import FrameDraw
import MovieKitCore

extension Slideshow {
    /// The slideshow as a scene: each slide a group of layers (the photo with its Ken Burns move,
    /// the blurred backdrop, the caption) on its own clock, and each transition timed properties
    /// and masks on the two slides it joins. The scene's `audio` is the slideshow's.
    ///
    /// Photos are not decoded here: the image layers take them from a cache that decodes each
    /// photo once, ahead of time, at the size it is shown at, holding at most three slides' photos.
    /// - Throws: `SceneError.invalidSlideshow` for a bad timing or canvas.
    public func scene() throws -> Scene {
        let timing = try timing()
        let canvas = Canvas(
            width: width, height: height, fps: fps, duration: Double(timing.frameCount) * frameDuration,
            background: background)
        let cache = photoCache()
        var layers: [Layer] = []
        var overlays: [Layer] = []
        var effects = slides.indices.map { _ in SlideEffects() }
        var shaderTransitions: [ShaderTransitionWindow] = []
        for index in slides.indices.dropLast() where timing.transitions[index] > 0 {
            let start = Double(timing.slides[index + 1].lowerBound) * frameDuration
            let window = TransitionWindow(
                start: start, duration: Double(timing.transitions[index]) * frameDuration,
                easing: resolved(index).transition.easing)
            guard let kind = transitionKind(after: index) else {
                if case .shader(let shader, _, _) = resolved(index).transition {
                    shaderTransitions.append(ShaderTransitionWindow(index: index, window: window, shader: shader))
                }
                continue
            }
            let transition = TransitionEffect(
                kind: kind, window: window, canvas: canvas.size, seed: seed &+ UInt64(index))
            var outgoing = effects[index]
            var incoming = effects[index + 1]
            transition.apply(outgoing: &outgoing, incoming: &incoming, overlays: &overlays)
            effects[index] = outgoing
            effects[index + 1] = incoming
        }
        var perSlide: [[Layer]] = []
        for index in slides.indices {
            let range = timing.slides[index]
            let children = try slideLayers(index, cache: cache, canvas: canvas.size)
            let start = Double(range.lowerBound) * frameDuration
            let end = Double(range.upperBound) * frameDuration
            let into = index > 0 ? Double(timing.transitions[index - 1]) * frameDuration : 0
            perSlide.append(
                effects[index].layers(
                    children: children, start: start, end: end, transitionEnd: start + into, canvas: canvas.size))
        }
        overlays += Self.drawing(shaderTransitions, over: &perSlide, canvas: canvas.size)
        layers = perSlide.flatMap { $0 }
        var scene = Scene(canvas: canvas, layers: layers + overlays, audio: audio)
        scene.heldFrames = HeldFrames(runs: timing.stills)
        return scene
    }

    /// Seconds per frame.
    var frameDuration: Double { Double(fps.denominator) / Double(fps.numerator) }

    /// The cache that the photo layers draw from, decoding at the largest size a photo is shown at.
    func photoCache() -> PhotoCache {
        var photos: [Int: PhotoCache.Photo] = [:]
        var zoom = 1.0
        for (index, slide) in slides.enumerated() {
            guard case .photo(let url) = slide.content else { continue }
            let move = kenBurnsMove(for: index)
            photos[index] = PhotoCache.Photo(
                url: url, fit: resolved(index).fit, blursBackdrop: blursBackdrop(index), moves: move != nil)
            if let move { zoom = max(zoom, move.from.zoom, move.to.zoom) }
        }
        // A photo that covers the canvas can be up to a third longer than the canvas's long side
        // (a 3:4 portrait filling 16:9), and Ken Burns enlarges it by its zoom. This bounds the
        // decode (JPEGs decode at a fraction of their size); each photo that does not move is then
        // scaled once to the size it is shown at.
        let side = Double(max(width, height)) * zoom * 4 / 3
        return PhotoCache(
            photos: photos, canvas: CGSize(width: width, height: height), maxPixelSize: Int(side.rounded(.up)))
    }

    /// The layers of slide `index`, in its own space and on its own clock.
    private func slideLayers(_ index: Int, cache: PhotoCache, canvas: CGSize) throws -> [Layer] {
        var layers: [Layer] = []
        let duration = Double(try timing().slides[index].count) * frameDuration
        switch slides[index].content {
        case .photo:
            if blursBackdrop(index) {
                let blurred = SlidePhoto(cache: cache, slide: index, blurred: true)
                var backdrop = Layer(.image(ImageContent(.provider(blurred), fit: .cover)))
                backdrop.size = .constant(canvas)
                layers.append(backdrop)
                var shade = Layer(.rect)
                shade.size = .constant(canvas)
                shade.fill = .color(.constant(Color(white: 0, alpha: 0.45)))
                layers.append(shade)
            }
            let picture = SlidePhoto(cache: cache, slide: index, blurred: false)
            var photo = Layer(.image(ImageContent(.provider(picture), fit: resolved(index).fit)))
            photo.size = .constant(canvas)
            if let move = kenBurnsMove(for: index) {
                let ease = Easing.easeInOut
                let framing: @Sendable (Double) -> Framing = { time in
                    let amount = ease.value(at: duration > 0 ? time / duration : 1)
                    return Framing(
                        zoom: move.from.zoom + (move.to.zoom - move.from.zoom) * amount,
                        center: move.from.center.interpolated(to: move.to.center, amount: amount))
                }
                photo.anchor = Animated(kind: .tween) { framing($0).center }
                photo.position = Animated(kind: .tween) { time in
                    let center = framing(time).center
                    return CGPoint(x: center.x * canvas.width, y: center.y * canvas.height)
                }
                photo.scale = Animated(kind: .tween) {
                    let zoom = framing($0).zoom
                    return CGSize(width: zoom, height: zoom)
                }
            }
            layers.append(photo)
        case .title(let text):
            var title = Layer(.text(TextContent(.constant(text), style: titleStyle)))
            title.fill = .color(.constant(titleStyle.color))
            title.size = .constant(
                CGSize(width: canvas.width * 0.84, height: titleStyle.measure(text, width: canvas.width * 0.84).height))
            layers.append(title)
        case .color(let color):
            var fill = Layer(.rect)
            fill.size = .constant(canvas)
            fill.fill = .color(.constant(color))
            layers.append(fill)
        case .layers(let own):
            layers += own
        case .video(var video):
            video.fit = resolved(index).fit
            if blursBackdrop(index) { layers += VideoContent.blurredBackdrop(of: video, canvas: canvas) }
            var clip = Layer(.video(video))
            clip.size = .constant(canvas)
            layers.append(clip)
        }
        if let caption = slides[index].caption, !caption.isEmpty {
            layers += captionLayers(caption, canvas: canvas)
        }
        return layers
    }

    /// A caption at the bottom: the text over a translucent band as wide as the canvas.
    private func captionLayers(_ text: String, canvas: CGSize) -> [Layer] {
        let margin = canvas.height * 0.04
        let textWidth = canvas.width - 4 * margin
        let textHeight = captionStyle.measure(text, width: textWidth).height
        let bandHeight = textHeight + 2 * margin
        var band = Layer(.rect)
        band.size = .constant(CGSize(width: canvas.width, height: bandHeight))
        band.position = .constant(CGPoint(x: canvas.width / 2, y: canvas.height - bandHeight / 2))
        band.fill = .color(.constant(Color(white: 0, alpha: 0.4)))
        var caption = Layer(.text(TextContent(.constant(text), style: captionStyle)))
        caption.fill = .color(.constant(captionStyle.color))
        caption.size = .constant(CGSize(width: textWidth, height: textHeight))
        caption.position = .constant(CGPoint(x: canvas.width / 2, y: canvas.height - bandHeight / 2))
        return [band, caption]
    }
}
