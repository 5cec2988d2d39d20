import Foundation
import FrameDraw

/// Modifiers that return a copy of the layer with one property changed, for building scenes in code.
extension Layer {
    private func with(_ change: (inout Layer) -> Void) -> Layer {
        var copy = self
        change(&copy)
        return copy
    }

    /// Sets the name used in messages.
    public func named(_ name: String) -> Layer { with { $0.name = name } }

    /// Shows the layer from `inPoint` until before `outPoint` (`nil`: to the end).
    public func visible(from inPoint: Double, until outPoint: Double? = nil) -> Layer {
        with {
            $0.inPoint = inPoint
            $0.outPoint = outPoint
        }
    }

    /// Places the anchor point at `(x, y)` in the parent's space.
    public func position(x: Double, y: Double) -> Layer { position(.constant(CGPoint(x: x, y: y))) }
    /// Places the anchor point, possibly animated.
    public func position(_ position: Animated<CGPoint>) -> Layer { with { $0.position = position } }

    /// Sets the anchor point as fractions of the size: `(0, 0)` top-left, `(0.5, 0.5)` centre.
    public func anchor(x: Double, y: Double) -> Layer { anchor(.constant(CGPoint(x: x, y: y))) }
    /// Sets the anchor point, possibly animated.
    public func anchor(_ anchor: Animated<CGPoint>) -> Layer { with { $0.anchor = anchor } }

    /// Sets the size of the bounds.
    public func size(width: Double, height: Double) -> Layer { size(.constant(CGSize(width: width, height: height))) }
    /// Sets the size of the bounds, possibly animated.
    public func size(_ size: Animated<CGSize>) -> Layer { with { $0.size = size } }

    /// Sets the rotation in degrees, clockwise.
    public func rotation(_ degrees: Animated<Double>) -> Layer { with { $0.rotation = degrees } }

    /// Scales both axes by `factor`.
    /// - Parameter factor: The scale of both axes: 1 is the natural size.
    public func scale(_ factor: Double) -> Layer { scale(.constant(factor)) }
    /// Scales both axes by one factor, possibly animated: `.scale(.spring(from: 0.2, to: 1))`.
    /// - Parameter factor: The scale of both axes over time: 1 is the natural size.
    public func scale(_ factor: Animated<Double>) -> Layer { scale(factor.map { CGSize(width: $0, height: $0) }) }
    /// Sets the horizontal and vertical scale factors, possibly animated.
    /// - Parameter scale: The scale of each axis over time: `(1, 1)` is the natural size.
    public func scale(_ scale: Animated<CGSize>) -> Layer { with { $0.scale = scale } }

    /// Sets the opacity, 0…1.
    public func opacity(_ opacity: Animated<Double>) -> Layer { with { $0.opacity = opacity } }

    /// Fills with a colour.
    public func fill(_ color: Color) -> Layer { fill(.color(.constant(color))) }
    /// Fills with a colour that changes over time.
    public func fill(_ color: Animated<Color>) -> Layer { fill(.color(color)) }
    /// Sets the fill; `nil` draws none.
    public func fill(_ fill: Fill?) -> Layer { with { $0.fill = fill } }

    /// Outlines with a solid line.
    public func stroke(_ color: Color, width: Double = 1) -> Layer {
        stroke(Stroke(color: .constant(color), width: .constant(width)))
    }
    /// Sets the outline; `nil` draws none.
    public func stroke(_ stroke: Stroke?) -> Layer { with { $0.stroke = stroke } }

    /// Rounds a rectangle's corners (and a group's clip).
    public func cornerRadius(_ radius: Animated<Double>) -> Layer { with { $0.cornerRadius = radius } }

    /// Adds a drop shadow.
    public func shadow(
        color: Color = Color(white: 0, alpha: 0.5), offset: CGSize = CGSize(width: 0, height: 4), blur: Double = 8
    ) -> Layer {
        shadow(LayerShadow(color: .constant(color), offset: .constant(offset), blur: .constant(blur)))
    }
    /// Sets the drop shadow; `nil` draws none.
    public func shadow(_ shadow: LayerShadow?) -> Layer { with { $0.shadow = shadow } }

    /// Sets how the layer's pixels combine with what is beneath.
    public func blendMode(_ mode: BlendMode) -> Layer { with { $0.blendMode = mode } }

    /// Shows only part of a shape's outline, from `start` to `end` as fractions of its length.
    public func trim(start: Animated<Double> = 0, end: Animated<Double> = 1) -> Layer {
        with {
            $0.trimStart = start
            $0.trimEnd = end
        }
    }

    /// Masks the layer with another layer's alpha, drawn in this layer's parent space.
    public func mask(_ layer: Layer, inverted: Bool = false) -> Layer {
        with { $0.mask = Mask(layer, inverted: inverted) }
    }

    /// Sets a text layer's style (its colour comes from the fill). Does nothing to other kinds.
    public func textStyle(_ style: TextStyle) -> Layer {
        with {
            if case .text(var content) = $0.content {
                content.style = style
                $0.content = .text(content)
            }
        }
    }

    /// Clips a group's children to its bounds. Does nothing to other kinds.
    public func clipsContent(_ clips: Bool = true) -> Layer {
        with {
            if case .group(var group) = $0.content {
                group.clipsContent = clips
                $0.content = .group(group)
            }
        }
    }
}
