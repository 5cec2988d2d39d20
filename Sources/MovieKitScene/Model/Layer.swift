import Foundation
import FrameDraw

/// One element of a scene: a shape, text, image, group or custom drawing, placed by a transform
/// and shown between its in and out points.
///
/// Every property is `Animated`, so it is either constant or changes over time.
///
/// ## Geometry
/// A layer has its own coordinate space, its *bounds*: `(0, 0)` to `size`. The bounds are placed in
/// the parent's space (the canvas, or the enclosing group's bounds) so that the point at `anchor`
/// (a fraction of the size; `(0.5, 0.5)` is the centre) lands on `position`, after `scale` and
/// `rotation` about that point.
///
/// Defaults make a layer fill its parent: `position` defaults to the centre of the parent,
/// `size` to the layer's natural size (an image's pixel size, the text's measured size) or else
/// the parent's size. So a layer with no transform set draws in its parent's coordinates, which
/// is how SVG path data and nested groups keep their own numbers.
public struct Layer: Sendable {
    /// A name for messages and for finding the layer; not drawn.
    public var name: String?
    /// What the layer draws.
    public var content: LayerContent
    /// When the layer appears, in seconds on the parent's clock. Default 0.
    public var inPoint: Double = 0
    /// When the layer disappears (it is hidden from this time on), or `nil` to stay to the end.
    public var outPoint: Double?
    /// Where the anchor point sits in the parent's space; `nil` is the parent's centre.
    public var position: Animated<CGPoint>?
    /// The point of the bounds that `position` places and rotation and scale turn about, as a
    /// fraction of the size. Default `(0.5, 0.5)`, the centre.
    public var anchor: Animated<CGPoint> = .constant(CGPoint(x: 0.5, y: 0.5))
    /// The size of the bounds; `nil` is the natural size of the content, or the parent's size.
    public var size: Animated<CGSize>?
    /// The rotation in degrees, clockwise on screen. Default 0.
    public var rotation: Animated<Double> = 0
    /// The scale factors along x and y. Default `(1, 1)`.
    public var scale: Animated<CGSize> = .constant(CGSize(width: 1, height: 1))
    /// The opacity, 0…1. A group fades its children as one picture. Default 1.
    public var opacity: Animated<Double> = 1
    /// How shapes and text are filled; `nil` draws no fill.
    public var fill: Fill?
    /// How shapes are outlined; `nil` draws no outline.
    public var stroke: Stroke?
    /// The corner radius of rectangles (and of a group's clip). Default 0.
    public var cornerRadius: Animated<Double> = 0
    /// A drop shadow under the layer's drawing; `nil` draws none.
    public var shadow: LayerShadow?
    /// How the layer's pixels combine with what is beneath. Default `.normal`.
    public var blendMode: BlendMode = .normal
    /// Where the visible part of a shape's outline starts, as a fraction of its length. Default 0.
    public var trimStart: Animated<Double> = 0
    /// Where the visible part of a shape's outline ends, as a fraction of its length. Default 1.
    public var trimEnd: Animated<Double> = 1
    /// A layer whose alpha masks this one (Lottie's masks and track mattes); `nil` for none.
    public var mask: Mask?

    /// Creates a layer with default properties.
    /// - Parameters:
    ///   - content: What the layer draws.
    ///   - name: A name for messages; not drawn.
    public init(_ content: LayerContent, name: String? = nil) {
        self.content = content
        self.name = name
        if content.isFilledByDefault { fill = .color(.constant(.white)) }
    }

    /// Whether the layer shows at `time` on its parent's clock: from `inPoint` until before `outPoint`.
    public func isVisible(at time: Double) -> Bool {
        time >= inPoint && outPoint.map { time < $0 } ?? true
    }
}

/// A mask: a layer drawn in the masked layer's parent space whose alpha keeps the masked layer's
/// pixels (or, when `inverted`, removes them).
public struct Mask: Sendable {
    /// The layers whose combined alpha is the mask. Usually one shape.
    public var layers: [Layer]
    /// Whether the mask removes what it covers instead of keeping it.
    public var inverted: Bool

    /// Creates a mask.
    /// - Parameters:
    ///   - layer: The masking layer, in the parent's space.
    ///   - inverted: Whether the mask removes what it covers.
    public init(_ layer: Layer, inverted: Bool = false) {
        layers = [layer]
        self.inverted = inverted
    }
}
