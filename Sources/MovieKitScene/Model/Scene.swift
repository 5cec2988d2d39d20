import Foundation
import FrameDraw
import MovieKitCore

/// A movie described as data: a canvas and a tree of layers, each a pure function of time.
///
/// A scene is a value. `SceneRenderer` draws it at any time `t` into a `DrawingContext`, and
/// drawing frame *n* needs no other frame, so a single frame (`moviemake still`), a contact sheet
/// or a whole movie all come from the same description.
///
/// Build one in code with the layer builder, or read one from a YAML or JSON file with
/// `SceneFile.load(from:variables:)`. Music and sound effects go in `audio`:
/// ```swift
/// let scene = Scene(width: 640, height: 360, fps: 30, duration: 3, background: .black,
///                   audio: [AudioTrack(url: song, fadeOut: 1), AudioTrack(url: whoosh, start: 1.2)]) {
///     Layer.rect()
///         .size(width: 200, height: 100)
///         .fill(.red)
///         .opacity(.tween(from: 0, to: 1, start: 0, duration: 1, easing: .easeOut))
/// }
/// ```
public struct Scene: Sendable {
    /// The frame size, rate, length and background.
    public var canvas: Canvas
    /// The top-level layers, drawn in order: later layers on top.
    public var layers: [Layer]
    /// Music and sound effects, each placed at its `start` on the scene's clock. A movie of the
    /// scene mixes them under the frames; they never lengthen it, since the audio ends at the
    /// last frame. Stills and contact sheets have no sound and ignore them.
    public var audio: [AudioTrack]
    /// The runs of frames whose picture does not change, which a movie writer encodes as repeats
    /// without drawing them: a slideshow's still slides. Empty for scenes built by hand.
    public var heldFrames: HeldFrames = .none

    /// Creates a scene.
    /// - Parameters:
    ///   - canvas: The frame size, rate, length and background.
    ///   - layers: The top-level layers, back to front.
    ///   - audio: Music and sound effects for a movie of the scene.
    public init(canvas: Canvas, layers: [Layer], audio: [AudioTrack] = []) {
        self.canvas = canvas
        self.layers = layers
        self.audio = audio
    }

    /// Creates a scene from layers listed in a builder block.
    /// - Parameters:
    ///   - width: The frame width in pixels.
    ///   - height: The frame height in pixels.
    ///   - fps: The frame rate.
    ///   - duration: The length in seconds.
    ///   - background: The colour under every layer.
    ///   - audio: Music and sound effects for a movie of the scene.
    ///   - layers: The top-level layers, back to front. The block may throw, for example while
    ///     reading a `Color(hex:)` string or checking a `Gradient`'s locations.
    /// - Throws: What the `layers` block throws.
    public init(
        width: Int, height: Int, fps: FrameRate = 30, duration: Double, background: Color = .black,
        audio: [AudioTrack] = [], @LayerBuilder layers: () throws -> [Layer]
    ) rethrows {
        self.init(
            canvas: Canvas(width: width, height: height, fps: fps, duration: duration, background: background),
            layers: try layers(), audio: audio)
    }
}

/// The frame a scene is drawn into: size, frame rate, length and background colour.
public struct Canvas: Sendable, Hashable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// The frame rate.
    public var fps: FrameRate
    /// The length of the movie in seconds.
    public var duration: Double
    /// The colour painted before the layers.
    public var background: Color

    /// Creates a canvas.
    /// - Parameters:
    ///   - width: The width in pixels.
    ///   - height: The height in pixels.
    ///   - fps: The frame rate.
    ///   - duration: The length in seconds.
    ///   - background: The colour painted before the layers.
    public init(width: Int, height: Int, fps: FrameRate = 30, duration: Double, background: Color = .black) {
        self.width = width
        self.height = height
        self.fps = fps
        self.duration = duration
        self.background = background
    }

    /// The size in pixels.
    public var size: CGSize { CGSize(width: width, height: height) }

    /// The number of frames in the movie: the duration in frames, rounded, and at least one.
    public var frameCount: Int { max(1, fps.frameCount(forSeconds: duration)) }

    /// The time of frame `index`, in seconds: exactly `index / fps`.
    public func time(ofFrame index: Int) -> Double { fps.time(ofFrame: index) }
}
