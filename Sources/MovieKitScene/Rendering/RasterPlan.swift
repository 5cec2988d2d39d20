import Foundation
import FrameDraw

/// Finds the group layers whose picture never changes while they are on screen, so that
/// `SceneRenderer` can rasterise each once and composite it on later frames (`LayerRasterCache`).
///
/// A group qualifies when, over the whole time it is visible:
/// - its place on the canvas stays put: its own transform (position, anchor, size, rotation,
///   scale) and every ancestor's are constant, so it lands on the same device pixels every frame;
/// - everything inside it is constant: every property of every descendant (fill, stroke, text,
///   corner radius, trim, shadow, opacity, transform), with no custom drawing, and each descendant
///   is either visible the whole time or never;
/// - it casts no shadow and everything inside blends normally, so drawing it apart and then
///   compositing it gives the same picture as drawing it in place;
/// - it is worth it: it draws at least two layers, or an image or text.
///
/// The group's own opacity and blend mode may change: they apply when the raster is composited,
/// which is what makes a crossfade between two still slides two composites per frame.
struct RasterPlan {
    /// A span of time on some clock, `lower..<upper`; empty when `upper <= lower`.
    struct Window {
        var lower: Double
        var upper: Double

        static let always = Window(lower: -.infinity, upper: .infinity)

        var isEmpty: Bool { !(upper > lower) }

        func intersection(_ other: Window) -> Window {
            Window(lower: max(lower, other.lower), upper: min(upper, other.upper))
        }

        func shifted(by offset: Double) -> Window {
            Window(lower: lower - offset, upper: upper - offset)
        }

        /// Whether this window holds all of `other`.
        func contains(_ other: Window) -> Bool { other.isEmpty || (lower <= other.lower && other.upper <= upper) }
    }

    /// Slots handed out so far; each cached group gets the next.
    private(set) var slotCount = 0

    /// `layers` with a raster slot set on each group that qualifies.
    /// - Parameters:
    ///   - layers: Layers on one parent clock.
    ///   - window: When the parent is visible, on that clock.
    ///   - placementIsStatic: Whether the parent's space sits still on the canvas.
    mutating func planned(_ layers: [Layer], window: Window, placementIsStatic: Bool) -> [Layer] {
        layers.map { planned($0, window: window, placementIsStatic: placementIsStatic) }
    }

    private mutating func planned(_ layer: Layer, window: Window, placementIsStatic: Bool) -> Layer {
        var layer = layer
        if var mask = layer.mask {
            mask.layers = Self.withoutSlots(mask.layers)  // Masks are drawn directly.
            layer.mask = mask
        }
        let visible = window.intersection(Self.window(of: layer))
        if let shader = layer.content.timed(as: ShaderContent.self) {
            return plannedInputs(of: shader, layer: layer, window: visible)
        }
        guard case .group(var group) = layer.content else { return layer }
        guard !visible.isEmpty else { return Self.withoutSlots([layer])[0] }
        let placed = placementIsStatic && Self.hasStaticTransform(layer)
        let childWindow = visible.shifted(by: group.timeOffset)
        if placed, layer.shadow == nil, !layer.cornerRadius.isAnimated,
            Self.isStatic(group.layers, window: childWindow), Self.drawCount(group.layers) >= 2
        {
            // The outermost such group is the one cached; the groups inside it are drawn into its raster.
            group.rasterSlot = slotCount
            slotCount += 1
            group.layers = Self.withoutSlots(group.layers)
        } else {
            group.rasterSlot = nil
            group.layers = planned(group.layers, window: childWindow, placementIsStatic: placed)
        }
        layer.content = .group(group)
        return layer
    }

    /// A shader layer whose inputs are planned as canvases of their own: each is drawn into a
    /// picture of the shader's size that sits still.
    private mutating func plannedInputs(of shader: ShaderContent, layer: Layer, window: Window) -> Layer {
        var layer = layer
        var shader = shader
        shader.inputs = shader.inputs.map { input in
            var input = input
            input.layers =
                window.isEmpty
                ? Self.withoutSlots(input.layers) : planned(input.layers, window: window, placementIsStatic: true)
            return input
        }
        layer.content = .shader(shader)
        return layer
    }

    /// `layers` with no raster slots: a scene taken from another renderer may carry its slots.
    private static func withoutSlots(_ layers: [Layer]) -> [Layer] {
        layers.map { layer in
            var layer = layer
            if case .group(var group) = layer.content {
                group.rasterSlot = nil
                group.layers = withoutSlots(group.layers)
                layer.content = .group(group)
            }
            if var shader = layer.content.timed(as: ShaderContent.self) {
                for index in shader.inputs.indices {
                    shader.inputs[index].layers = withoutSlots(shader.inputs[index].layers)
                }
                layer.content = .shader(shader)
            }
            if var mask = layer.mask {
                mask.layers = withoutSlots(mask.layers)
                layer.mask = mask
            }
            return layer
        }
    }

    // MARK: - What counts as static

    private static func window(of layer: Layer) -> Window {
        Window(lower: layer.inPoint, upper: layer.outPoint ?? .infinity)
    }

    private static func hasStaticTransform(_ layer: Layer) -> Bool {
        !(layer.position?.isAnimated ?? false) && !layer.anchor.isAnimated && !(layer.size?.isAnimated ?? false)
            && !layer.rotation.isAnimated && !layer.scale.isAnimated && !naturalSizeIsAnimated(layer)
    }

    /// Whether the size a layer takes without an explicit one changes: text whose string changes.
    private static func naturalSizeIsAnimated(_ layer: Layer) -> Bool {
        guard layer.size == nil, case .text(let text) = layer.content else { return false }
        return text.text.isAnimated
    }

    /// Whether `layers` draw the same picture at every time in `window` (their parent's clock).
    private static func isStatic(_ layers: [Layer], window: Window) -> Bool {
        layers.allSatisfy { isStatic($0, window: window) }
    }

    private static func isStatic(_ layer: Layer, window: Window) -> Bool {
        let own = Self.window(of: layer)
        if own.intersection(window).isEmpty { return true }  // Never shown while the group is.
        guard own.contains(window), layer.blendMode == .normal, hasStaticTransform(layer), hasStaticPaint(layer) else {
            return false
        }
        if let mask = layer.mask, !isStatic(mask.layers, window: window) { return false }
        switch layer.content {
        case .rect, .ellipse, .path, .polygon, .star, .image:
            return true
        case .text(let text):
            return !text.text.isAnimated
        case .group(let group):
            return !layer.cornerRadius.isAnimated
                && isStatic(group.layers, window: window.shifted(by: group.timeOffset))
        case .timed(let content):
            return !content.isAnimated
        }
    }

    private static func hasStaticPaint(_ layer: Layer) -> Bool {
        if layer.opacity.isAnimated || layer.cornerRadius.isAnimated || layer.trimStart.isAnimated
            || layer.trimEnd.isAnimated
        {
            return false
        }
        if case .color(let color) = layer.fill, color.isAnimated { return false }
        if let stroke = layer.stroke, stroke.color.isAnimated || stroke.width.isAnimated { return false }
        if let shadow = layer.shadow, shadow.color.isAnimated || shadow.offset.isAnimated || shadow.blur.isAnimated {
            return false
        }
        return true
    }

    /// How many drawing layers `layers` hold, counting an image or text as two: rasterising a
    /// single shape saves nothing, but a scaled image or laid-out text costs more than a composite.
    private static func drawCount(_ layers: [Layer]) -> Int {
        layers.reduce(0) { count, layer in
            switch layer.content {
            case .group(let group): count + drawCount(group.layers)
            case .image, .text: count + 2
            default: count + 1
            }
        }
    }
}
