import Foundation
import FrameDraw
import MovieKitCore

/// editly's text layers: `title`, `subtitle`, `title-background`, `news-title` and
/// `slide-in-text`, sized from the canvas and animated as editly animates them. Text is measured
/// with Pango while reading, so boxes and backgrounds fit it.
extension EditlyLayerBuilder {
    /// The text, which editly requires to be non-empty.
    private func text(_ layer: EditlyLayer) throws -> String {
        let reader = try layer.required("text", expected: "`text:` with the text to show")
        let text = try reader.string()
        guard !text.isEmpty else { throw reader.invalid("an empty string", expected: "the text to show") }
        return text
    }

    /// A style in the layer's font (editly's sans-serif by default) and `textColor`. `fontPath`
    /// names a font file, which is registered with fontconfig and wins over `fontFamily`, as in editly.
    private func style(_ layer: EditlyLayer, size: Double, colorKey: String = "textColor") throws -> TextStyle {
        var family = try layer.optional("fontFamily")?.string(expected: "a font family name") ?? Font.systemFamily
        if let fontPath = layer.optional("fontPath") {
            let path = try fontPath.string(expected: "the path of a font file, relative to the spec")
            let url = MediaFiles.url(path, relativeTo: fontPath.context.baseURL)
            do {
                family = try Font.registerFile(at: url)
            } catch let error as FrameDrawError {
                var reason = error.description
                if case .unreadableFont(_, let detail) = error { reason = detail }
                throw fontPath.invalid(
                    "the font file \(url.path), which cannot be used (\(reason.trimmingCharacters(in: ["."])))",
                    expected: "a TrueType or OpenType font file, relative to the spec")
            }
        }
        let color = try layer.optional(colorKey)?.cssColor() ?? .white
        return TextStyle(font: Font(family: family, size: max(1, size)), color: color)
    }

    /// A text layer filled with the style's colour.
    private func textLayer(_ text: String, _ style: TextStyle) -> Layer {
        var layer = Layer.text(.constant(text), style: style)
        layer.fill = .color(.constant(style.color))
        return layer
    }

    /// A move from `from` to `to` along easeOutExpo, starting at `progress` of the layer's time
    /// and lasting `length` of it, as editly's eased text animations do.
    private func eased<Value: Interpolatable>(
        _ from: Value, _ to: Value, at progress: Double, length: Double, _ clock: EditlyGeometry.Clock
    ) -> Animated<Value> {
        .tween(from: from, to: to, start: clock.time(progress), duration: clock.duration * length, easing: .easeOutExpo)
    }

    /// `delay` (a fraction of the layer's time) and `speed`.
    private func delayAndSpeed(_ layer: EditlyLayer) throws -> (delay: Double, speed: Double) {
        (
            try layer.optional("delay")?.double(
                0...1, expected: "a delay from 0 to 1, as a fraction of the layer's time") ?? 0,
            try layer.optional("speed")?.double(0.01...100, expected: "a speed from 0.01 to 100") ?? 1
        )
    }

    /// A title: a tenth of the shorter side high, centred in a box 80% of the canvas wide, placed
    /// by `position` (default centre) and zoomed in by 20% unless `zoomDirection` says otherwise.
    func title(_ layer: EditlyLayer, _ clock: EditlyGeometry.Clock, text fixedText: String? = nil) throws -> Layer {
        let text = try fixedText ?? self.text(layer)
        var style = try style(layer, size: (shorterSide * 0.1).rounded())
        style.alignment = .center
        style.wrapWidth = canvas.width * 0.8
        let placement = try EditlyGeometry.placement(layer.optional("position"), canvas: canvas)
        let zoom = try EditlyGeometry.Zoom.read(layer, defaultDirection: .in, defaultAmount: 0.2)
        var result = textLayer(text, style)
        result.size = .constant(CGSize(width: canvas.width * 0.8, height: style.measure(text).height))
        result.anchor = .constant(placement.anchor)
        result.position = zoom.position(placement.point, clock)
        result.scale = zoom.scale(clock)
        return result
    }

    /// A subtitle: a twentieth of the shorter side high, left-aligned at the bottom over a band
    /// of `backgroundColor`, both fading and sliding in along easeOutExpo.
    func subtitle(_ layer: EditlyLayer, _ clock: EditlyGeometry.Clock) throws -> [Layer] {
        let text = try self.text(layer)
        let padding = shorterSide * 0.05
        var style = try style(layer, size: shorterSide / 20)
        style.wrapWidth = canvas.width - padding * 2
        let height = style.measure(text).height
        let (delay, speed) = try delayAndSpeed(layer)
        let opacity: Animated<Double> = eased(0.0, 1.0, at: delay, length: 1 / speed, clock)
        var band = Layer.rect().fill(try layer.optional("backgroundColor")?.cssColor() ?? Color(white: 0, alpha: 0.3))
        band.size = .constant(CGSize(width: canvas.width, height: height + padding * 2))
        band.anchor = .constant(CGPoint(x: 0, y: 1))
        band.position = .constant(CGPoint(x: 0, y: canvas.height))
        band.opacity = opacity
        var words = textLayer(text, style)
        words.size = .constant(CGSize(width: canvas.width - padding * 2, height: height))
        words.anchor = .constant(CGPoint(x: 0.5, y: 1))
        let bottom = canvas.height - padding
        words.position = eased(
            CGPoint(x: canvas.width / 2 - padding, y: bottom), CGPoint(x: canvas.width / 2, y: bottom), at: delay,
            length: 1 / speed, clock)
        words.opacity = opacity
        return [band, words]
    }

    /// A title over a background: `background` is `{type: fill-color | linear-gradient |
    /// radial-gradient, color | colors}`, or palette colours in one of those when it is not given.
    func titleBackground(_ layer: EditlyLayer, _ clock: EditlyGeometry.Clock) throws -> [Layer] {
        let types = ["fill-color", "linear-gradient", "radial-gradient"]
        var background: Layer
        if let reader = layer.optional("background") {
            let map = try reader.mapping(
                keys: ["type", "color", "colors"], expected: "a background: {type, color} or {type, colors}")
            let type = try map.required("type", expected: "`type:` with fill-color, linear-gradient or radial-gradient")
                .choice(types.map { ($0, $0) }, what: "a background type")
            switch type {
            case "fill-color": background = try fillColor(map.optional("color"))
            case "linear-gradient": background = try linearGradient(map.optional("colors"), clock)
            default: background = try radialGradient(map.optional("colors"), clock)
            }
        } else {
            let pick = (clipIndex + layerIndex + Int(seed % 3)) % types.count
            background =
                switch types[pick] {
                case "fill-color": try fillColor(nil)
                case "linear-gradient": try linearGradient(nil, clock)
                default: try radialGradient(nil, clock)
                }
        }
        return [background, try title(layer, clock)]
    }

    /// A news title: text on a `backgroundColor` bar near the top left, the bar sliding in from
    /// the left, then the text, which fades in.
    func newsTitle(_ layer: EditlyLayer, _ clock: EditlyGeometry.Clock) throws -> [Layer] {
        let text = try self.text(layer)
        let fontSize = (shorterSide * 0.05).rounded()
        var style = try style(layer, size: fontSize)
        style.letterSpacing = canvas.width * 0.1 / 1000 * fontSize  // fabric.js charSpacing is in 1/1000 em
        let size = style.measure(text)
        let (delay, speed) = try delayAndSpeed(layer)
        // editly documents `position` for news titles but always draws them at the top left.
        _ = try EditlyGeometry.placement(layer.optional("position"), canvas: canvas)
        let top = canvas.height * 0.08
        let (paddingV, paddingH) = (shorterSide * 0.07, shorterSide * 0.03)
        let barWidth = size.width + paddingV * 2
        var bar = Layer.rect().fill(
            try layer.optional("backgroundColor")?.cssColor()
                ?? Color(red: 0xD0 / 255, green: 0x2A / 255, blue: 0x42 / 255))
        bar.size = .constant(CGSize(width: barWidth, height: size.height + paddingH * 2))
        bar.anchor = .constant(.zero)
        bar.position = eased(
            CGPoint(x: -barWidth, y: top - paddingH), CGPoint(x: 0, y: top - paddingH), at: delay,
            length: 1 / (3 * speed), clock)
        var words = textLayer(text, style)
        words.anchor = .constant(.zero)
        words.position = eased(
            CGPoint(x: paddingV - canvas.width, y: top), CGPoint(x: paddingV, y: top), at: delay + 0.02,
            length: 1 / (4 * speed), clock)
        words.opacity = eased(0.0, 1.0, at: delay + 0.07, length: 1 / (4 * speed), clock)
        return [bar, words]
    }

    /// Text revealed from left to right behind a soft edge between 10% and 30% of the layer's
    /// time (easeInOutCubic), then faded out between 80% and 90%. `fontSize` and `charSpacing`
    /// are fractions of the canvas width (default 0.05 and 0.1); `color` overrides `textColor`.
    func slideInText(_ layer: EditlyLayer, _ clock: EditlyGeometry.Clock) throws -> Layer {
        let text = try self.text(layer)
        let relativeSize =
            try layer.optional("fontSize")?.double(
                0.001...1, expected: "a font size as a fraction of the canvas width, from 0.001 to 1") ?? 0.05
        let fontSize = (canvas.width * relativeSize).rounded()
        var style = try style(layer, size: fontSize, colorKey: layer.optional("color") == nil ? "textColor" : "color")
        let spacing =
            try layer.optional("charSpacing")?.double(
                -1...1, expected: "a letter spacing as a fraction of the canvas width, from -1 to 1") ?? 0.1
        style.letterSpacing = canvas.width * spacing / 1000 * fontSize
        let size = style.measure(text)
        let placement = try EditlyGeometry.placement(layer.optional("position"), canvas: canvas)
        var words = textLayer(text, style)
        words.anchor = .constant(placement.anchor)
        words.position = .constant(placement.point)
        words.opacity = .keyframes([
            Keyframe(time: clock.time(0.8), value: 1), Keyframe(time: clock.time(0.9), value: 0)
        ])
        // The reveal: a mask, opaque up to a soft edge a fifth of the text wide, whose right end
        // moves from the text's left edge to 1.2 text widths right of it.
        let left = placement.point.x - placement.anchor.x * size.width
        let top = placement.point.y - placement.anchor.y * size.height
        let maskWidth = size.width * 1.4
        if size.width > 0, let soft = try? Gradient(colors: [.white, .white, .clear], locations: [0, 1.2 / 1.4, 1]) {
            var mask = Layer.rect().fill(
                .linearGradient(soft, start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5)))
            mask.size = .constant(CGSize(width: maskWidth, height: size.height))
            mask.anchor = .constant(CGPoint(x: 1, y: 0))
            mask.position = .keyframes([
                Keyframe(time: clock.time(0.1), value: CGPoint(x: left, y: top), easing: .easeInOutCubic),
                Keyframe(time: clock.time(0.3), value: CGPoint(x: left + size.width * 1.2, y: top))
            ])
            words.mask = Mask(mask)
        }
        return words
    }
}
