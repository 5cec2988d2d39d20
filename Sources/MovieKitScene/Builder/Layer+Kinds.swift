import Foundation
import FrameDraw

extension Layer {
    /// A rectangle filling its bounds; white unless filled otherwise.
    public static func rect() -> Layer { Layer(.rect) }

    /// An ellipse filling its bounds; white unless filled otherwise.
    public static func ellipse() -> Layer { Layer(.ellipse) }

    /// An outline drawn in the layer's own coordinates; white unless filled otherwise.
    public static func path(_ path: Path) -> Layer { Layer(.path(path)) }

    /// An outline from SVG path data (`M10 10 L 90 90 …`) in the layer's own coordinates.
    /// - Throws: `FrameDrawError.invalidSVGPath` when the data cannot be parsed.
    public static func path(svg data: String) throws -> Layer { Layer(.path(try Path(svgPathData: data))) }

    /// A regular polygon inscribed in the bounds, first corner up.
    /// - Parameter sides: The number of corners, at least 3.
    public static func polygon(sides: Int) -> Layer {
        precondition(sides >= 3, "A polygon needs at least 3 sides.")
        return Layer(.polygon(sides: sides))
    }

    /// A star inscribed in the bounds, first tip up.
    /// - Parameters:
    ///   - points: The number of tips, at least 3.
    ///   - innerRadius: The inner radius as a fraction of the outer one, 0…1. Default 0.5.
    public static func star(points: Int, innerRadius: Double = 0.5) -> Layer {
        precondition(points >= 3, "A star needs at least 3 points.")
        return Layer(.star(points: points, innerRadius: innerRadius))
    }

    /// Text, filled with the layer's fill colour (white unless set).
    /// - Parameters:
    ///   - text: The string; use `Animated.steps` for text that changes.
    ///   - style: Font, alignment, spacing, wrapping and outline.
    public static func text(_ text: Animated<String>, style: TextStyle = TextStyle()) -> Layer {
        var layer = Layer(.text(TextContent(text, style: style)))
        layer.fill = .color(.constant(style.color == TextStyle().color ? .white : style.color))
        return layer
    }

    /// A decoded picture; the bounds default to its pixel size.
    /// - Parameters:
    ///   - image: The picture.
    ///   - fit: How the picture fits the layer's bounds. Default `.contain`.
    public static func image(_ image: Image, fit: ContentFit = .contain) -> Layer {
        Layer(.image(ImageContent(.image(image), fit: fit)))
    }

    /// A picture file, loaded once when the `SceneRenderer` is created.
    /// - Parameters:
    ///   - url: The picture file (JPEG, PNG, WebP, HEIF, …).
    ///   - fit: How the picture fits the layer's bounds. Default `.contain`.
    public static func image(contentsOf url: URL, fit: ContentFit = .contain) -> Layer {
        Layer(.image(ImageContent(.file(url), fit: fit)))
    }

    /// A group: its children are placed in its bounds, fade with its opacity as one picture, and
    /// can be clipped to it.
    /// - Parameters:
    ///   - clipsContent: Whether children are clipped to the group's bounds.
    ///   - timeOffset: Seconds by which the children's clock lags the parent's.
    ///   - layers: The children, back to front.
    public static func group(
        clipsContent: Bool = false, timeOffset: Double = 0, @LayerBuilder _ layers: () throws -> [Layer]
    ) rethrows -> Layer {
        Layer(.group(GroupContent(layers: try layers(), clipsContent: clipsContent, timeOffset: timeOffset)))
    }

    /// Your own drawing. The context's origin is the layer's top-left corner; `time` is on the
    /// parent's clock. Draw the same picture for the same time.
    public static func custom(_ draw: @escaping @Sendable (_ context: DrawingContext, _ time: Double) -> Void) -> Layer
    {
        Layer(.custom(CustomDrawing(draw)))
    }

    /// A picture drawn by a GLSL ES 1.00 fragment shader with OpenGL ES, filling the bounds. Its
    /// `vec2 resolution` uniform is the pixel size drawn; `uniforms` gives the others at each time.
    /// - Parameters:
    ///   - fragmentShader: The fragment shader, writing `gl_FragColor`.
    ///   - vertexShader: The vertex shader, or `nil` for a quad from the attribute `vec2 position`.
    ///   - uniforms: Uniform values at a time on the parent's clock, such as `["time": [t]]`.
    public static func shader(
        _ fragmentShader: String, vertexShader: String? = nil,
        uniforms: @escaping @Sendable (_ time: Double) -> [String: [Double]] = { _ in [:] }
    ) -> Layer {
        Layer(.shader(ShaderContent(fragmentShader: fragmentShader, vertexShader: vertexShader, uniforms: uniforms)))
    }
}
