import Foundation
import FrameDraw
import MovieKitScene

/// Draws a Lottie composition at any frame: layers back to front with their parents' transforms,
/// masks, track mattes, precompositions (start time, time stretch, time remap), solids, images,
/// shapes and text. Holds only immutable data, so one renderer draws on several threads at once.
struct LottieRenderer: Sendable {
    let animation: LottieAnimation
    /// The decoded pictures of the image assets, by asset id.
    let images: [String: Image]

    /// Draws the composition at `frame` (in the animation's frames, `ip` is the first) into the
    /// rectangle `(0, 0, w, h)` of the context's user space.
    func draw(in context: DrawingContext, frame: Double) {
        context.saveGState()
        defer { context.restoreGState() }
        context.clip(to: CGRect(x: 0, y: 0, width: animation.width, height: animation.height))
        drawComposition(animation.layers, frame: frame, context: context, depth: 0)
    }

    // MARK: - Layers

    private func drawComposition(_ layers: [LottieLayer], frame: Double, context: DrawingContext, depth: Int) {
        guard depth < 32 else { return }
        for position in layers.indices.reversed() {
            let layer = layers[position]
            guard !layer.isMatte else { continue }
            guard let matteStyle = Self.matteStyle(layer.matteMode), let matte = matteLayer(for: position, in: layers)
            else {
                drawLayer(layer, in: layers, frame: frame, context: context, depth: depth)
                continue
            }
            guard isVisible(layer, frame: frame) else { continue }
            context.saveGState()
            context.setBlendMode(BlendMode(layer.blendMode))
            context.beginTransparencyLayer()
            context.setBlendMode(.normal)
            drawLayer(layer, in: layers, frame: frame, context: context, depth: depth, ignoresBlendMode: true)
            context.setBlendMode(matteStyle.inverted ? .destinationOut : .destinationIn)
            context.beginTransparencyLayer()
            context.setBlendMode(.normal)
            drawLayer(matte, in: layers, frame: frame, context: context, depth: depth, ignoresBlendMode: true)
            if matteStyle.luma { context.convertLuminanceToAlpha() }
            context.endTransparencyLayer()
            context.endTransparencyLayer()
            context.restoreGState()
        }
    }

    /// The layer whose picture is the track matte of the layer at `position`: the one named by `tp`,
    /// or else the layer just above.
    private func matteLayer(for position: Int, in layers: [LottieLayer]) -> LottieLayer? {
        if let index = layers[position].matteParent {
            return layers.first { $0.index == index }
        }
        return position > 0 ? layers[position - 1] : nil
    }

    /// How a track matte masks its layer: where it is transparent instead of opaque (`inverted`),
    /// and by its brightness instead of its alpha (`luma`); `nil` for no matte. A mode the format
    /// does not list is drawn as an alpha matte when its number is above 0.
    private static func matteStyle(_ mode: LottieMatteMode) -> (inverted: Bool, luma: Bool)? {
        switch mode {
        case .off: nil
        case .alpha: (false, false)
        case .invertedAlpha: (true, false)
        case .luma: (false, true)
        case .invertedLuma: (true, true)
        case .unknown(let number): number > 0 ? (false, false) : nil
        }
    }

    private func isVisible(_ layer: LottieLayer, frame: Double) -> Bool {
        !layer.hidden && frame >= layer.inPoint && frame < layer.outPoint
    }

    /// The transform from the layer's space to its composition's, through its parents.
    private func matrix(of layer: LottieLayer, in layers: [LottieLayer], frame: Double) -> FrameDraw.AffineTransform {
        var matrix = layer.transform.matrix(at: frame, autoOrient: layer.autoOrient)
        var parentIndex = layer.parent
        var seen = 0
        while let index = parentIndex, seen < 64, let parent = layers.first(where: { $0.index == index }) {
            matrix = matrix.concatenating(
                parent.transform.matrix(at: frame, autoOrient: parent.autoOrient))
            parentIndex = parent.parent
            seen += 1
        }
        return matrix
    }

    private func drawLayer(
        _ layer: LottieLayer, in layers: [LottieLayer], frame: Double, context: DrawingContext, depth: Int,
        ignoresBlendMode: Bool = false
    ) {
        guard isVisible(layer, frame: frame), layer.type != .null else { return }
        // A layer's own keyframes (transform, shapes, masks, time remap) are on its composition's
        // frames, as in lottie-web, ThorVG and rlottie; its start time and stretch move only what a
        // precomposition plays inside it.
        let opacity = layer.transform.opacity(at: frame)
        guard opacity > 0 else { return }
        let matrix = matrix(of: layer, in: layers, frame: frame)
        guard matrix.inverted() != nil else { return }
        let masks = layer.masks.filter { $0.mode != .off }
        let blend = ignoresBlendMode ? BlendMode.normal : BlendMode(layer.blendMode)
        let grouped = opacity < 1 || !masks.isEmpty || blend != .normal
        context.saveGState()
        defer { context.restoreGState() }
        context.setBlendMode(blend)
        if grouped {
            context.beginTransparencyLayer(alpha: opacity)
            context.setBlendMode(.normal)
        }
        context.concatenate(matrix)
        switch layer.type {
        case .shape:
            LottieShapeRenderer(context: context, frame: frame).draw(layer.shapes)
        case .solid:
            if let hex = layer.solidColor, let color = try? Color(hex: hex) {
                context.setFillColor(color)
                context.fill(CGRect(x: 0, y: 0, width: layer.width ?? 0, height: layer.height ?? 0))
            }
        case .image:
            if let id = layer.referenceID, let image = images[id] {
                context.draw(image, in: CGRect(origin: .zero, size: image.size))
            }
        case .precomposition:
            drawPrecomposition(layer, frame: frame, context: context, depth: depth)
        case .text:
            if let document = layer.text?.document(at: frame) {
                LottieTextPainter(context: context, fonts: animation.fonts).draw(document)
            }
        case .null, .unknown:
            break
        }
        if !masks.isEmpty {
            LottieMaskPainter(context: context, frame: frame).apply(masks)
        }
        if grouped { context.endTransparencyLayer() }
    }

    private func drawPrecomposition(_ layer: LottieLayer, frame: Double, context: DrawingContext, depth: Int) {
        guard let id = layer.referenceID, let layers = animation.precomposition(id) else { return }
        var childFrame = (frame - layer.startTime) / layer.timeStretch
        if let remap = layer.timeRemap, let seconds = remap.value(at: frame)?[0] {
            childFrame = seconds * animation.frameRate
        }
        context.saveGState()
        defer { context.restoreGState() }
        if let width = layer.width, let height = layer.height {
            context.clip(to: CGRect(x: 0, y: 0, width: width, height: height))
        }
        drawComposition(layers, frame: LottieTime.snapped(childFrame), context: context, depth: depth + 1)
    }
}

/// Frame arithmetic that keeps whole frames whole.
enum LottieTime {
    /// `frame`, rounded to the nearest whole frame when it is within a millionth of one, so that
    /// hold keyframes and in points land on the frame they name despite floating-point error.
    static func snapped(_ frame: Double) -> Double {
        let rounded = frame.rounded()
        return abs(frame - rounded) < 1e-6 ? rounded : frame
    }
}
