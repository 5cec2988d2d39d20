import Foundation

/// The gl-transitions effects MovieKit draws with shaders of its own: every name editly accepts.
///
/// Each raw value is the effect's gl-transitions name, which editly specs use (compared ignoring
/// case). Each effect is written from its published description, parameters and defaults; its
/// ``parameters`` are uniforms that ``ShaderTransition/parameters`` (editly's `params`) can set.
public enum GLTransition: String, Sendable, Hashable, CaseIterable {
    /// The next picture drops from the top and bounces to rest, casting a shadow.
    case bounce = "Bounce"
    /// Two triangles growing from the left and right edges, pinched at the centre, reveal the next picture.
    case bowTieHorizontal = "BowTieHorizontal"
    /// Two triangles growing from the top and bottom edges, pinched at the centre, reveal the next picture.
    case bowTieVertical = "BowTieVertical"
    /// Both pictures ripple in butterfly-shaped waves with split colours while they cross.
    case butterflyWaveScrawler = "ButterflyWaveScrawler"
    /// A circle closes on the picture to a background colour, then opens on the next one.
    case circleCrop = "CircleCrop"
    /// Pixels change first where the two pictures' colours are closest.
    case colourDistance = "ColourDistance"
    /// A spinning parametric curve smears the picture into the next one.
    case crazyParametricFun = "CrazyParametricFun"
    /// A zoom blur towards the centre carries the picture into the next one.
    case crossZoom = "CrossZoom"
    /// The next picture pushes the current one out, moving along `direction`.
    case directional = "Directional"
    /// The picture melts down in uneven vertical strips, as in the game's screen wipe.
    case doomScreenTransition = "DoomScreenTransition"
    /// Both pictures wave vertically while they crossfade, as in a dream sequence.
    case dreamy = "Dreamy"
    /// The picture zooms and turns into the next one at the midpoint.
    case dreamyZoom = "DreamyZoom"
    /// Blocks of the pictures jump sideways, glitching from one to the other.
    case glitchDisplace = "GlitchDisplace"
    /// Colour channels split and shift in blocks while the pictures cross.
    case glitchMemories = "GlitchMemories"
    /// The picture splits into a grid of tiles, each flipping over to the next picture.
    case gridFlip = "GridFlip"
    /// The picture curls up like a page from the bottom-right corner, showing the next one beneath.
    case invertedPageCurl = "InvertedPageCurl"
    /// Both pictures blur while they crossfade, sharpest at the ends.
    case linearBlur = "LinearBlur"
    /// The pictures tile into a moving mosaic that slides from one to the other.
    case mosaic = "Mosaic"
    /// A pattern of growing dots reveals the next picture.
    case polkaDotsCurtain = "PolkaDotsCurtain"
    /// A soft-edged hand sweeping round the centre reveals the next picture.
    case radial = "Radial"
    /// The picture zooms in, then the next one fades in over it.
    case simpleZoom = "SimpleZoom"
    /// The pictures shrink to rounded cards that swap, as in a stereo slide viewer.
    case stereoViewer = "StereoViewer"
    /// The picture twists into a swirl at the centre and untwists as the next one.
    case swirl = "Swirl"
    /// A ring spreads from the centre like a drop in water, revealing the next picture.
    case waterDrop = "WaterDrop"
    /// Circles growing from a grid of centres reveal the next picture.
    case zoomInCircles = "ZoomInCircles"
    /// A hard-edged hand sweeping round the centre from `startingAngle` degrees reveals the next picture.
    case angular
    /// Both pictures brighten towards `color` while they cross, as if burnt.
    case burn
    /// A leaf shape growing from the centre reveals the next picture.
    case cannabisLeaf = "cannabisleaf"
    /// A circle closes on `center` to `backColor`, then opens on the next picture.
    case circle
    /// A soft circle opening from the centre reveals the next picture (or, with `opening` false, closes on it).
    case circleOpen = "circleopen"
    /// Each colour channel crosses over at its own time, between `fromStep` and `toStep`.
    case colorPhase = "colorphase"
    /// A flash spreading from `center` in a hatched pattern reveals the next picture.
    case crosshatch
    /// The pictures stretch sideways into each other while they cross.
    case crossWarp = "crosswarp"
    /// The two pictures turn as faces of a cube, with a reflection below.
    case cube
    /// A soft edge moving along `direction` warps the picture into the next one.
    case directionalWarp = "directionalwarp"
    /// A soft edge moving along `direction` wipes to the next picture.
    case directionalWipe = "directionalwipe"
    /// The pictures shift along a displacement map (a built-in noise map) while they cross.
    case displacement
    /// The picture opens like double doors onto the next one approaching from behind.
    case doorway
    /// A crossfade.
    case fade
    /// Fade to `color`, then from it to the next picture.
    case fadeColor = "fadecolor"
    /// The picture turns grey, crossfades, and the next one regains its colour.
    case fadeGrayscale = "fadegrayscale"
    /// The picture breaks into a fly's-eye grid of lenses that clears on the next one.
    case flyEye = "flyeye"
    /// A heart growing from the centre reveals the next picture.
    case heart
    /// The pictures turn into hexagons that grow and shrink while they cross.
    case hexagonalize
    /// The pictures fold into a turning kaleidoscope while they cross.
    case kaleidoscope
    /// The next picture appears where a luminance map (a built-in radial one) is darkest first.
    case luma
    /// The picture melts downwards (or upwards), its bright (or dark) parts first.
    case luminanceMelt = "luminance_melt"
    /// Each picture is shifted by the other's colours while they cross.
    case morph
    /// The pictures cross through their multiplied blend.
    case multiplyBlend = "multiply_blend"
    /// The next picture appears through smooth noise.
    case perlin
    /// Pinwheel blades turning round the centre reveal the next picture.
    case pinwheel
    /// Both pictures turn into growing, then shrinking, squares.
    case pixelize
    /// A rose curve of `segments` petals growing from the centre reveals the next picture.
    case polarFunction = "polar_function"
    /// The next picture appears in squares, in a random order, with soft steps.
    case randomSquares = "randomsquares"
    /// Ripples from the centre carry the picture into the next one.
    case ripple
    /// The picture spins and shrinks away over `backColor`, and the next spins in.
    case rotateScaleFade = "rotate_scale_fade"
    /// Squares growing along a diagonal front reveal the next picture.
    case squaresWire = "squareswire"
    /// The picture is squeezed upwards into a line, uncovering the next one, with split colours.
    case squeeze
    /// The pictures swap places in perspective, one turning back as the other comes forward.
    case swap
    /// A wavy, burning edge spreads from `center`, revealing the next picture.
    case undulatingBurnOut
    /// The picture blows away to the right in streaks, showing the next one.
    case wind
    /// Horizontal blinds turn to show the next picture.
    case windowBlinds = "windowblinds"
    /// Vertical slices open like blinds onto the next picture.
    case windowSlice = "windowslice"
    /// An edge moving down reveals the next picture.
    case wipeDown
    /// An edge moving left reveals the next picture.
    case wipeLeft
    /// An edge moving right reveals the next picture.
    case wipeRight
    /// An edge moving up reveals the next picture.
    case wipeUp

    /// Looks an effect up by its gl-transitions name, ignoring case, as editly does.
    /// - Parameter name: A name such as `crosswarp`, `Dreamy` or `directionalwipe`.
    public init?(name: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
            return nil
        }
        self = match
    }

    /// The effect's parameters, with their types and defaults.
    public var parameters: [GLTransitionParameter] {
        switch self {
        case .bounce:
            [
                GLTransitionParameter("shadow_colour", .vec4, [0, 0, 0, 0.6]),
                GLTransitionParameter("shadow_height", .float, [0.075]), GLTransitionParameter("bounces", .float, [3])
            ]
        case .bowTieHorizontal, .bowTieVertical, .dreamy, .glitchDisplace, .glitchMemories, .invertedPageCurl, .swirl,
            .zoomInCircles, .cannabisLeaf, .crossWarp, .fade, .heart, .luma, .multiplyBlend, .windowBlinds, .wipeDown,
            .wipeLeft, .wipeRight, .wipeUp:
            []
        case .butterflyWaveScrawler:
            [
                GLTransitionParameter("amplitude", .float, [1]), GLTransitionParameter("waves", .float, [30]),
                GLTransitionParameter("colorSeparation", .float, [0.3])
            ]
        case .circleCrop:
            [GLTransitionParameter("bgcolor", .vec4, [0, 0, 0, 1])]
        case .colourDistance:
            [GLTransitionParameter("power", .float, [5])]
        case .crazyParametricFun:
            [
                GLTransitionParameter("a", .float, [4]), GLTransitionParameter("b", .float, [1]),
                GLTransitionParameter("amplitude", .float, [120]), GLTransitionParameter("smoothness", .float, [0.1])
            ]
        case .crossZoom:
            [GLTransitionParameter("strength", .float, [0.4])]
        case .directional:
            [GLTransitionParameter("direction", .vec2, [0, 1])]
        case .doomScreenTransition:
            [
                GLTransitionParameter("bars", .int, [30]), GLTransitionParameter("amplitude", .float, [2]),
                GLTransitionParameter("noise", .float, [0.1]), GLTransitionParameter("frequency", .float, [0.5]),
                GLTransitionParameter("dripScale", .float, [0.5])
            ]
        case .dreamyZoom:
            [GLTransitionParameter("rotation", .float, [6]), GLTransitionParameter("scale", .float, [1.2])]
        case .gridFlip:
            [
                GLTransitionParameter("size", .ivec2, [4, 4]), GLTransitionParameter("pause", .float, [0.1]),
                GLTransitionParameter("dividerWidth", .float, [0.05]),
                GLTransitionParameter("bgcolor", .vec4, [0, 0, 0, 1]),
                GLTransitionParameter("randomness", .float, [0.1])
            ]
        case .linearBlur:
            [GLTransitionParameter("intensity", .float, [0.1])]
        case .mosaic:
            [GLTransitionParameter("endx", .int, [2]), GLTransitionParameter("endy", .int, [-1])]
        case .polkaDotsCurtain:
            [GLTransitionParameter("dots", .float, [20]), GLTransitionParameter("center", .vec2, [0, 0])]
        case .radial:
            [GLTransitionParameter("smoothness", .float, [1])]
        case .simpleZoom:
            [GLTransitionParameter("zoom_quickness", .float, [0.8])]
        case .stereoViewer:
            [GLTransitionParameter("zoom", .float, [0.88]), GLTransitionParameter("corner_radius", .float, [0.22])]
        case .waterDrop:
            [GLTransitionParameter("amplitude", .float, [30]), GLTransitionParameter("speed", .float, [30])]
        case .angular:
            [GLTransitionParameter("startingAngle", .float, [90])]
        case .burn:
            [GLTransitionParameter("color", .vec3, [0.9, 0.4, 0.2])]
        case .circle:
            [
                GLTransitionParameter("center", .vec2, [0.5, 0.5]),
                GLTransitionParameter("backColor", .vec3, [0.1, 0.1, 0.1])
            ]
        case .circleOpen:
            [GLTransitionParameter("smoothness", .float, [0.3]), GLTransitionParameter("opening", .bool, [1])]
        case .colorPhase:
            [
                GLTransitionParameter("fromStep", .vec4, [0, 0.2, 0.4, 0]),
                GLTransitionParameter("toStep", .vec4, [0.6, 0.8, 1, 1])
            ]
        case .crosshatch:
            [
                GLTransitionParameter("center", .vec2, [0.5, 0.5]), GLTransitionParameter("threshold", .float, [3]),
                GLTransitionParameter("fadeEdge", .float, [0.1])
            ]
        case .cube:
            [
                GLTransitionParameter("persp", .float, [0.7]), GLTransitionParameter("unzoom", .float, [0.3]),
                GLTransitionParameter("reflection", .float, [0.4]), GLTransitionParameter("floating", .float, [3])
            ]
        case .directionalWarp:
            [GLTransitionParameter("direction", .vec2, [-1, 1])]
        case .directionalWipe:
            [GLTransitionParameter("direction", .vec2, [1, -1]), GLTransitionParameter("smoothness", .float, [0.5])]
        case .displacement:
            [GLTransitionParameter("strength", .float, [0.5])]
        case .doorway:
            [
                GLTransitionParameter("reflection", .float, [0.4]), GLTransitionParameter("perspective", .float, [0.4]),
                GLTransitionParameter("depth", .float, [3])
            ]
        case .fadeColor:
            [GLTransitionParameter("color", .vec3, [0, 0, 0]), GLTransitionParameter("colorPhase", .float, [0.4])]
        case .fadeGrayscale:
            [GLTransitionParameter("intensity", .float, [0.3])]
        case .flyEye:
            [
                GLTransitionParameter("size", .float, [0.04]), GLTransitionParameter("zoom", .float, [50]),
                GLTransitionParameter("colorSeparation", .float, [0.3])
            ]
        case .hexagonalize:
            [GLTransitionParameter("steps", .int, [50]), GLTransitionParameter("horizontalHexagons", .float, [20])]
        case .kaleidoscope:
            [
                GLTransitionParameter("speed", .float, [1]), GLTransitionParameter("angle", .float, [1]),
                GLTransitionParameter("power", .float, [1.5])
            ]
        case .luminanceMelt:
            [
                GLTransitionParameter("direction", .bool, [1]), GLTransitionParameter("l_threshold", .float, [0.8]),
                GLTransitionParameter("above", .bool, [0])
            ]
        case .morph:
            [GLTransitionParameter("strength", .float, [0.1])]
        case .perlin:
            [
                GLTransitionParameter("scale", .float, [4]), GLTransitionParameter("smoothness", .float, [0.01]),
                GLTransitionParameter("seed", .float, [12.9898])
            ]
        case .pinwheel:
            [GLTransitionParameter("speed", .float, [2])]
        case .pixelize:
            [GLTransitionParameter("squaresMin", .ivec2, [20, 20]), GLTransitionParameter("steps", .int, [50])]
        case .polarFunction:
            [GLTransitionParameter("segments", .int, [5])]
        case .randomSquares:
            [GLTransitionParameter("size", .ivec2, [10, 10]), GLTransitionParameter("smoothness", .float, [0.5])]
        case .ripple:
            [GLTransitionParameter("amplitude", .float, [100]), GLTransitionParameter("speed", .float, [50])]
        case .rotateScaleFade:
            [
                GLTransitionParameter("center", .vec2, [0.5, 0.5]), GLTransitionParameter("rotations", .float, [1]),
                GLTransitionParameter("scale", .float, [8]),
                GLTransitionParameter("backColor", .vec4, [0.15, 0.15, 0.15, 1])
            ]
        case .squaresWire:
            [
                GLTransitionParameter("squares", .ivec2, [10, 10]),
                GLTransitionParameter("direction", .vec2, [1, -0.5]), GLTransitionParameter("smoothness", .float, [1.6])
            ]
        case .squeeze:
            [GLTransitionParameter("colorSeparation", .float, [0.04])]
        case .swap:
            [
                GLTransitionParameter("reflection", .float, [0.4]), GLTransitionParameter("perspective", .float, [0.2]),
                GLTransitionParameter("depth", .float, [3])
            ]
        case .undulatingBurnOut:
            [
                GLTransitionParameter("smoothness", .float, [0.03]), GLTransitionParameter("center", .vec2, [0.5, 0.5]),
                GLTransitionParameter("color", .vec3, [0, 0, 0])
            ]
        case .wind:
            [GLTransitionParameter("size", .float, [0.2])]
        case .windowSlice:
            [GLTransitionParameter("count", .float, [10]), GLTransitionParameter("smoothness", .float, [0.5])]
        }
    }
}
