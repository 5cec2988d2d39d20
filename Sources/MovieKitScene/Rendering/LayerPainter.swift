import Foundation
import FrameDraw
import MovieKitCore
import MovieKitLog

/// Draws one layer tree at one time. Holds nothing between calls but the context, and the
/// renderer's cache of still groups.
struct LayerPainter {
    let context: DrawingContext
    /// Where groups with a raster slot are kept once rasterised; `nil` draws every group in place.
    var rasters: LayerRasterCache?
    /// The decoded picture under the frame, in a movie render (see ``BackdropAwareContent``).
    var backdrop: FrameBackdrop? = nil
    /// The length of the frame being drawn, in seconds (``ContentDrawing/frameDuration``).
    var frameDuration: Double = 0

    /// Draws `layer` in its parent's space at `time` on the parent's clock.
    func draw(_ layer: Layer, parentSize: CGSize, time: Double) {
        guard layer.isVisible(at: time) else { return }
        let opacity = clamped(layer.opacity.value(at: time))
        guard opacity > 0 else { return }
        if let backdrop, backdrop.holdsPicture, !Self.tellsBackdrop(layer) { backdrop.giveUp() }
        context.saveGState()
        defer { context.restoreGState() }
        context.setBlendMode(layer.blendMode)
        guard let mask = layer.mask else {
            drawTransformed(layer, parentSize: parentSize, time: time, opacity: opacity)
            return
        }
        // A mask needs the layer as one picture: draw it, then keep (or remove) what the mask covers.
        context.withTransparencyLayer(alpha: opacity) {
            drawTransformed(layer, parentSize: parentSize, time: time, opacity: 1)
            context.saveGState()
            context.setBlendMode(mask.inverted ? .destinationOut : .destinationIn)
            context.withTransparencyLayer {
                for maskLayer in mask.layers {
                    draw(maskLayer, parentSize: parentSize, time: time)
                }
            }
            context.restoreGState()
        }
    }

    /// Draws `layer` only if it replaces every pixel of the context: a video layer whose clip, opaque, fills
    /// the frame (``VideoContent/replacesFrame(_:)``). What is under it then need not be drawn.
    /// - Returns: Whether it did; nothing is drawn otherwise.
    func drawReplacingFrame(_ layer: Layer, parentSize: CGSize, time: Double) -> Bool {
        guard layer.isVisible(at: time), clamped(layer.opacity.value(at: time)) >= 1, layer.mask == nil,
            layer.shadow == nil, layer.blendMode == .normal, case .timed(let content) = layer.content,
            let video = content as? VideoContent
        else { return false }
        let size = layer.size?.value(at: time) ?? naturalSize(of: layer, parentSize: parentSize, time: time)
        guard let placement = LayerPlacement(layer, size: size, parentSize: parentSize, time: time),
            placement.hasArea, placement.isDrawable(on: context.ctm)
        else { return false }
        context.saveGState()
        defer { context.restoreGState() }
        context.setBlendMode(.normal)
        context.concatenate(placement.transform)
        return video.replacesFrame(
            ContentDrawing(
                context: context, bounds: placement.bounds, time: time, layerTime: time - layer.inPoint, opacity: 1,
                frameDuration: frameDuration, painter: self))
    }

    /// Applies the layer's transform and draws its content with `opacity`.
    private func drawTransformed(_ layer: Layer, parentSize: CGSize, time: Double, opacity: Double) {
        let size = layer.size?.value(at: time) ?? naturalSize(of: layer, parentSize: parentSize, time: time)
        // A layer with no place on this frame (a scale or size of 0, or a value an animation took out
        // of range) draws nothing on it, rather than stopping the frame with a singular transform.
        guard let placement = LayerPlacement(layer, size: size, parentSize: parentSize, time: time),
            placement.hasArea || layer.content.isPath, placement.isDrawable(on: context.ctm)
        else { return }
        context.saveGState()
        defer { context.restoreGState() }
        context.concatenate(placement.transform)
        let bounds = placement.bounds
        if let shadow = layer.shadow {
            let offset = shadow.offset.value(at: time)
            let blur = shadow.blur.value(at: time)
            if offset.width.isFinite, offset.height.isFinite, blur.isFinite {
                context.setShadow(offset: offset, blur: blur, color: shadow.color.value(at: time))
            }
        }
        switch layer.content {
        case .rect, .ellipse, .path, .polygon, .star:
            drawShape(layer, bounds: bounds, time: time, opacity: opacity)
        case .text(let text):
            drawText(
                text, layer: layer, bounds: bounds, hasExplicitSize: layer.size != nil, time: time, opacity: opacity)
        case .image(let image):
            guard let picture = image.source.picture,
                LayerPlacement.canDraw(picture, in: bounds, fit: image.fit, on: context.ctm)
            else { return }
            context.setAlpha(opacity)
            context.draw(picture, in: bounds, fit: image.fit)
        case .group(let group):
            drawGroup(group, layer: layer, bounds: bounds, time: time, opacity: opacity)
        case .timed(let content):
            content.draw(
                ContentDrawing(
                    context: context, bounds: bounds, time: time, layerTime: time - layer.inPoint, opacity: opacity,
                    frameDuration: frameDuration, painter: self))
        }
    }

    // MARK: - Content

    private func drawGroup(_ group: GroupContent, layer: Layer, bounds: CGRect, time: Double, opacity: Double) {
        if let slot = group.rasterSlot, let rasters,
            drawFromRaster(
                slot: slot, cache: rasters, group: group, layer: layer, bounds: bounds, time: time, opacity: opacity)
        {
            return
        }
        let body = { drawChildren(of: group, layer: layer, bounds: bounds, time: time) }
        // The children fade as one picture, and share the group's shadow, as in a transparency layer.
        if opacity < 1 || layer.shadow != nil {
            context.withTransparencyLayer(alpha: opacity, body)
        } else {
            body()
        }
    }

    /// Draws a group's children, clipped to its bounds when it clips, at `time` on the group's parent clock.
    private func drawChildren(of group: GroupContent, layer: Layer, bounds: CGRect, time: Double) {
        if group.clipsContent {
            let radius = max(0, layer.cornerRadius.value(at: time))
            context.clip(to: radius > 0 ? Path(roundedRect: bounds, cornerRadius: radius) : Path(rect: bounds))
        }
        for child in group.layers {
            draw(child, parentSize: bounds.size, time: time - group.timeOffset)
        }
    }

    /// Composites a still group from its raster, rasterising it first when the cache does not hold it.
    /// - Returns: `false` when no raster could be made (it could not be allocated): draw in place then.
    private func drawFromRaster(
        slot: Int, cache: LayerRasterCache, group: GroupContent, layer: Layer, bounds: CGRect, time: Double,
        opacity: Double
    ) -> Bool {
        let key = LayerRasterCache.Key(
            slot: slot, transform: context.ctm, surfaceWidth: context.bounds.width, surfaceHeight: context.bounds.height
        )
        let raster: DeviceRaster
        if let cached = cache.raster(for: key) {
            raster = cached
        } else {
            do {
                let made = try context.rasterize(in: group.clipsContent ? bounds : nil) { inner in
                    LayerPainter(context: inner, rasters: nil, frameDuration: frameDuration).drawChildren(
                        of: group, layer: layer, bounds: bounds, time: time)
                }
                raster = cache.insert(made, for: key)
            } catch {
                // Drawn in place instead, the group's pixels may differ from its cached frames by a
                // level or two of rounding: say why, so that a render that differs can be traced.
                Log.emit(
                    .warning, subsystem: .movieKit,
                    "A still group could not be rasterised at \(time) s, so it is drawn in place: \(error)")
                return false
            }
        }
        return context.draw(raster, alpha: opacity)
    }

    private func drawShape(_ layer: Layer, bounds: CGRect, time: Double, opacity: Double) {
        let outline = ShapeGeometry.path(for: layer, bounds: bounds, time: time)
        guard !outline.isEmpty else { return }
        // A width an animation took to infinity or NaN draws no line, as a width of 0 does.
        let stroke = layer.stroke.map { stroke in
            (stroke: stroke, width: stroke.width.value(at: time).isFinite ? max(0, stroke.width.value(at: time)) : 0)
        }
        let strokes = stroke.map { $0.width > 0 } ?? false
        // Fill and stroke overlap: a translucent layer must not show one through the other, and
        // a shadow must be cast once by both together.
        let grouped = (opacity < 1 || layer.shadow != nil) && layer.fill != nil && strokes
        if grouped { context.beginTransparencyLayer(alpha: opacity) }
        context.setAlpha(grouped ? 1 : opacity)
        if let fill = layer.fill {
            context.addArea(of: outline)
            paint(fill, bounds: bounds, time: time)
        }
        if let stroke, stroke.width > 0 {
            context.setStrokeColor(stroke.stroke.color.value(at: time))
            context.setLineWidth(LayerPlacement.lineWidth(stroke.width, on: context.ctm))
            context.setLineCap(stroke.stroke.lineCap)
            context.setLineJoin(stroke.stroke.lineJoin)
            if LayerPlacement.isUsableDash(stroke.stroke.dash) {
                context.setLineDash(phase: 0, lengths: stroke.stroke.dash)
            }
            context.addPath(outline)
            context.strokePath()
        }
        if grouped { context.endTransparencyLayer() }
    }

    /// Fills the current path with `fill`.
    private func paint(_ fill: Fill, bounds: CGRect, time: Double) {
        switch fill {
        case .color(let color):
            context.setFillColor(color.value(at: time))
            context.fillPath()
        case .linearGradient(let gradient, let start, let end):
            context.fillPath(with: gradient, start: point(start, in: bounds), end: point(end, in: bounds))
        case .radialGradient(let gradient, let center, let radius):
            let centerPoint = point(center, in: bounds)
            context.fillPath(
                with: gradient, startCenter: centerPoint, startRadius: 0, endCenter: centerPoint,
                endRadius: radius * max(bounds.width, bounds.height))
        }
    }

    private func drawText(
        _ text: TextContent, layer: Layer, bounds: CGRect, hasExplicitSize: Bool, time: Double, opacity: Double
    ) {
        var style = text.style
        if case .color(let color) = layer.fill {
            style.color = color.value(at: time)
        } else if layer.fill == nil {
            return
        }
        guard LayerPlacement.canDrawText(in: style, on: context.ctm) else { return }
        context.setAlpha(opacity)
        let string = text.text.value(at: time)
        if hasExplicitSize {
            context.draw(string, in: bounds, style: style)
        } else {
            context.draw(string, at: .zero, style: style)
        }
    }

    // MARK: - Sizes

    /// The size a layer takes when none is set: an image's pixels, the text's measured box, or
    /// the parent's size.
    private func naturalSize(of layer: Layer, parentSize: CGSize, time: Double) -> CGSize {
        switch layer.content {
        case .image(let image):
            return image.source.picture?.size ?? parentSize
        case .text(let text):
            return text.style.measure(text.text.value(at: time))
        case .timed(let content):
            return content.intrinsicSize ?? parentSize
        default:
            return parentSize
        }
    }

    /// Whether `layer` draws only content that tells the backdrop what it draws, itself: no mask, shadow
    /// or blend mode of the layer's own reaches past what the content notes.
    private static func tellsBackdrop(_ layer: Layer) -> Bool {
        guard case .timed(let content) = layer.content, content is any BackdropAwareContent else { return false }
        return layer.mask == nil && layer.shadow == nil && layer.blendMode == .normal
    }

    private func point(_ unit: CGPoint, in bounds: CGRect) -> CGPoint {
        CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
    }

    private func clamped(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }
}

extension ImageSource {
    /// The picture to draw: the decoded image, or the provider's; `nil` for a file not loaded.
    var picture: Image? {
        switch self {
        case .image(let picture): picture
        case .provider(let provider): provider.image()
        case .file: nil
        }
    }
}
