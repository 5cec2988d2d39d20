import Foundation
import FrameDraw
import MovieKitScene

/// Fills or strokes the context's current path with a Lottie fill's or stroke's colour or gradient.
struct LottiePaintPainter {
    let context: DrawingContext
    let paint: LottiePaint
    let frame: Double

    var opacity: Double { min(max(paint.opacity.scalar(at: frame, default: 100) / 100, 0), 1) }

    func fill(evenOdd: Bool) {
        let rule: FillRule = evenOdd ? .evenOdd : .winding
        if let gradient = paint.gradient {
            guard let resolved = resolvedGradient(gradient) else { return clear() }
            context.setAlpha(opacity)
            switch resolved.geometry {
            case .linear(let start, let end):
                context.fillPath(with: resolved.gradient, start: start, end: end, using: rule)
            case .radial(let focal, let center, let radius):
                context.fillPath(
                    with: resolved.gradient, startCenter: focal, startRadius: 0, endCenter: center, endRadius: radius,
                    using: rule)
            }
        } else {
            context.setFillColor(paint.color.color(at: frame).withAlphaComponent(opacity))
            context.fillPath(using: rule)
        }
    }

    func stroke(_ stroke: LottieStroke) {
        guard setLineStyle(stroke) > 0 else { return clear() }
        if let gradient = paint.gradient {
            guard let resolved = resolvedGradient(gradient) else { return clear() }
            context.setAlpha(opacity)
            switch resolved.geometry {
            case .linear(let start, let end):
                context.strokePath(with: resolved.gradient, start: start, end: end)
            case .radial(let focal, let center, let radius):
                context.strokePath(
                    with: resolved.gradient, startCenter: focal, startRadius: 0, endCenter: center, endRadius: radius)
            }
        } else {
            context.setStrokeColor(paint.color.color(at: frame).withAlphaComponent(opacity))
            context.strokePath()
        }
    }

    /// Sets the stroke's width, cap, join, miter limit and dashes on the context.
    /// - Returns: The width; 0 when the stroke draws nothing.
    @discardableResult
    func setLineStyle(_ stroke: LottieStroke) -> Double {
        let width = stroke.width.scalar(at: frame)
        guard width > 0 else { return 0 }
        context.setLineWidth(width)
        context.setLineCap(LineCap(stroke.cap))
        context.setLineJoin(LineJoin(stroke.join))
        context.setMiterLimit(stroke.miterLimit)
        var lengths: [Double] = []
        var phase = 0.0
        for dash in stroke.dashes {
            let value = dash.value.scalar(at: frame)
            if dash.kind == "o" { phase = value } else { lengths.append(max(value, 0)) }
        }
        if lengths.count == 1 { lengths.append(lengths[0]) }
        if lengths.contains(where: { $0 > 0 }) { context.setLineDash(phase: phase, lengths: lengths) }
        return width
    }

    private func clear() {
        context.setFillColor(.clear)
        context.fillPath()
    }

    enum GradientGeometry {
        case linear(CGPoint, CGPoint)
        case radial(focal: CGPoint, center: CGPoint, radius: Double)
    }

    private func resolvedGradient(_ gradient: LottieGradient) -> (gradient: Gradient, geometry: GradientGeometry)? {
        guard let stops = gradient.stops.value(at: frame),
            let made = LottieGradientStops.gradient(stops.values, colorCount: gradient.count)
        else { return nil }
        let start = paint.start.point(at: frame)
        let end = paint.end.point(at: frame)
        guard paint.radial else { return (made, .linear(start, end)) }
        let radius = hypot(end.x - start.x, end.y - start.y)
        let highlight = min(max(paint.highlightLength.scalar(at: frame) / 100, -0.99), 0.99)
        let angle = paint.highlightAngle.scalar(at: frame) * .pi / 180 + atan2(end.y - start.y, end.x - start.x)
        let focal = CGPoint(
            x: start.x + cos(angle) * highlight * radius, y: start.y + sin(angle) * highlight * radius)
        return (made, .radial(focal: focal, center: start, radius: radius))
    }
}

/// Turns Lottie's flat gradient list into a FrameDraw gradient.
enum LottieGradientStops {
    /// `values` holds `colorCount` stops of (offset, r, g, b), then optional pairs of (offset, alpha).
    static func gradient(_ values: [Double], colorCount: Int) -> Gradient? {
        let count = min(max(colorCount, 0), values.count / 4)
        guard count > 0 else { return nil }
        var colors: [(Double, Double, Double, Double)] = []
        for index in 0..<count {
            let base = index * 4
            colors.append((values[base], values[base + 1], values[base + 2], values[base + 3]))
        }
        var alphas: [(Double, Double)] = []
        var index = count * 4
        while index + 1 < values.count {
            alphas.append((values[index], values[index + 1]))
            index += 2
        }
        var offsets = colors.map(\.0)
        if !alphas.isEmpty { offsets += alphas.map(\.0) }
        offsets = Array(Set(offsets.map { min(max($0, 0), 1) })).sorted()
        if offsets.count == 1 { offsets.append(offsets[0]) }
        var result: [Color] = []
        for offset in offsets {
            let (r, g, b) = colorAt(offset, colors)
            let a = alphas.isEmpty ? 1 : alphaAt(offset, alphas)
            result.append(Color(red: r, green: g, blue: b, alpha: a))
        }
        return try? Gradient(colors: result, locations: offsets)
    }

    private static func colorAt(_ t: Double, _ stops: [(Double, Double, Double, Double)]) -> (Double, Double, Double) {
        guard let first = stops.first, let last = stops.last else { return (0, 0, 0) }
        if t <= first.0 { return (first.1, first.2, first.3) }
        if t >= last.0 { return (last.1, last.2, last.3) }
        for index in 1..<stops.count where stops[index].0 >= t {
            let a = stops[index - 1]
            let b = stops[index]
            let f = b.0 > a.0 ? (t - a.0) / (b.0 - a.0) : 1
            return (a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f, a.3 + (b.3 - a.3) * f)
        }
        return (last.1, last.2, last.3)
    }

    private static func alphaAt(_ t: Double, _ stops: [(Double, Double)]) -> Double {
        guard let first = stops.first, let last = stops.last else { return 1 }
        if t <= first.0 { return first.1 }
        if t >= last.0 { return last.1 }
        for index in 1..<stops.count where stops[index].0 >= t {
            let a = stops[index - 1]
            let b = stops[index]
            let f = b.0 > a.0 ? (t - a.0) / (b.0 - a.0) : 1
            return a.1 + (b.1 - a.1) * f
        }
        return last.1
    }
}
