import Foundation
import FrameDraw
import MovieKitCore
import Testing

@testable import MovieKitScene

@Suite("Transition names")
struct TransitionNameTests {
    @Test(arguments: [
        (TransitionKind.cut, "cut"), (.crossfade, "crossfade"), (.fadeBlack, "fadeblack"), (.fadeWhite, "fadewhite"),
        (.wipeLeft, "wipeleft"), (.wipeRight, "wiperight"), (.wipeUp, "wipeup"), (.wipeDown, "wipedown"),
        (.slideLeft, "slideleft"), (.slideRight, "slideright"), (.slideUp, "slideup"), (.slideDown, "slidedown"),
        (.circleOpen, "circleopen"), (.circleClose, "circleclose"), (.radial, "radial"), (.dissolve, "dissolve"),
        (.pixelize, "pixelize"), (.zoomIn, "zoomin"), (.diagonalTopLeft, "diagtl"), (.diagonalTopRight, "diagtr"),
        (.diagonalBottomLeft, "diagbl"), (.diagonalBottomRight, "diagbr"), (.horizontalBlur, "hblur"),
        (.random, "random")
    ])
    func eachCaseKeepsItsXfadeName(kind: TransitionKind, name: String) {
        #expect(kind.rawValue == name)
        #expect(TransitionKind(name: name) == kind)
        #expect(TransitionKind(name: name.uppercased()) == kind, "names are looked up ignoring case")
    }

    @Test func fadeAndNoneAreAliases() {
        #expect(TransitionKind(name: "fade") == .crossfade)
        #expect(TransitionKind(name: "none") == .cut)
        #expect(TransitionKind(name: "None") == .cut)
        #expect(TransitionKind(name: "swirl") == nil)
        #expect(TransitionKind(rawValue: "none") == nil, "`none` is an alias, not a raw value")
        #expect(TransitionKind.names.suffix(2) == ["fade", "none"])
        #expect(TransitionKind.names.count == TransitionKind.allCases.count + 2)
    }

    @Test(arguments: ["none", "cut"])
    func manifestsTakeNoneAndCutForACut(_ name: String) throws {
        let text = "width: 64\nheight: 48\ntransition: \(name)\nslides:\n  - title: A\n  - title: B\n"
        let show = try SlideshowManifest.decode(
            Data(text.utf8), format: .yaml, fileName: "show.yaml", baseURL: URL(fileURLWithPath: "/"))
        #expect(show.transition == .cpu(.cut))
        #expect(try show.timing().transitions == [0, 0], "a cut overlaps no frames")
    }

    @Test func editlyDummyIsACut() throws {
        let catalog = TransitionCatalog.builtIn
        #expect(catalog.transition(named: "dummy", in: .editly) == .cpu(.cut, easing: .linear))
        #expect(catalog.transition(named: "wipeLeft", in: .editly) == .cpu(.wipeLeft, easing: .linear))
        #expect(catalog.transition(named: "directional-left", in: .editly) == .cpu(.slideLeft, easing: .easeOutExpo))
        #expect(catalog.editlyEntry(named: "directional-left")?.fixesEasing == true)
    }

    @Test func randomNeverChoosesACut() {
        var show = Slideshow(width: 64, height: 48)
        show.slides = (0..<200).map { _ in Slideshow.Slide(.color(.red)) }
        show.transition = Slideshow.Transition(.random)
        let chosen = Set((0..<199).map { show.transitionKind(after: $0) })
        #expect(!chosen.contains(.cut) && !chosen.contains(.random))
        #expect(chosen.count > 10, "the seed spreads the choices: \(chosen)")
    }
}

@Suite("Fit names")
struct FitNameTests {
    /// The fit of the one image layer of a scene file whose image layer has `keys`.
    static func imageFit(_ keys: String) throws -> ContentFit {
        let fixtures = try ReaderFixtures()
        try fixtures.photo("photo.png")
        let text =
            "canvas: {width: 64, height: 48, duration: 1}\nlayers:\n  - {type: image, source: photo.png\(keys)}\n"
        let scene = try SceneFile.decode(text, format: .yaml, fileName: "scene.yaml", baseURL: fixtures.url)
        guard case .image(let content) = try #require(scene.layers.first).content else {
            Issue.record("not an image layer")
            return .stretch
        }
        return content.fit
    }

    @Test(arguments: [
        ("", ContentFit.contain),
        (", fit: cover", .cover), (", fit: contain", .contain), (", fit: stretch", .stretch),
        (", fit: center", .center),
        // What scene files wrote before `fit`: the older key and its names keep working.
        (", contentMode: aspectFill", .cover), (", contentMode: aspectFit", .contain),
        (", contentMode: scaleToFill", .stretch),
        (", contentMode: center", .center), (", contentMode: cover", .cover), (", fit: aspectFill", .cover)
    ])
    func sceneFilesTakeTheFitNamesAndTheOlderContentModes(keys: String, fit: ContentFit) throws {
        #expect(try Self.imageFit(keys) == fit)
    }

    @Test func fitAndContentModeTogetherAreRefused() throws {
        #expect {
            _ = try Self.imageFit(", fit: cover, contentMode: aspectFit")
        } throws: { error in
            "\(error)" == "scene.yaml:3:63: `layers[0].contentMode` is given together with `fit` but must be left out, "
                + "as it is the older name of `fit`."
        }
    }

    @Test func anUnknownFitListsTheAcceptedNames() throws {
        #expect {
            _ = try Self.imageFit(", fit: fill")
        } throws: { error in
            "\(error)".hasSuffix(
                "but must be a fit: one of `cover`, `contain`, `stretch`, `center`, `aspectFit`, `aspectFill` and `scaleToFill`."
            )
        }
    }

    @Test(arguments: [
        ("cover", ContentFit.cover, Slideshow.Backdrop.blurred), ("contain", .contain, .background),
        ("contain-blur", .contain, .blurred), ("stretch", .stretch, .blurred)
    ])
    func manifestFitsSetTheFitAndTheBackdrop(name: String, fit: ContentFit, backdrop: Slideshow.Backdrop) throws {
        let text = "width: 64\nheight: 48\nfit: \(name)\nslides:\n  - title: A\n  - {title: B, fit: \(name)}\n"
        let show = try SlideshowManifest.decode(
            Data(text.utf8), format: .yaml, fileName: "show.yaml", baseURL: URL(fileURLWithPath: "/"))
        #expect(show.fit == fit && show.backdrop == backdrop)
        #expect(show.slides[1].fit == fit)
        #expect(show.slides[1].backdrop == (name.hasPrefix("contain") ? backdrop : nil))
    }

    @Test func onlyPhotosThatLeaveRoomBlurTheirBackdrop() {
        var show = Slideshow(width: 64, height: 48)
        let photo = URL(fileURLWithPath: "/photo.png")
        show.slides = [
            Slideshow.Slide(.photo(photo)),
            Slideshow.Slide(.photo(photo), fit: .cover),
            Slideshow.Slide(.photo(photo), fit: .center),
            Slideshow.Slide(.photo(photo), backdrop: .background),
            Slideshow.Slide(.photo(photo), fit: .stretch, backdrop: .blurred)
        ]
        #expect(show.slides.indices.map(show.blursBackdrop) == [true, false, true, false, false])
    }
}

@Suite("Uniform scale")
struct UniformScaleTests {
    @Test func oneNumberScalesBothAxes() {
        let layer = Layer.rect().scale(1.5)
        #expect(layer.scale.value(at: 0) == CGSize(width: 1.5, height: 1.5))
        #expect(!layer.scale.isAnimated)
    }

    @Test func anAnimatedNumberScalesBothAxesAndKeepsItsKind() {
        let spring = Spring(response: 0.6, dampingRatio: 0.55)
        let uniform = Layer.rect().scale(.spring(from: 0.2, to: 1, start: 0.2, spring: spring)).scale
        let sized = Layer.rect()
            .scale(
                .spring(
                    from: CGSize(width: 0.2, height: 0.2), to: CGSize(width: 1, height: 1), start: 0.2, spring: spring)
            ).scale
        #expect(uniform.kind == .spring)
        for time in stride(from: 0.0, through: 2, by: 0.05) {
            let value = uniform.value(at: time)
            #expect(value.width == value.height)
            #expect(abs(value.width - sized.value(at: time).width) < 1e-12, "at \(time) s")
        }
        #expect(uniform.value(at: 0) == CGSize(width: 0.2, height: 0.2))
        #expect(abs(uniform.value(at: 5).width - 1) < 1e-3)
    }

    @Test func tweensAndKeyframesTakeOneNumberToo() {
        let tween = Layer.rect().scale(.tween(from: 1.15, to: 1, duration: 3.5, easing: .easeOut)).scale
        #expect(tween.kind == .tween && tween.value(at: 0) == CGSize(width: 1.15, height: 1.15))
        let keyframes = Layer.rect().scale(.keyframes([Keyframe(time: 0, value: 0.5), Keyframe(time: 1, value: 2)]))
            .scale
        #expect(keyframes.kind == .keyframes && keyframes.value(at: 0.5) == CGSize(width: 1.25, height: 1.25))
    }
}
