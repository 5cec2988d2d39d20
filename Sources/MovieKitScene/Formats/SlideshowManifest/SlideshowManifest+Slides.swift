import Foundation
import FrameDraw
import MovieKitCore

/// Reading one slide: its content, timing, fit, transition and Ken Burns move.
extension SlideshowManifest {
    static let slideKeys = ["image", "title", "color", "duration", "caption", "fit", "transition", "kenBurns"]
    static let contentKeys = ["image", "title", "color"]
    static let transitionExpected = "a transition: a name, or {name, duration, easing}"
    static let kenBurnsExpected =
        "false (to hold this slide still) or a move {from: {zoom, center}, to: {zoom, center}}; "
        + "the top-level `kenBurns: true` gives every photo a gentle move"

    /// - Parameters:
    ///   - reader: The slide's mapping.
    ///   - defaultTransition: The slideshow's transition, which a slide's `transition` mapping
    ///     completes (`{duration: 1}` keeps the default's name and easing).
    static func slide(_ reader: NodeReader, defaultTransition: Slideshow.Transition) throws -> Slideshow.Slide {
        let map = try reader.mapping(keys: slideKeys, expected: "a slide: a mapping with `image`, `title` or `color`")
        let given = contentKeys.filter { map.optional($0) != nil }
        guard let first = given.first, let contentReader = map.optional(first) else {
            throw SceneError.missingKey(
                at: reader.location, key: "image",
                expected: "`image:` with a photo file, or `title:` or `color:` instead")
        }
        if given.count > 1, let second = map.optional(given[1]) {
            throw second.invalid("set as well as `\(first)`", expected: "the only one of `image`, `title` and `color`")
        }
        let content: Slideshow.Content =
            switch first {
            case "image": .photo(try MediaFiles.photo(contentReader))
            case "title": .title(try contentReader.string())
            default: .color(try contentReader.color())
            }
        var slide = Slideshow.Slide(content)
        slide.duration = try map.optional("duration")?.double(0.001...86_400, expected: durationExpected)
        slide.caption = try map.optional("caption")?.string()
        if let fitReader = map.optional("fit") { (slide.fit, slide.backdrop) = try fit(fitReader) }
        slide.transition = try map.optional("transition").map { try transition($0, base: defaultTransition) }
        slide.kenBurns = try map.optional("kenBurns").map(kenBurns)
        return slide
    }

    /// A transition: a name, or `{name, duration, easing}` whose missing keys come from `base`.
    static func transition(_ reader: NodeReader, base: Slideshow.Transition) throws -> Slideshow.Transition {
        if case .scalar = reader.node.value {
            var result = base
            try name(reader, into: &result)
            return result
        }
        let map = try reader.mapping(keys: ["name", "duration", "easing"], expected: transitionExpected)
        var result = base
        if let name = map.optional("name") { try Self.name(name, into: &result) }
        if let duration = map.optional("duration") {
            result.duration = try duration.double(0...60, expected: "a duration in seconds from 0 to 60")
        }
        if let easing = map.optional("easing") { result.easing = try SceneFileDecoder.easing(easing) }
        return result
    }

    /// Sets the transition `reader` names, as the registry's catalog resolves it in
    /// MovieKit's dialect: a CPU effect (``TransitionKind``'s names, `fade`, `none`), or a shader's
    /// gl-transitions name (ignoring case). The duration and easing stay those of `result`.
    private static func name(_ reader: NodeReader, into result: inout Slideshow.Transition) throws {
        let catalog = reader.context.registry.transitions
        let expected =
            "a transition (or a gl-transitions name such as CrossZoom): one of \(SceneError.list(TransitionKind.names))"
        let text = try reader.string(expected: expected)
        guard var found = catalog.transition(named: text) else {
            let hint =
                KeySuggestion.nearest(to: text, in: catalog.names()).map { " (did you mean `\($0)`?)" } ?? ""
            throw reader.invalid("\"\(text)\"\(hint)", expected: expected)
        }
        found.duration = result.duration
        found.easing = result.easing
        result = found
    }

    static func kenBurns(_ reader: NodeReader) throws -> Slideshow.KenBurns {
        if case .scalar = reader.node.value {
            guard try !reader.bool() else { throw reader.invalid("true", expected: kenBurnsExpected) }
            return Slideshow.KenBurns(from: Slideshow.Framing(), to: Slideshow.Framing())
        }
        let map = try reader.mapping(keys: ["from", "to"], expected: kenBurnsExpected)
        return Slideshow.KenBurns(
            from: try framing(
                try map.required("from", expected: "`from:` with the framing at the slide's start: {zoom, center}")),
            to: try framing(
                try map.required("to", expected: "`to:` with the framing at the slide's end: {zoom, center}")))
    }

    /// A framing: `{zoom, center}`; zoom 1 (the fitted photo) to 10, centre `[x, y]` in 0…1.
    private static func framing(_ reader: NodeReader) throws -> Slideshow.Framing {
        let map = try reader.mapping(keys: ["zoom", "center"], expected: "a framing: {zoom, center}")
        var framing = Slideshow.Framing()
        if let zoom = map.optional("zoom") {
            framing.zoom = try zoom.double(1...10, expected: "a zoom from 1 (the whole fitted photo) to 10")
        }
        if let center = map.optional("center") {
            let point = try center.point()
            guard (0...1).contains(point.x), (0...1).contains(point.y) else {
                throw center.invalid(
                    "[\(SceneError.number(point.x)), \(SceneError.number(point.y))]",
                    expected: "a centre [x, y] with each from 0 to 1 (fractions of the photo)")
            }
            framing.center = point
        }
        return framing
    }
}
