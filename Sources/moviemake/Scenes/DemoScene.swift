import Foundation
import FrameDraw

/// The built-in animation that `moviemake demo` renders: a gradient sky, orbiting translucent
/// circles, a spinning shadowed star, a sweeping curve, a title and a running timecode.
struct DemoScene {
    let width: Double
    let height: Double
    private let scale: Double
    private let sky: Gradient
    private let starFill: Gradient
    private let title: TextStyle
    private let timecode: TextStyle

    init(width: Double, height: Double) throws {
        self.width = width
        self.height = height
        scale = min(width / 1280, height / 720)
        sky = try Gradient(
            colors: [try Color(hex: "#102040"), try Color(hex: "#301848"), try Color(hex: "#000000")],
            locations: [0, 0.55, 1])
        starFill = try Gradient(
            colors: [.white, try Color(hex: "#FFD86F"), try Color(hex: "#FF5E62")], locations: [0, 0.4, 1])
        var title = TextStyle(font: .system(size: 64 * scale, weight: .bold), color: .white)
        title.outline = TextOutline(color: Color(white: 0, alpha: 0.6), width: 3 * scale)
        self.title = title
        timecode = TextStyle(
            font: Font(family: "DejaVu Sans Mono", size: 28 * scale), color: Color(white: 1, alpha: 0.8))
    }

    func draw(in context: DrawingContext, time t: Double, duration: Double) {
        context.drawLinearGradient(
            sky, start: .zero, end: CGPoint(x: 0, y: height),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])

        // Orbiting circles.
        for k in 0..<24 {
            let phase = Double(k) / 24
            let x = width / 2 + width * 0.38 * sin(1.1 * t + 2 * .pi * phase)
            let y = height / 2 + height * 0.36 * sin(0.8 * t + 4 * .pi * phase)
            let r = (18 + 10 * sin(t * 2 + Double(k))) * scale
            context.setFillColor(Color(hue: phase, saturation: 0.8, brightness: 1, alpha: 0.7))
            context.fillEllipse(in: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
        }

        // A sweeping white curve.
        context.setStrokeColor(.white)
        context.setLineWidth(6 * scale)
        context.setLineCap(.round)
        context.move(to: CGPoint(x: 100 * scale, y: height - 120 * scale))
        context.addCurve(
            to: CGPoint(x: width - 100 * scale, y: 120 * scale),
            control1: CGPoint(x: width * 0.3, y: 100 * scale + 200 * scale * sin(t)),
            control2: CGPoint(x: width * 0.7, y: height - 100 * scale - 200 * scale * cos(t)))
        context.strokePath()

        // A spinning star with a radial gradient and a soft shadow.
        context.withSavedGState {
            context.translateBy(x: width / 2, y: height / 2)
            context.rotate(by: t * 0.8)
            let radius = 110 * scale * (1 + 0.12 * sin(t * 3))
            context.setShadow(
                offset: CGSize(width: 10 * scale, height: 14 * scale), blur: 18 * scale,
                color: Color(white: 0, alpha: 0.6))
            context.addPath(Path.star(center: .zero, outerRadius: radius, innerRadius: radius * 0.45, points: 5))
            context.fillPath(with: starFill, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: radius)
        }

        // Title and timecode.
        context.draw("MovieKit", at: CGPoint(x: 40 * scale, y: 30 * scale), style: title)
        let seconds = Int(t)
        let frames = Int(((t - Double(seconds)) * 100).rounded(.down))
        context.draw(
            String(format: "%02d:%02d.%02d", seconds / 60, seconds % 60, frames),
            at: CGPoint(x: width - 220 * scale, y: 40 * scale), style: timecode)

        // Progress bar along the bottom.
        let progress = min(max(t / duration, 0), 1)
        context.setFillColor(Color(white: 1, alpha: 0.25))
        context.fill(CGRect(x: 0, y: height - 8 * scale, width: width, height: 8 * scale))
        context.setFillColor(.white)
        context.fill(CGRect(x: 0, y: height - 8 * scale, width: width * progress, height: 8 * scale))
    }
}
