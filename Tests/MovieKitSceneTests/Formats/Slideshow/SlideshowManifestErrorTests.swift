import Foundation
import MovieKitScene
import Testing

/// One bad manifest and the exact message it must produce.
struct ManifestErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var format: SceneFile.Format = .yaml
    var text: String
    var message: String
    var testDescription: String { name }

    /// Decodes `text` from a folder that does not exist and returns the error message, or nil.
    func decodeError(
        baseURL: URL = URL(fileURLWithPath: "/nonexistent-manifest-folder"), variables: [String: String] = [:]
    ) -> String? {
        do {
            _ = try SlideshowManifest.decode(
                Data(text.utf8), format: format, fileName: format == .yaml ? "show.yaml" : "show.json",
                baseURL: baseURL,
                variables: variables)
            return nil
        } catch {
            return "\(error)"
        }
    }
}

@Suite("Slideshow manifest errors")
struct SlideshowManifestErrorTests {
    static let transitionNames =
        "`cut`, `crossfade`, `fadeblack`, `fadewhite`, `wipeleft`, `wiperight`, `wipeup`, `wipedown`, `slideleft`, `slideright`, "
        + "`slideup`, `slidedown`, `circleopen`, `circleclose`, `radial`, `dissolve`, `pixelize`, `zoomin`, `diagtl`, `diagtr`, "
        + "`diagbl`, `diagbr`, `hblur`, `random`, `fade` and `none`"

    static let cases: [ManifestErrorCase] = [
        .init(
            name: "YAML syntax", text: "width: 640\n height: 360\n",
            message:
                "show.yaml:2:8: The YAML is malformed: mapping values are not allowed in this context. Fix the syntax at that line and column."
        ),
        .init(
            name: "JSON syntax", format: .json, text: "{\"slides\": [{\"title\": \"a\"} {\"title\": \"b\"}]}",
            message:
                "show.json:1:28: The JSON is malformed: Foundation reports \"Invalid value around character 27\". Check the brackets, commas, quotes and escapes at or just before that line and column."
        ),
        .init(
            name: "unknown top-level key", text: "slide:\n  - title: Hi\n",
            message:
                "show.yaml:1:1: `slide` is not a known key. Did you mean `slides`? Valid keys here are `variables`, `width`, `height`, `fps`, `background`, `duration`, `transition`, `fit`, `kenBurns`, `seed`, `captionStyle`, `titleStyle`, `slides` and `audio`."
        ),
        .init(
            name: "no slides", text: "width: 640\n",
            message: "show.yaml:1:1: `the document` has no `slides`; add `slides:` with a list of slides."),
        .init(
            name: "empty slide list", text: "slides: []\n",
            message: "show.yaml:1:9: `slides` is an empty list but must be a list of one or more slides."),
        .init(
            name: "slide with no content", text: "slides:\n  - {duration: 2}\n",
            message:
                "show.yaml:2:5: `slides[0]` has no `image`; add `image:` with a photo file, or `title:` or `color:` instead."
        ),
        .init(
            name: "slide with two contents", text: "slides:\n  - {title: Hi, color: red}\n",
            message:
                "show.yaml:2:24: `slides[0].color` is set as well as `title` but must be the only one of `image`, `title` and `color`."
        ),
        .init(
            name: "misspelt slide key", text: "slides:\n  - {title: Hi, captoin: Hello}\n",
            message:
                "show.yaml:2:17: `slides[0].captoin` is not a known key. Did you mean `caption`? Valid keys here are `image`, `title`, `color`, `duration`, `caption`, `fit`, `transition` and `kenBurns`."
        ),
        .init(
            name: "unknown transition name", text: "transition: wipeleftt\nslides:\n  - title: Hi\n",
            message:
                "show.yaml:1:13: `transition` is \"wipeleftt\" (did you mean `wipeleft`?) but must be a transition (or a gl-transitions name such as CrossZoom): one of \(transitionNames)."
        ),
        .init(
            name: "unknown transition name in a slide's mapping",
            text:
                "slides:\n  - title: A\n  - title: B\n  - title: C\n  - title: D\n    transition: {name: whirlpool, duration: 1}\n  - title: E\n",
            message:
                "show.yaml:6:24: `slides[3].transition.name` is \"whirlpool\" but must be a transition (or a gl-transitions name such as CrossZoom): one of \(transitionNames)."
        ),
        .init(
            name: "misspelt transition key", text: "slides:\n  - title: A\n    transition: {nmae: radial}\n",
            message:
                "show.yaml:3:18: `slides[0].transition.nmae` is not a known key. Did you mean `name`? Valid keys here are `name`, `duration` and `easing`."
        ),
        .init(
            name: "transition too long", text: "transition: {duration: 90}\nslides:\n  - title: A\n",
            message: "show.yaml:1:24: `transition.duration` is 90 but must be a duration in seconds from 0 to 60."),
        .init(
            name: "unknown easing", text: "transition: {easing: easeInOutQaud}\nslides:\n  - title: A\n",
            message:
                "show.yaml:1:22: `transition.easing` is \"easeInOutQaud\" (did you mean `easeInOutQuad`?) but must be an easing: linear, ease, easeIn, easeOut, easeInOut, a Penner name such as easeOutBack, cubicBezier(x1, y1, x2, y2), steps(n, jumpEnd) or {spring: {response, dampingRatio}}."
        ),
        .init(
            name: "misspelt fit", text: "fit: contain_blur\nslides:\n  - title: A\n",
            message:
                "show.yaml:1:6: `fit` is \"contain_blur\" (did you mean `contain-blur`?) but must be a fit: one of `cover`, `contain`, `contain-blur` and `stretch`."
        ),
        .init(
            name: "Ken Burns true on a slide", text: "slides:\n  - {color: red, kenBurns: true}\n",
            message:
                "show.yaml:2:28: `slides[0].kenBurns` is true but must be false (to hold this slide still) or a move {from: {zoom, center}, to: {zoom, center}}; the top-level `kenBurns: true` gives every photo a gentle move."
        ),
        .init(
            name: "zoom below 1", text: "slides:\n  - color: red\n    kenBurns: {from: {zoom: 0.5}, to: {zoom: 1}}\n",
            message:
                "show.yaml:3:29: `slides[0].kenBurns.from.zoom` is 0.5 but must be a zoom from 1 (the whole fitted photo) to 10."
        ),
        .init(
            name: "centre outside the photo",
            text: "slides:\n  - color: red\n    kenBurns: {from: {center: [1.5, 0.5]}, to: {}}\n",
            message:
                "show.yaml:3:31: `slides[0].kenBurns.from.center` is [1.5, 0.5] but must be a centre [x, y] with each from 0 to 1 (fractions of the photo)."
        ),
        .init(
            name: "Ken Burns without an end", text: "slides:\n  - color: red\n    kenBurns: {from: {zoom: 1.2}}\n",
            message:
                "show.yaml:3:15: `slides[0].kenBurns` has no `to`; add `to:` with the framing at the slide's end: {zoom, center}."
        ),
        .init(
            name: "missing photo", text: "slides:\n  - image: photos/missing.jpg\n",
            message:
                "show.yaml:2:12: `slides[0].image` names the image /nonexistent-manifest-folder/photos/missing.jpg, which cannot be loaded: No file exists at this path; check the spelling and the working directory."
        ),
        .init(
            name: "zero width", text: "width: 0\nslides:\n  - title: A\n",
            message: "show.yaml:1:8: `width` is 0 but must be a width in pixels from 1 to 16384."),
        .init(
            name: "bad frame rate", text: "fps: fast\nslides:\n  - title: A\n",
            message:
                "show.yaml:1:6: `fps` is a string (\"fast\") but must be a frame rate: a number such as 30, or a fraction such as \"30000/1001\", up to 240."
        ),
        .init(
            name: "negative slide duration", text: "slides:\n  - {title: A, duration: -2}\n",
            message:
                "show.yaml:2:26: `slides[0].duration` is -2 but must be a duration in seconds, more than 0 and at most 86400."
        ),
        .init(
            name: "bad colour", text: "slides:\n  - color: \"#12345\"\n",
            message:
                "show.yaml:2:12: `slides[0].color` is \"#12345\" but must be a colour: \"#RRGGBB\", \"#RRGGBBAA\" or a name such as white."
        ),
        .init(
            name: "negative seed", text: "seed: -1\nslides:\n  - title: A\n",
            message: "show.yaml:1:7: `seed` is -1 but must be a whole number from 0."),
        .init(
            name: "misspelt caption style key", text: "captionStyle: {colour: white}\nslides:\n  - title: A\n",
            message:
                "show.yaml:1:16: `captionStyle.colour` is not a known key. Did you mean `color`? Valid keys here are `font`, `color` and `outline`."
        ),
        .init(
            name: "slide shorter than its transitions",
            text:
                "transition: {name: crossfade, duration: 1.5}\nslides:\n  - title: A\n  - {title: B, duration: 2}\n  - title: C\n",
            message:
                "show.yaml:4:5: `slides[1]` is 2 seconds long (60 frames) but must be longer than its transitions in and out together (90 frames, 3 seconds); lengthen it or shorten a transition."
        ),
        .init(
            // Found by FuzzSlideshowManifest: 1 s holds 25 frames but 0.5 s transitions round to 13 each.
            name: "slide as long as its transitions in seconds, shorter in frames",
            text:
                "fps: 25\ntransition: {name: crossfade, duration: 0.5}\nslides:\n  - title: A\n  - {title: B, duration: 1}\n  - title: C\n",
            message:
                "show.yaml:5:5: `slides[1]` is 1 second long (25 frames) but must be longer than its transitions in and out together (26 frames, 1.04 seconds); lengthen it or shorten a transition."
        ),
        .init(
            name: "audio without a path", text: "slides:\n  - title: A\naudio:\n  - {volume: 0.5}\n",
            message:
                "show.yaml:4:5: `audio[0]` has no `path`; add `path:` with an audio file, relative to the manifest."),
        .init(
            name: "missing audio file", text: "slides:\n  - title: A\naudio:\n  - path: music/theme.mp3\n",
            message:
                "show.yaml:4:11: `audio[0].path` names the audio file /nonexistent-manifest-folder/music/theme.mp3, which cannot be read: No file exists at this path; check the spelling and the working directory."
        ),
        .init(
            name: "unset variable", text: "slides:\n  - title: ${headline}\n",
            message:
                "show.yaml:2:12: `slides[0].title` uses the variable ${headline}, which is not set; give it a value when reading the file, or a default under the file's `variables:`."
        )
    ]

    @Test(arguments: cases)
    func messageNamesTheFileLineColumnAndKeyPath(_ errorCase: ManifestErrorCase) {
        #expect(errorCase.decodeError() == errorCase.message)
    }

    @Test func audioAfterALoopingTrackNeedsAStart() throws {
        let fixtures = try ReaderFixtures()
        try fixtures.silence("a.wav", seconds: 1)
        let errorCase = ManifestErrorCase(
            name: "after a loop",
            text: "slides:\n  - title: A\naudio:\n  - {path: a.wav, loop: true}\n  - {path: a.wav}\n",
            message:
                "show.yaml:5:5: `audio[1]` has no `start`; add `start:` in seconds, since audio[0] loops and never ends."
        )
        #expect(errorCase.decodeError(baseURL: fixtures.url) == errorCase.message)
    }

    @Test func audioTrimAndVolumeAreChecked() throws {
        let fixtures = try ReaderFixtures()
        try fixtures.silence("a.wav", seconds: 1)
        let cases: [ManifestErrorCase] = [
            .init(
                name: "trim backwards", text: "slides:\n  - title: A\naudio:\n  - {path: a.wav, trim: [4, 2]}\n",
                message: "show.yaml:4:29: `audio[0].trim[1]` is 2 but must be later than the trim's start (4)."),
            .init(
                name: "too loud", text: "slides:\n  - title: A\naudio:\n  - {path: a.wav, volume: 20}\n",
                message:
                    "show.yaml:4:27: `audio[0].volume` is 20 but must be a gain from 0 to 16, where 1 keeps the level."),
            .init(
                name: "not audio", text: "slides:\n  - title: A\naudio:\n  - {path: show.yaml}\n",
                message: "")
        ]
        try fixtures.text("not audio at all", to: "show.yaml")
        for errorCase in cases.prefix(2) {
            #expect(errorCase.decodeError(baseURL: fixtures.url) == errorCase.message, "\(errorCase.name)")
        }
        let notAudio = try #require(cases[2].decodeError(baseURL: fixtures.url))
        #expect(
            notAudio.hasPrefix(
                "show.yaml:4:12: `audio[0].path` names the audio file \(fixtures.url.path)/show.yaml, which cannot be read: "
            ))
        #expect(notAudio.hasSuffix("media file."))
    }

    @Test func aFileWithAnotherExtensionIsRefused() {
        #expect(throws: SceneError.unsupportedFileType(path: "/tmp/show.txt")) {
            try SlideshowManifest.load(from: URL(fileURLWithPath: "/tmp/show.txt"))
        }
    }
}
