import Foundation
import MovieKitLottie
import MovieKitScene
import MovieKitSubtitles
import Testing

@Suite("Scene file errors")
struct SceneFileErrorTests {
    static let cases: [SceneErrorCase] = [
        .init(
            name: "YAML syntax", format: .yaml, text: "canvas:\n  width: 320\n height: 176\n",
            message:
                "scene.yaml:3:2: The YAML is malformed: while parsing a block mapping, did not find expected key. Fix the syntax at that line and column."
        ),
        .init(
            name: "JSON syntax", format: .json, text: "{\n  \"canvas\": {\"width\": 320 \"height\": 176}\n}",
            message:
                "scene.json:2:27: The JSON is malformed: Foundation reports \"Invalid value around character 28\". Check the brackets, commas, quotes and escapes at or just before that line and column."
        ),
        .init(
            name: "unknown top-level key", format: .yaml,
            text: "canvas: {width: 320, height: 176, duration: 2}\nlayer: []\n",
            message:
                "scene.yaml:2:1: `layer` is not a known key. Did you mean `layers`? Valid keys here are `canvas`, `variables`, `layers` and `audio`."
        ),
        .init(
            name: "unknown key in a keyframe", format: .yaml,
            text: canvasYAML + """
                  - type: rect
                  - type: rect
                  - type: ellipse
                    animate:
                      opacity:
                        - {time: 0, value: 0}
                        - {time: 1, value: 1, easng: easeOut}

                """,
            message:
                "scene.yaml:9:31: `layers[2].animate.opacity[1].easng` is not a known key. Did you mean `easing`? Valid keys here are `time`, `value` and `easing`."
        ),
        .init(
            name: "unknown animated property", format: .yaml,
            text: canvasYAML + "  - {type: rect, animate: {opacty: [{time: 0, value: 1}]}}\n",
            message:
                "scene.yaml:3:28: `layers[0].animate.opacty` is not a known key. Did you mean `opacity`? Valid keys here are `position`, `anchor`, `size`, `rotation`, `scale`, `opacity`, `fill`, `stroke`, `strokeWidth`, `cornerRadius`, `shadowColor`, `shadowOffset`, `shadowBlur`, `trimStart` and `trimEnd`."
        ),
        .init(
            name: "unknown key with no near match", format: .yaml,
            text: "canvas: {width: 320, height: 176, duration: 2, zzzzzz: 1}\nlayers: []\n",
            message:
                "scene.yaml:1:48: `canvas.zzzzzz` is not a known key. Valid keys here are `width`, `height`, `fps`, `duration` and `background`."
        ),
        .init(
            name: "missing type", format: .yaml, text: canvasYAML + "  - {size: [10, 10]}\n",
            message:
                "scene.yaml:3:5: `layers[0]` has no `type`; add `type:` with one of rect, ellipse, path, polygon, star, text, image, group, video, captions, lottie, spectrum, subtitles or waveform."
        ),
        .init(
            name: "unknown type", format: .yaml, text: canvasYAML + "  - {type: circle}\n",
            message:
                "scene.yaml:3:12: `layers[0].type` is \"circle\" but must be a layer type: one of `rect`, `ellipse`, `path`, `polygon`, `star`, `text`, `image`, `group`, `video`, `captions`, `lottie`, `spectrum`, `subtitles` and `waveform`."
        ),
        .init(
            name: "wrong type for a size", format: .yaml, text: canvasYAML + "  - {type: rect, size: big}\n",
            message:
                "scene.yaml:3:24: `layers[0].size` is a string (\"big\") but must be a size: [width, height] or {width: …, height: …}."
        ),
        .init(
            name: "opacity out of range", format: .yaml, text: canvasYAML + "  - {type: rect, opacity: 1.5}\n",
            message: "scene.yaml:3:27: `layers[0].opacity` is 1.5 but must be an opacity from 0 to 1."),
        .init(
            name: "keyframe times going backwards", format: .yaml,
            text: canvasYAML + "  - {type: rect, animate: {opacity: [{time: 1, value: 0}, {time: 0.5, value: 1}]}}\n",
            message:
                "scene.yaml:3:66: `layers[0].animate.opacity[1].time` is 0.5, earlier than the keyframe before it at 1; list keyframes in time order."
        ),
        .init(
            name: "missing image", format: .yaml, text: canvasYAML + "  - {type: image, source: photos/missing.png}\n",
            message:
                "scene.yaml:3:27: `layers[0].source` names the image /nonexistent-scene-folder/photos/missing.png, which cannot be loaded: No file exists at this path; check the spelling and the working directory."
        ),
        .init(
            name: "bad colour", format: .yaml, text: canvasYAML + "  - {type: rect, fill: \"#12345\"}\n",
            message:
                "scene.yaml:3:24: `layers[0].fill` is \"#12345\" but must be a colour: \"#RRGGBB\", \"#RRGGBBAA\" or a name such as white."
        ),
        .init(
            name: "misspelt colour name", format: .yaml, text: canvasYAML + "  - {type: rect, fill: whte}\n",
            message:
                "scene.yaml:3:24: `layers[0].fill` is \"whte\" (did you mean `white`?) but must be a colour: \"#RRGGBB\", \"#RRGGBBAA\" or a name such as white."
        ),
        .init(
            name: "unknown easing", format: .yaml,
            text: canvasYAML
                + "  - {type: rect, animate: {opacity: [{time: 0, value: 0}, {time: 1, value: 1, easing: easeOutBounc}]}}\n",
            message:
                "scene.yaml:3:87: `layers[0].animate.opacity[1].easing` is \"easeOutBounc\" (did you mean `easeOutBounce`?) but must be an easing: linear, ease, easeIn, easeOut, easeInOut, a Penner name such as easeOutBack, cubicBezier(x1, y1, x2, y2), steps(n, jumpEnd) or {spring: {response, dampingRatio}}."
        ),
        .init(
            name: "cubic Bézier x outside 0…1", format: .yaml,
            text: canvasYAML
                + "  - {type: rect, animate: {opacity: {from: 0, to: 1, duration: 1, easing: \"cubicBezier(1.5, 0, 0.5, 1)\"}}}\n",
            message:
                "scene.yaml:3:75: `layers[0].animate.opacity.easing` is cubicBezier(1.5, 0, 0.5, 1) but must be a cubic Bézier whose x1 and x2 are from 0 to 1."
        ),
        .init(
            name: "constant and animation for one property", format: .yaml,
            text: canvasYAML + "  - {type: rect, opacity: 0.5, animate: {opacity: [{time: 0, value: 1}]}}\n",
            message:
                "scene.yaml:3:51: `layers[0].animate.opacity` is also set as a constant by `layers[0].opacity` but must be set in one place; remove one of the two."
        ),
        .init(
            name: "tween without duration", format: .yaml,
            text: canvasYAML + "  - {type: rect, animate: {rotation: {from: 0, to: 90}}}\n",
            message:
                "scene.yaml:3:38: `layers[0].animate.rotation` has no `duration`; add `duration:` in seconds, or `spring:` for a spring."
        ),
        .init(
            name: "out before in", format: .yaml, text: canvasYAML + "  - {type: rect, in: 2, out: 1}\n",
            message: "scene.yaml:3:30: `layers[0].out` is 1 but must be later than `in` (2)."),
        .init(
            name: "canvas without duration", format: .yaml, text: "canvas: {width: 320, height: 176}\nlayers: []\n",
            message: "scene.yaml:1:9: `canvas` has no `duration`; add `duration:` in seconds."),
        .init(
            name: "polygon with two sides", format: .yaml, text: canvasYAML + "  - {type: polygon, sides: 2}\n",
            message: "scene.yaml:3:28: `layers[0].sides` is 2 but must be a number of sides from 3 to 1000."),
        .init(
            name: "bad SVG path data", format: .yaml, text: canvasYAML + "  - {type: path, d: \"M 0 0 Q\"}\n",
            message:
                "scene.yaml:3:21: `layers[0].d` is not valid SVG path data (SVG path data is malformed at character 8: expected a number for the \"Q\" command, but found the end of the data (in \"M 0 0 Q\"). Check the path's \"d\" attribute: it starts with M or m, and each command (M, L, H, V, C, S, Q, T, A and Z; lower case for relative coordinates) is followed by its numbers, separated by spaces or commas.) but must be SVG path data such as \"M 0 0 L 100 100\"."
        ),
        .init(
            name: "JSON unknown key", format: .json,
            text:
                "{\"canvas\": {\"width\": 320, \"height\": 176, \"duration\": 2}, \"layers\": [{\"type\": \"rect\", \"colour\": \"red\"}]}",
            message:
                "scene.json: `layers[0].colour` is not a known key. Valid keys here are `type`, `name`, `in`, `out`, `position`, `anchor`, `size`, `rotation`, `scale`, `opacity`, `fill`, `stroke`, `strokeWidth`, `lineCap`, `lineJoin`, `dash`, `cornerRadius`, `shadow`, `blendMode`, `trimStart`, `trimEnd`, `mask`, `invertMask` and `animate`."
        ),
        .init(
            name: "JSON wrong type", format: .json,
            text: "{\"canvas\": {\"width\": \"wide\", \"height\": 176, \"duration\": 2}, \"layers\": []}",
            message: "scene.json: `canvas.width` is a string (\"wide\") but must be a width in pixels from 1 to 16384."),
        .init(
            name: "unset variable", format: .yaml, text: canvasYAML + "  - {type: text, text: \"Hi ${name}\"}\n",
            message:
                "scene.yaml:3:24: `layers[0].text` uses the variable ${name}, which is not set; give it a value when reading the file, or a default under the file's `variables:`."
        )
    ]

    @Test("every error has its exact message", arguments: cases)
    func message(_ errorCase: SceneErrorCase) {
        // The layer types listed are the built-in ones and those registered: Lottie's and the subtitles', as
        // moviemake has them (every test that registers a kind registers one of these).
        ContentKinds.register(Lottie.self)
        ContentKinds.register(Subtitles.self)
        #expect(errorCase.decodeError() == errorCase.message)
    }

    /// Tests in one process register the kinds in either order and again and again; the formats a message lists
    /// must not follow (CI once saw `.vtt` listed before `.lottie` because a Lottie test had registered last).
    @Test func theFormatsMessagesListDoNotDependOnTheOrderOfRegistration() {
        ContentKinds.register(Subtitles.self)
        ContentKinds.register(Lottie.self)
        let names = SceneFormat.allNames
        let extensions = SceneFormat.allFileExtensions
        ContentKinds.register(Lottie.self)
        ContentKinds.register(Subtitles.self)
        #expect(SceneFormat.allNames == names)
        #expect(SceneFormat.allFileExtensions == extensions)
        #expect(names == "scene file, slideshow manifest, editly spec, movie clip, Lottie animation or subtitle file")
        #expect(
            extensions.suffix(6) == ["lottie", "tgs", "vtt", "srt", "ass", "ssa"],
            "the built-in formats' extensions first, then the registered formats' by name")
    }
}
