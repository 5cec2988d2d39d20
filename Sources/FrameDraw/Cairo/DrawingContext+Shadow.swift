internal import CCairo
import Foundation

/// A drop shadow: offset, blur radius and colour.
public struct Shadow: Sendable, Hashable {
    public var offset: CGSize
    public var blur: Double
    public var color: Color

    public init(offset: CGSize, blur: Double, color: Color) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }

    var isVisible: Bool { color.alpha > 0 }
}

extension DrawingContext {
    /// Sets the shadow for the fills, strokes, images and text that follow, until the state is restored.
    /// - Parameters:
    ///   - offset: The shadow's offset in device pixels (y grows down).
    ///   - blur: The blur radius in pixels; 0 gives a hard shadow.
    ///   - color: The shadow colour; defaults to black at one-third opacity, as in Core Graphics.
    public func setShadow(offset: CGSize, blur: Double, color: Color = Color(white: 0, alpha: 1.0 / 3.0)) {
        state.shadow = Shadow(offset: offset, blur: max(blur, 0), color: color)
    }

    /// Removes the shadow.
    public func clearShadow() { state.shadow = nil }

    /// Draws `operation`'s output with a shadow beneath it.
    func paintWithShadow(_ shadow: Shadow, _ operation: () -> Void) {
        // Placeholder until blurred shadows land: draw without a shadow.
        operation()
    }
}
