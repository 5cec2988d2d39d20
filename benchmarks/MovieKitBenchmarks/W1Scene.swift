import Foundation
import FrameDraw

/// The W1 "animation" scene of benchmarks/README.md: a gradient background, 40 translucent circles,
/// a white Bézier curve and a frame counter.
///
/// The scene is specified at 1280x720. At other sizes (W3 uses 1920x1088) every position is scaled
/// proportionally (x by width/1280, y by height/720), and lengths (radius, line width, font size)
/// by the smaller of the two factors, so each size shows the same picture.
struct W1Scene {
    /// The frame size the scene is specified at.
    static let referenceWidth = 1280.0
    static let referenceHeight = 720.0

    let width: Int
    let height: Int
    /// Whether every circle is drawn with a blurred drop shadow (the "W1-shadow" variant: heavy drawing).
    let shadowed: Bool

    private let background: Gradient
    private let textStyle: TextStyle
    private let scaleX: Double
    private let scaleY: Double
    private let scale: Double

    /// Prepares the scene's resources once: the gradient and the text style.
    init(width: Int, height: Int, shadowed: Bool = false) throws {
        self.width = width
        self.height = height
        self.shadowed = shadowed
        scaleX = Double(width) / Self.referenceWidth
        scaleY = Double(height) / Self.referenceHeight
        scale = min(scaleX, scaleY)
        background = Gradient(colors: [Color(rgb: 0x102040), Color(rgb: 0x000000)])
        textStyle = TextStyle(font: .system(size: 48 * scale), color: .white)
    }

    /// Draws frame `frame` (t = frame / 30 s).
    func draw(context: DrawingContext, frame: Int) {
        let t = Double(frame) / 30

        // 1. Background: vertical gradient #102040 (top) to #000000 (bottom).
        context.drawLinearGradient(
            background,
            start: CGPoint(x: 0, y: 0),
            end: CGPoint(x: 0, y: Double(height)),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        )

        // 2. 40 circles of radius 30, HSV(k/40, 0.8, 1) at alpha 0.6.
        let radius = 30 * scale
        context.saveGState()
        if shadowed {
            context.setShadow(offset: CGSize(width: 6, height: 6), blur: 10, color: Color(white: 0, alpha: 0.5))
        }
        for k in 0..<40 {
            let phase = Double(k)
            let x = (640 + 500 * sin(1.3 * t + 0.7 * phase)) * scaleX
            let y = (360 + 280 * sin(0.9 * t + 1.1 * phase)) * scaleY
            context.setFillColor(Color(hue: phase / 40, saturation: 0.8, brightness: 1, alpha: 0.6))
            context.fillEllipse(in: CGRect(x: x - radius, y: y - radius, width: 2 * radius, height: 2 * radius))
        }
        context.restoreGState()

        // 3. White cubic Bézier, 6 px wide, round caps.
        context.move(to: point(100, 600))
        context.addCurve(
            to: point(1180, 120),
            control1: point(400, 100 + 200 * sin(t)),
            control2: point(880, 620 - 200 * cos(t))
        )
        context.setStrokeColor(.white)
        context.setLineWidth(6 * scale)
        context.setLineCap(.round)
        context.strokePath()

        // 4. "Frame i", DejaVu Sans 48 px, white, baseline at (40, 80).
        context.draw("Frame \(frame)", baselineAt: point(40, 80), style: textStyle)
    }

    /// A point given in the 1280x720 reference frame, scaled to this size.
    private func point(_ x: Double, _ y: Double) -> CGPoint {
        CGPoint(x: x * scaleX, y: y * scaleY)
    }
}

/// Draws W1 frame `frame` at `width`x`height` (see `W1Scene`; positions scale proportionally at other sizes).
/// Builds the scene's gradient each call; loops should keep one `W1Scene` instead.
func drawW1(context: DrawingContext, frame: Int, width: Int, height: Int) throws {
    try W1Scene(width: width, height: height).draw(context: context, frame: frame)
}
