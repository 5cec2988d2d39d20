import Foundation
import FrameDraw

/// What a layer draws.
public enum LayerContent: Sendable {
    /// A rectangle filling the bounds, with the layer's `cornerRadius`.
    case rect
    /// An ellipse filling the bounds.
    case ellipse
    /// An outline in the layer's own coordinates, such as SVG path data.
    case path(Path)
    /// A regular polygon with `sides` corners (at least 3) inscribed in the bounds, first corner up.
    case polygon(sides: Int)
    /// A star with `points` tips (at least 3) inscribed in the bounds; `innerRadius` is the inner
    /// radius as a fraction of the outer one.
    case star(points: Int, innerRadius: Double)
    /// Text laid out with Pango, filled with the layer's fill colour.
    case text(TextContent)
    /// A picture fitted into the bounds.
    case image(ImageContent)
    /// Child layers in the group's own space and clock.
    case group(GroupContent)
    /// Content drawn over time through ``TimedContent``: a movie clip, a shader, your own drawing, a
    /// Lottie animation (MovieKitLottie), or a kind of your own.
    case timed(any TimedContent)

    /// Your own drawing, for Swift users mixing their code into a scene.
    public static func custom(_ drawing: CustomDrawing) -> LayerContent { .timed(drawing) }
    /// A GLSL fragment shader drawn with OpenGL ES (editly's `gl` layers, shader transitions).
    public static func shader(_ shader: ShaderContent) -> LayerContent { .timed(shader) }
    /// A movie clip fitted into the bounds, with its sound.
    public static func video(_ video: VideoContent) -> LayerContent { .timed(video) }

    /// Whether layers of this kind get a white fill unless told otherwise.
    var isFilledByDefault: Bool {
        switch self {
        case .rect, .ellipse, .path, .polygon, .star, .text: true
        case .image, .group, .timed: false
        }
    }

    /// The kind's name, as written in scene files.
    public var typeName: String {
        switch self {
        case .rect: "rect"
        case .ellipse: "ellipse"
        case .path: "path"
        case .polygon: "polygon"
        case .star: "star"
        case .text: "text"
        case .image: "image"
        case .group: "group"
        case .timed(let content): content.typeName
        }
    }
}

/// The text of a text layer and how it looks.
public struct TextContent: Sendable {
    /// The string, which may change over time (shown in steps).
    public var text: Animated<String>
    /// Font, alignment, spacing, wrapping and outline. The colour comes from the layer's fill.
    public var style: TextStyle

    /// Creates text content.
    /// - Parameters:
    ///   - text: The string.
    ///   - style: How it looks; its colour is replaced by the layer's fill colour.
    public init(_ text: Animated<String>, style: TextStyle = TextStyle()) {
        self.text = text
        self.style = style
    }
}

/// The picture of an image layer and how it fits the bounds.
public struct ImageContent: Sendable {
    /// Where the picture comes from.
    public var source: ImageSource
    /// How the picture fits the layer's bounds. Default `.contain`.
    public var fit: ContentFit

    /// Creates image content.
    /// - Parameters:
    ///   - source: Where the picture comes from.
    ///   - fit: How the picture fits the layer's bounds.
    public init(_ source: ImageSource, fit: ContentFit = .contain) {
        self.source = source
        self.fit = fit
    }
}

/// A picture: already decoded, a file that `SceneRenderer` loads once before drawing, or a
/// provider that hands the picture out when it is drawn.
public enum ImageSource: Sendable {
    /// A decoded image.
    case image(Image)
    /// An image file, loaded once when the renderer is created.
    case file(URL)
    /// Pictures that arrive when needed, such as a slideshow's photos, decoded ahead of time and
    /// kept only while they are on screen.
    case provider(any ImageProvider)
}

/// Hands out a picture when a layer is drawn, so that a scene with many pictures does not hold
/// them all. Called from any drawing thread; it must return the same picture for the same layer
/// every time.
public protocol ImageProvider: Sendable {
    /// The picture, or `nil` when it cannot be had (nothing is drawn then).
    func image() -> Image?
}

/// The children of a group layer.
public struct GroupContent: Sendable {
    /// The children, back to front, positioned in the group's bounds.
    public var layers: [Layer]
    /// Whether children are clipped to the group's bounds (rounded by its `cornerRadius`).
    public var clipsContent: Bool
    /// The group's clock starts this many seconds after its parent's: a child's times are
    /// `parentTime - timeOffset` (Lottie's precomposition start time).
    public var timeOffset: Double
    /// Which raster of the renderer's cache holds this group's picture, set by `SceneRenderer` on
    /// groups that never change while they show (`RasterPlan`); `nil` draws the children each frame.
    var rasterSlot: Int?

    /// Creates group content.
    public init(layers: [Layer], clipsContent: Bool = false, timeOffset: Double = 0) {
        self.layers = layers
        self.clipsContent = clipsContent
        self.timeOffset = timeOffset
    }
}

/// Drawing code of your own: called with a context whose origin is the layer's bounds' top-left
/// corner, and the time in seconds on the layer's parent clock. It must draw the same picture for
/// the same time (no state carried between frames).
public struct CustomDrawing: TimedContent {
    /// The drawing function.
    public let draw: @Sendable (DrawingContext, Double) -> Void

    /// Wraps a drawing function.
    public init(_ draw: @escaping @Sendable (DrawingContext, Double) -> Void) {
        self.draw = draw
    }

    public var typeName: String { "custom" }

    /// Calls the drawing function in the layer's space with the parent clock's time; a translucent
    /// layer's drawing fades as one picture.
    public func draw(_ drawing: ContentDrawing) {
        let context = drawing.context
        context.setAlpha(drawing.opacity)
        if drawing.opacity < 1 {
            context.withTransparencyLayer(alpha: drawing.opacity) { draw(context, drawing.time) }
        } else {
            draw(context, drawing.time)
        }
    }
}
