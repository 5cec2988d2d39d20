import Foundation
import FrameDraw
import MovieKitCore

/// Turns one editly layer into MovieKitScene layers in the canvas's space, on the slide's clock,
/// placed and animated as editly's sources draw them.
struct EditlyLayerBuilder {
    /// The canvas size in pixels.
    let canvas: CGSize
    /// The clip's duration in seconds.
    let clipDuration: Double
    /// Where the layer is, for colours editly would pick at random.
    let clipIndex: Int
    let layerIndex: Int
    let seed: UInt64
    /// How loud clips' own sound is.
    var media = EditlyMedia()

    var shorterSide: Double { min(canvas.width, canvas.height) }

    /// The layers that draw `layer`, shown from its `start` until its `stop`.
    /// - Throws: `SceneError` for a bad setting, naming where it was written.
    func layers(for layer: EditlyLayer) throws -> [Layer] {
        let clock = try self.clock(layer)
        var layers: [Layer] =
            switch layer.type {
            case "image": try image(layer, clock)
            case "image-overlay": [try imageOverlay(layer, clock)]
            case "title": [try title(layer, clock)]
            case "subtitle": try subtitle(layer, clock)
            case "title-background": try titleBackground(layer, clock)
            case "news-title": try newsTitle(layer, clock)
            case "slide-in-text": [try slideInText(layer, clock)]
            case "linear-gradient": [try linearGradient(layer.optional("colors"), clock)]
            case "radial-gradient": [try radialGradient(layer.optional("colors"), clock)]
            case "rainbow-colors": [rainbowColors(clock)]
            case "gl": [try gl(layer, clock)]
            case "video": try video(layer, clock, media: media)
            case "audio", "detached-audio": []  // Sound only: `EditlyMedia.sounds(of:clipDuration:)`.
            case "editly-banner":
                [try linearGradient(nil, clock), try title(layer, clock, text: "Made with\nEDITLY\nmifi.no")]
            default: [try fillColor(layer.optional("color"))]  // fill-color, pause
            }
        for index in layers.indices {
            layers[index].inPoint = clock.start
            if layer.optional("stop") != nil { layers[index].outPoint = clock.start + clock.duration }
        }
        return layers
    }

    /// The layer's span: from `start` (default 0) to `stop` (default the clip's end), inside the clip.
    private func clock(_ layer: EditlyLayer) throws -> EditlyGeometry.Clock {
        let clipEnd = SceneError.number(clipDuration)
        let startReader = layer.optional("start")
        let start = try startReader?.double(0...86_400, expected: "a time in seconds from 0, within the clip") ?? 0
        guard start < clipDuration else {
            throw (startReader ?? layer.reader).invalid(
                SceneError.number(start), expected: "earlier than the clip's end (\(clipEnd) seconds)")
        }
        var stop = clipDuration
        if let stopReader = layer.optional("stop") {
            stop = try stopReader.double(0...86_400, expected: "a time in seconds within the clip")
            guard stop > start, stop <= clipDuration else {
                throw stopReader.invalid(
                    SceneError.number(stop),
                    expected:
                        "after `start` (\(SceneError.number(start))) and no later than the clip's end (\(clipEnd) seconds)"
                )
            }
        }
        return EditlyGeometry.Clock(start: start, duration: stop - start)
    }

    // MARK: - Pictures

    /// A full-canvas picture, fitted by `resizeMode` and zoomed about the centre. `contain-blur`
    /// puts a blurred copy of the picture, covering the canvas, behind it.
    private func image(_ layer: EditlyLayer, _ clock: EditlyGeometry.Clock) throws -> [Layer] {
        let pathReader = try layer.required("path", expected: "`path:` with an image file, relative to the spec")
        let fit = try layer.optional("resizeMode").map(SlideshowManifest.fit) ?? (.contain, .blurred)
        let zoom = try EditlyGeometry.Zoom.read(layer, defaultDirection: .in, defaultAmount: 0.1)
        try EditlyLayerBuilder.checkImageDuration(layer)
        var result: [Layer] = []
        let url: URL
        if fit.backdrop == .blurred {
            // A tiny copy drawn large is a soft blur of the picture.
            let small = try MediaFiles.image(pathReader, maxPixelSize: 24)
            url = small.url
            var background = Layer.image(small.image, fit: .cover)
            background.size = .constant(canvas)
            result.append(background)
        } else {
            url = try MediaFiles.photo(pathReader)
        }
        var picture = Layer.image(contentsOf: url, fit: fit.fit)
        picture.size = .constant(canvas)
        picture.scale = zoom.scale(clock)
        picture.position = zoom.position(CGPoint(x: canvas.width / 2, y: canvas.height / 2), clock)
        result.append(picture)
        return result
    }

    /// Checks an image layer's `duration`, which editly accepts and ignores: the layer lasts the
    /// clip, or from `start` to `stop`, and its zoom runs over that time.
    static func checkImageDuration(_ layer: EditlyLayer) throws {
        _ = try layer.optional("duration")?.double(0...86_400, expected: "a duration in seconds from 0")
    }

    /// A picture placed by `position`, `width` (a fraction of the canvas width) or `height`
    /// (a fraction of its height), keeping its aspect ratio; the canvas width by default.
    private func imageOverlay(_ layer: EditlyLayer, _ clock: EditlyGeometry.Clock) throws -> Layer {
        let picture = try MediaFiles.image(
            try layer.required("path", expected: "`path:` with an image file, relative to the spec"))
        let aspect = Double(picture.image.height) / Double(max(1, picture.image.width))
        let fraction = "a fraction of the canvas from 0 to 10"
        var size = CGSize(width: canvas.width, height: canvas.width * aspect)
        if let width = layer.optional("width") {
            let value = try width.double(0.000_001...10, expected: "\(fraction) width")
            size = CGSize(width: value * canvas.width, height: value * canvas.width * aspect)
        } else if let height = layer.optional("height") {
            let value = try height.double(0.000_001...10, expected: "\(fraction) height")
            size = CGSize(width: value * canvas.height / max(aspect, 0.000_001), height: value * canvas.height)
        }
        let placement = try EditlyGeometry.placement(layer.optional("position"), canvas: canvas)
        let zoom = try EditlyGeometry.Zoom.read(layer, defaultDirection: nil, defaultAmount: 0.1)
        var result = Layer.image(picture.image, fit: .stretch)
        result.size = .constant(size)
        result.anchor = .constant(placement.anchor)
        result.position = zoom.position(placement.point, clock)
        result.scale = zoom.scale(clock)
        return result
    }

    // MARK: - Colours and gradients

    /// A colour filling the canvas; a palette colour when none is given.
    func fillColor(_ reader: NodeReader?) throws -> Layer {
        Layer.rect().fill(
            try reader?.cssColor() ?? EditlyGeometry.randomColors(clip: clipIndex, layer: layerIndex, seed: seed).0)
    }

    /// Two colours from `colors`, or two palette colours when none are given.
    /// - Parameters:
    ///   - reader: The `colors` setting, if any.
    ///   - layer: The layer, where a problem with the colours is reported when they were not written.
    private func gradient(_ reader: NodeReader?) throws -> Gradient {
        var colors = EditlyGeometry.randomColors(clip: clipIndex, layer: layerIndex, seed: seed)
        if let reader {
            let items = try reader.sequence(expected: "a list of two CSS colours")
            guard items.count == 2 else {
                throw reader.invalid("a list of \(items.count) colours", expected: "a list of two CSS colours")
            }
            colors = (try items[0].cssColor(), try items[1].cssColor())
        }
        return Gradient(colors: [colors.0, colors.1])
    }

    /// editly's linear gradient: a rectangle twice the canvas, its gradient running from its
    /// top-left corner to the canvas's far corner, turning 30° over the layer's time.
    func linearGradient(_ colors: NodeReader?, _ clock: EditlyGeometry.Clock) throws -> Layer {
        var layer = Layer.rect()
            .size(width: canvas.width * 2, height: canvas.height * 2)
            .fill(.linearGradient(try gradient(colors), start: CGPoint(x: 0, y: 0), end: CGPoint(x: 0.5, y: 0.5)))
        layer.rotation = clock.tween(0.0, 30.0)
        return layer
    }

    /// editly's radial gradient: from the centre out to 0.6 of the canvas's longer side, growing
    /// to twice that over the layer's time.
    func radialGradient(_ colors: NodeReader?, _ clock: EditlyGeometry.Clock) throws -> Layer {
        var layer = Layer.rect()
            .size(width: canvas.width * 2, height: canvas.height * 2)
            .fill(.radialGradient(try gradient(colors), center: CGPoint(x: 0.5, y: 0.5), radius: 0.3))
        layer.scale = clock.tween(CGSize(width: 1, height: 1), CGSize(width: 2, height: 2))
        return layer
    }

    /// editly's rainbow-colors shader: red falling from left to right (full across a square of
    /// the canvas's height), green falling from top to bottom, and blue |sin(progress)| everywhere,
    /// added together.
    func rainbowColors(_ clock: EditlyGeometry.Clock) -> Layer {
        let (start, duration) = (clock.start, clock.duration)
        let blue = Animated<Color>(kind: .custom) { time in
            Color(red: 0, green: 0, blue: abs(sin(min(1, max(0, (time - start) / duration)))))
        }
        let (width, height) = (canvas.width, canvas.height)
        let redStart = max(0, width - height) / width
        let red = Color(red: min(1, width / height), green: 0, blue: 0)
        var layers = [Layer.rect().fill(blue)]
        let across = Gradient(colors: [red, .black])
        let down = Gradient(colors: [.green, .black])
        layers.append(
            Layer.rect().fill(.linearGradient(across, start: CGPoint(x: redStart, y: 0.5), end: CGPoint(x: 1, y: 0.5)))
                .blendMode(.plusLighter))
        layers.append(
            Layer.rect().fill(.linearGradient(down, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 0.5, y: 1)))
                .blendMode(.plusLighter))
        return Layer(.group(GroupContent(layers: layers)), name: "rainbow-colors")
    }
}
