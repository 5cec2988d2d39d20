import Foundation

/// The gl-transitions effects MovieKit drew with shaders of its own before 0.3: the names of the
/// `.glsl` files of ``TransitionCatalog/builtIn``, which now holds them (and any you add).
///
/// Each raw value is the effect's gl-transitions name, which editly specs use (compared ignoring
/// case).
@available(
    *, deprecated,
    message:
        "Shader transitions are named in a TransitionCatalog: use ShaderTransition(named: \"crosswarp\") or TransitionCatalog.builtIn.shaderNames."
)
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

    /// The effect's parameters, with their types and defaults, as its `.glsl` file declares them.
    public var parameters: [TransitionParameter] {
        TransitionCatalog.builtIn.shader(named: rawValue)?.declaredParameters ?? []
    }
}
