import Foundation
import FrameDraw
import MovieKitScene

/// Applies a layer's masks to what the layer drew: combines their coverage in mask order (add,
/// subtract, intersect, lighten, darken, difference), each with its opacity, expansion and
/// inversion, and keeps the layer's pixels in proportion.
struct LottieMaskPainter {
    let context: DrawingContext
    let frame: Double

    func apply(_ masks: [LottieMask]) {
        context.saveGState()
        defer { context.restoreGState() }
        context.setBlendMode(.destinationIn)
        context.beginTransparencyLayer()
        context.setBlendMode(.normal)
        for (index, mask) in masks.enumerated() {
            // A first mask that takes away from the layer starts from all of it.
            if index == 0, [.subtract, .intersect, .darken].contains(mask.mode) {
                fillEverything()
            }
            let opacity = min(max(mask.opacity.scalar(at: frame, default: 100) / 100, 0), 1)
            switch mask.mode {
            case .subtract: context.setBlendMode(.destinationOut)
            case .intersect, .darken: context.setBlendMode(.destinationIn)
            case .difference: context.setBlendMode(.xor)
            case .add, .lighten, .off, .unknown: context.setBlendMode(.normal)
            }
            context.beginTransparencyLayer(alpha: opacity)
            context.setBlendMode(.normal)
            coverage(of: mask)
            context.endTransparencyLayer()
        }
        context.endTransparencyLayer()
    }

    /// Paints the mask's shape opaque (or everything but it, when inverted) into the current layer.
    private func coverage(of mask: LottieMask) {
        guard let shape = mask.path?.value(at: frame) else {
            if mask.inverted { fillEverything() }
            return
        }
        let path = shape.path
        let expansion = mask.expansion.scalar(at: frame)
        if mask.inverted {
            fillEverything()
            context.setBlendMode(.destinationOut)
            context.beginTransparencyLayer()
            context.setBlendMode(.normal)
            shapeCoverage(path, expansion: expansion)
            context.endTransparencyLayer()
            context.setBlendMode(.normal)
        } else {
            shapeCoverage(path, expansion: expansion)
        }
    }

    private func shapeCoverage(_ path: Path, expansion: Double) {
        context.setFillColor(.white)
        if expansion == 0 {
            context.addPath(path)
            context.fillPath()
            return
        }
        context.addPath(path.offset(by: expansion, lineJoin: .round))
        context.fillPath()
    }

    private func fillEverything() {
        let device = context.bounds
        let area = context.ctm.inverted()?.apply(to: device) ?? device
        context.setFillColor(.white)
        context.fill(area.insetBy(dx: -1, dy: -1))
    }
}
