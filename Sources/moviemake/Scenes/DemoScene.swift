import Foundation
import FrameDraw

/// The built-in animation that `moviemake demo` renders: orbiting translucent circles, a
/// pulsing star-like polygon and a sweeping curve, all from code.
struct DemoScene {
    let width: Double
    let height: Double

    init(width: Double, height: Double) throws {
        self.width = width
        self.height = height
    }

    func draw(in context: DrawingContext, time t: Double, duration: Double) {
        let scale = min(width / 1280, height / 720)
        // Background: deep blue.
        context.setFillColor(Color(red: 0.06, green: 0.12, blue: 0.25))
        context.fill(context.bounds)

        // Orbiting circles.
        for k in 0..<24 {
            let phase = Double(k) / 24
            let x = width / 2 + width * 0.38 * sin(1.1 * t + 6.283 * phase)
            let y = height / 2 + height * 0.36 * sin(0.8 * t + 2 * 6.283 * phase)
            let r = (18 + 10 * sin(t * 2 + Double(k))) * scale
            context.setFillColor(Color(hue: phase, saturation: 0.8, brightness: 1, alpha: 0.7))
            context.fillEllipse(in: CGRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
        }

        // A rotating square in the middle.
        context.saveGState()
        context.translateBy(x: width / 2, y: height / 2)
        context.rotate(by: t * 0.8)
        let side = 120 * scale * (1 + 0.15 * sin(t * 3))
        context.setFillColor(Color(white: 1, alpha: 0.85))
        context.fill(CGRect(x: -side / 2, y: -side / 2, width: side, height: side))
        context.restoreGState()

        // A sweeping white curve.
        context.setStrokeColor(.white)
        context.setLineWidth(6 * scale)
        context.move(to: CGPoint(x: 100 * scale, y: height - 120 * scale))
        context.addCurve(
            to: CGPoint(x: width - 100 * scale, y: 120 * scale),
            control1: CGPoint(x: width * 0.3, y: 100 * scale + 200 * scale * sin(t)),
            control2: CGPoint(x: width * 0.7, y: height - 100 * scale - 200 * scale * cos(t)))
        context.strokePath()

        // Progress bar along the bottom.
        let progress = min(max(t / duration, 0), 1)
        context.setFillColor(Color(white: 1, alpha: 0.25))
        context.fill(CGRect(x: 0, y: height - 8 * scale, width: width, height: 8 * scale))
        context.setFillColor(.white)
        context.fill(CGRect(x: 0, y: height - 8 * scale, width: width * progress, height: 8 * scale))
    }
}
