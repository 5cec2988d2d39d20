import Foundation
import MovieKitCore

/// editly's transition names and the MovieKit transitions that draw the same effect.
///
/// editly takes any gl-transitions name (compared ignoring case) plus `directional-left`,
/// `-right`, `-up`, `-down`, `random` and `dummy`. Only names whose effect MovieKit draws are
/// accepted; the others are refused, naming the ones that work.
enum EditlyTransitions {
    /// An editly name, as editly spells it, and what MovieKit draws for it.
    struct Mapping: Sendable {
        var name: String
        var kind: TransitionKind
        var easing: Easing
    }

    /// Every editly name MovieKit draws. gl-transitions run linearly unless editly eases them
    /// (its `directional-*` aliases use easeOutExpo).
    static let supported: [Mapping] = [
        Mapping(name: "fade", kind: .crossfade, easing: .linear),
        Mapping(name: "fadecolor", kind: .fadeBlack, easing: .linear),
        Mapping(name: "wipeLeft", kind: .wipeLeft, easing: .linear),
        Mapping(name: "wipeRight", kind: .wipeRight, easing: .linear),
        Mapping(name: "wipeUp", kind: .wipeUp, easing: .linear),
        Mapping(name: "wipeDown", kind: .wipeDown, easing: .linear),
        Mapping(name: "directional-left", kind: .slideLeft, easing: .easeOutExpo),
        Mapping(name: "directional-right", kind: .slideRight, easing: .easeOutExpo),
        Mapping(name: "directional-up", kind: .slideUp, easing: .easeOutExpo),
        Mapping(name: "directional-down", kind: .slideDown, easing: .easeOutExpo),
        Mapping(name: "circleopen", kind: .circleOpen, easing: .linear),
        Mapping(name: "Radial", kind: .radial, easing: .linear),
        Mapping(name: "pixelize", kind: .pixelize, easing: .linear),
        Mapping(name: "SimpleZoom", kind: .zoomIn, easing: .linear),
        Mapping(name: "randomsquares", kind: .dissolve, easing: .linear),
        Mapping(name: "random", kind: .random, easing: .linear),
        Mapping(name: "dummy", kind: .cut, easing: .linear)
    ]

    /// The gl-transitions names MovieKit does not draw, so that they are refused as unsupported
    /// rather than as unknown.
    static let unsupported = [
        "Bounce", "BowTieHorizontal", "BowTieVertical", "ButterflyWaveScrawler", "CircleCrop", "ColourDistance",
        "CrazyParametricFun", "CrossZoom", "Directional", "DoomScreenTransition", "Dreamy", "DreamyZoom",
        "GlitchDisplace",
        "GlitchMemories", "GridFlip", "InvertedPageCurl", "LinearBlur", "Mosaic", "PolkaDotsCurtain", "StereoViewer",
        "Swirl",
        "WaterDrop", "ZoomInCircles", "angular", "burn", "cannabisleaf", "circle", "colorphase", "crosshatch",
        "crosswarp",
        "cube", "directionalwarp", "directionalwipe", "displacement", "doorway", "fadegrayscale", "flyeye", "heart",
        "hexagonalize", "kaleidoscope", "luma", "luminance_melt", "morph", "multiply_blend", "perlin", "pinwheel",
        "polar_function", "ripple", "rotate_scale_fade", "squareswire", "squeeze", "swap", "undulatingBurnOut", "wind",
        "windowblinds", "windowslice"
    ]

    /// The supported names, for messages.
    static var names: [String] { supported.map(\.name) }

    /// Looks a name up the way editly does, ignoring case.
    static func mapping(named name: String) -> Mapping? {
        supported.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Whether `name` is a gl-transitions name MovieKit does not draw.
    static func isUnsupported(_ name: String) -> Bool {
        unsupported.contains { $0.lowercased() == name.lowercased() }
    }
}
