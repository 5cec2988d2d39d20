import Foundation
import MovieKitScene
import Testing

/// One editly spec that must be refused, and the exact message.
struct EditlyErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var message: String
    var testDescription: String { name }

    func decodeError() -> String? {
        do {
            _ = try EditlySpec.decode(
                Data(text.utf8), fileName: "spec.json5", baseURL: URL(fileURLWithPath: "/nonexistent-spec-folder"))
            return nil
        } catch {
            return "\(error)"
        }
    }
}

@Suite("editly spec errors")
struct EditlySpecErrorTests {
    static let transitionNames: String = {
        let cpu = [
            "fade", "wipeLeft", "wipeRight", "wipeUp", "wipeDown", "directional-left", "directional-right",
            "directional-up", "directional-down", "random", "dummy"
        ]
        let shaders = TransitionCatalog.builtIn.shaderNames
        let names = (cpu + shaders.filter { !cpu.contains($0) }).map { "`\($0)`" }
        return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }()
    static let layerTypes =
        "`image`, `image-overlay`, `title`, `subtitle`, `title-background`, `news-title`, `slide-in-text`, `fill-color`, `pause`, "
        + "`linear-gradient`, `radial-gradient`, `rainbow-colors`, `gl`, `video`, `audio`, `detached-audio` and `editly-banner`"

    static let cases: [EditlyErrorCase] = [
        .init(
            name: "a video layer",
            text:
                "{\n  clips: [\n    { layers: [{ type: 'fill-color' }] },\n    { layers: [{ type: 'title', text: 'x' }, { type: 'video', path: '/nonexistent-editly/a.mp4' }] },\n  ],\n}",
            message:
                "spec.json5: `clips[1].layers[1].path` names the movie clip /nonexistent-editly/a.mp4, which cannot be played: No file exists at this path."
        ),
        .init(
            name: "a gl layer whose shader is missing",
            text: "{ clips: [{ layers: [{ type: 'gl', fragmentPath: 'a.frag' }] }] }",
            message:
                "spec.json5: `clips[0].layers[0].fragmentPath` is \"a.frag\" (/nonexistent-spec-folder/a.frag) but must be a readable GLSL file: No file exists at this path; check the spelling and the working directory."
        ),
        .init(
            name: "a canvas layer", text: "{ clips: [{ layers: [{ type: 'canvas' }] }] }",
            message:
                "spec.json5: `clips[0].layers[0]` uses a `canvas` layer, which MovieKit does not support: it runs a JavaScript function, which MovieKit cannot run; draw it in Swift with Layer.custom instead."
        ),
        .init(
            name: "an unsupported layer type in the defaults",
            text: "{ defaults: { layerType: { fabric: { func: 1 } } }, clips: [] }",
            message:
                "spec.json5: `defaults.layerType.fabric` uses a `fabric` layer, which MovieKit does not support: it runs a JavaScript function, which MovieKit cannot run; draw it in Swift with Layer.custom instead."
        ),
        .init(
            name: "a misspelt layer type", text: "{ clips: [{ layers: [{ type: 'titel', text: 'x' }] }] }",
            message:
                "spec.json5: `clips[0].layers[0].type` is \"titel\" (did you mean `title`?) but must be a layer type MovieKit draws: one of \(layerTypes)."
        ),
        .init(
            name: "an unknown transition",
            text:
                "{ clips: [{ layers: [{ type: 'pause' }], transition: { name: 'fdae' } }, { layers: [{ type: 'pause' }] }] }",
            message:
                "spec.json5: `clips[0].transition.name` is \"fdae\" (did you mean `fade`?) but must be an editly transition: one of \(transitionNames), or a `.glsl` file in the gl-transitions form."
        ),
        .init(
            name: "a missing transition shader file",
            text: "{ defaults: { transition: { name: 'mine.glsl' } }, clips: [{ layers: [{ type: 'pause' }] }] }",
            message:
                "spec.json5: `defaults.transition.name` is \"mine.glsl\" (/nonexistent-spec-folder/mine.glsl) but must be a readable GLSL file: No file exists at this path; check the spelling and the working directory."
        ),
        .init(
            name: "a transition easing editly does not have",
            text: "{ clips: [{ layers: [{ type: 'pause' }], transition: { name: 'fade', easing: 'easeOutBack' } }] }",
            message:
                "spec.json5: `clips[0].transition.easing` is \"easeOutBack\" but must be an editly easing: one of `linear`, `easeOutExpo` and `easeInOutCubic`."
        ),
        .init(
            name: "a duration with no name",
            text:
                "{ defaults: { transition: null }, clips: [{ layers: [{ type: 'pause' }], transition: { duration: 1 } }] }",
            message:
                "spec.json5: `clips[0].transition` has no `name`; add `name:` with an editly transition, or `duration: 0` for none."
        ),
        .init(
            name: "a misspelt top-level key", text: "{ clip: [] }",
            message:
                "spec.json5: `clip` is not a known key. Did you mean `clips`? Valid keys here are `outPath`, `width`, `height`, `fps`, `defaults`, `clips`, `audioFilePath`, `backgroundAudioVolume`, `loopAudio`, `audioTracks`, `outputVolume`, `verbose`, `enableFfmpegLog`, `logTimes`, `fast`, `keepSourceAudio`, `allowRemoteRequests`, `clipsAudioVolume`, `audioNorm`, `customOutputArgs`, `ffmpegPath`, `ffprobePath`, `tmpDir` and `keepTmp`."
        ),
        .init(
            name: "a misspelt layer key",
            text: "{ clips: [{ layers: [{ type: 'title', text: 'x', textColour: 'red' }] }] }",
            message:
                "spec.json5: `clips[0].layers[0].textColour` is not a known key. Did you mean `textColor`? Valid keys here are `type`, `start`, `stop`, `text`, `textColor`, `fontPath`, `fontFamily`, `position`, `zoomDirection` and `zoomAmount`."
        ),
        .init(
            name: "fast that is not a boolean", text: "{ fast: 'yes', clips: [] }",
            message: "spec.json5: `fast` is a string (\"yes\") but must be true or false."
        ),
        .init(
            name: "JSON5 syntax",
            text: "{\n  clips: [\n    { layers: [{ type: 'pause' }] }\n    { layers: [] },\n  ],\n}",
            message:
                "spec.json5: The JSON5 is malformed: Foundation says only \"The given data was not valid JSON\". It gives no position, so check the brackets, commas, quotes and escapes; JSON5 allows comments, unquoted keys, single-quoted strings and trailing commas."
        ),
        .init(
            name: "a layer stopping after its clip",
            text: "{ clips: [{ duration: 2, layers: [{ type: 'pause', stop: 3 }] }] }",
            message:
                "spec.json5: `clips[0].layers[0].stop` is 3 but must be after `start` (0) and no later than the clip's end (2 seconds)."
        ),
        .init(
            name: "a height without a width", text: "{ height: 720, clips: [] }",
            message:
                "spec.json5: `height` is set without `width` but must be given together with `width` (editly ignores a height without a width)."
        ),
        .init(
            name: "a title without text", text: "{ clips: [{ layers: [{ type: 'title', textColor: 'red' }] }] }",
            message: "spec.json5: `clips[0].layers[0]` has no `text`; add `text:` with the text to show."),
        .init(
            name: "a bad colour",
            text: "{ clips: [{ layers: [{ type: 'fill-color', color: 'rde' }, { type: 'pause' }] }] }",
            message:
                "spec.json5: `clips[0].layers[0].color` is \"rde\" (did you mean `red`?) but must be a CSS colour: \"#RRGGBB\", \"#RGB\", \"rgb(r, g, b)\", \"rgba(r, g, b, a)\", \"hsl(h, s%, l%)\" or a name such as white."
        ),
        .init(
            name: "a zoom direction editly does not have",
            text: "{ clips: [{ layers: [{ type: 'title', text: 'x', zoomDirection: 'up' }] }] }",
            message:
                "spec.json5: `clips[0].layers[0].zoomDirection` is \"up\" (did you mean `in`?) but must be a zoom direction (or null for none): one of `in`, `out`, `left` and `right`."
        ),
        .init(
            name: "a clip without layers", text: "{ clips: [{ duration: 2 }] }",
            message: "spec.json5: `clips[0]` has no `layers`; add `layers:` with the clip's layers."),
        .init(
            name: "no clips", text: "{ clips: [] }",
            message: "spec.json5: `clips` is an empty list but must be a list of one or more clips."),
        .init(
            name: "a missing image", text: "{ clips: [{ layers: [{ type: 'image', path: 'photos/nope.jpg' }] }] }",
            message:
                "spec.json5: `clips[0].layers[0].path` names the image /nonexistent-spec-folder/photos/nope.jpg, which cannot be loaded: No file exists at this path; check the spelling and the working directory."
        )
    ]

    @Test(arguments: cases)
    func messageNamesTheClipLayerAndReason(_ errorCase: EditlyErrorCase) {
        #expect(errorCase.decodeError() == errorCase.message)
    }
}
