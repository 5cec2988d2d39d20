import Foundation
import FrameDraw
import MovieKitScene

/// Draws levels (0…1) as bars, mirrored bars or a circle of bars, and waveforms and spectra as lines.
enum SoundPainter {
    /// The context, with its state saved and the layer's opacity set, and the bounds; `nil` when
    /// there is nothing to draw (no values, or bounds without area). The caller restores the state.
    private static func begin(_ drawing: ContentDrawing, count: Int) -> (DrawingContext, CGRect)? {
        let bounds = drawing.bounds
        guard count > 0, bounds.width > 0, bounds.height > 0 else { return nil }
        let context = drawing.context
        context.saveGState()
        context.setAlpha(drawing.opacity)
        return (context, bounds)
    }

    static func drawBars(_ values: [Double], look: SoundLook, in drawing: ContentDrawing) {
        guard let (context, bounds) = begin(drawing, count: values.count) else { return }
        defer { context.restoreGState() }
        context.setFillColor(look.color)
        let fill = min(max(look.barFill, 0.05), 1)
        if look.style == .circle {
            let center = CGPoint(x: bounds.midX, y: bounds.midY)
            let side = min(bounds.width, bounds.height)
            let radius = side * 0.3
            let width = max(1, 2 * Double.pi * radius / Double(values.count) * fill)
            for (index, value) in values.enumerated() {
                let angle = 2 * Double.pi * Double(index) / Double(values.count) - Double.pi / 2
                let length = max(width, value * side * 0.2)
                context.saveGState()
                context.translateBy(x: center.x, y: center.y)
                context.rotate(by: angle)
                context.addRoundedRect(
                    CGRect(x: radius, y: -width / 2, width: length, height: width), cornerRadius: width / 2)
                context.fillPath()
                context.restoreGState()
            }
            return
        }
        let slot = bounds.width / Double(values.count)
        let width = max(1, slot * fill)
        for (index, value) in values.enumerated() {
            let x = bounds.minX + slot * Double(index) + (slot - width) / 2
            let level = min(max(value, 0), 1)
            // A silent bar still shows as a dot, so the row of bars is visible before the sound starts.
            let height = max(width, level * bounds.height)
            let rect =
                look.style == .mirrored
                ? CGRect(x: x, y: bounds.midY - height / 2, width: width, height: height)
                : CGRect(x: x, y: bounds.maxY - height, width: width, height: height)
            context.addRoundedRect(rect, cornerRadius: width / 2)
        }
        context.fillPath()
    }

    static func drawWaveformLine(_ points: [(low: Double, high: Double)], look: SoundLook, in drawing: ContentDrawing) {
        guard let (context, bounds) = begin(drawing, count: points.count) else { return }
        defer { context.restoreGState() }
        context.setFillColor(look.color)
        let slot = bounds.width / Double(points.count)
        let thickness = max(1, bounds.height * 0.01)
        for (index, point) in points.enumerated() {
            let top = bounds.midY - min(max(point.high, -1), 1) * bounds.height / 2
            let bottom = bounds.midY - min(max(point.low, -1), 1) * bounds.height / 2
            context.addRect(
                CGRect(
                    x: bounds.minX + slot * Double(index), y: top - thickness / 2, width: slot,
                    height: bottom - top + thickness))
        }
        context.fillPath()
    }

    static func drawSpectrumLine(_ values: [Double], look: SoundLook, in drawing: ContentDrawing) {
        guard let (context, bounds) = begin(drawing, count: values.count) else { return }
        defer { context.restoreGState() }
        context.setStrokeColor(look.color)
        context.setLineWidth(max(1, bounds.height * 0.02))
        context.setLineJoin(.round)
        context.setLineCap(.round)
        let step = values.count > 1 ? bounds.width / Double(values.count - 1) : 0
        let points = values.enumerated().map { index, value in
            CGPoint(x: bounds.minX + step * Double(index), y: bounds.maxY - min(max(value, 0), 1) * bounds.height)
        }
        context.addLines(between: points.count == 1 ? [points[0], CGPoint(x: bounds.maxX, y: points[0].y)] : points)
        context.strokePath()
    }
}
