import Foundation
import FrameDraw

/// How a shape or text is filled.
public enum Fill: Sendable {
    /// A colour, which may change over time.
    case color(Animated<Color>)
    /// A linear gradient from `start` to `end`, given as fractions of the layer's size.
    case linearGradient(Gradient, start: CGPoint, end: CGPoint)
    /// A radial gradient around `center` (a fraction of the size) out to `radius` (a fraction of
    /// the larger side).
    case radialGradient(Gradient, center: CGPoint, radius: Double)
}

/// How a shape is outlined.
public struct Stroke: Sendable {
    /// The line colour.
    public var color: Animated<Color>
    /// The line width in pixels.
    public var width: Animated<Double>
    /// How open ends look.
    public var lineCap: LineCap
    /// How corners look.
    public var lineJoin: LineJoin
    /// Dash lengths, alternately on and off; empty for a solid line.
    public var dash: [Double]

    /// Creates a stroke.
    public init(
        color: Animated<Color>, width: Animated<Double> = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
        dash: [Double] = []
    ) {
        self.color = color
        self.width = width
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.dash = dash
    }
}

/// A drop shadow whose colour, offset and blur may each change over time.
public struct LayerShadow: Sendable {
    /// The shadow colour; its alpha is the shadow's opacity.
    public var color: Animated<Color>
    /// The offset in pixels (y grows down).
    public var offset: Animated<CGSize>
    /// The blur radius in pixels.
    public var blur: Animated<Double>

    /// Creates a shadow.
    public init(
        color: Animated<Color> = .constant(Color(white: 0, alpha: 0.5)),
        offset: Animated<CGSize> = .constant(CGSize(width: 0, height: 4)),
        blur: Animated<Double> = 8
    ) {
        self.color = color
        self.offset = offset
        self.blur = blur
    }
}
