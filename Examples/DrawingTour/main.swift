// Renders one PNG per FrameDraw feature group into a folder
// (default: Sources/FrameDraw/FrameDraw.docc/Resources). These are the pictures of the drawing tour article.
// Run: swift run DrawingTour [output-folder]
import Foundation
import FrameDraw

let folder = URL(
    fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "Sources/FrameDraw/FrameDraw.docc/Resources")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

let size = CGSize(width: 360, height: 200)
let background = Color(red: 0.09, green: 0.10, blue: 0.14)
let label = TextStyle(font: .system(size: 14, weight: .bold), color: Color(white: 0.85))

/// Draws one tour picture and writes it as `name.png`.
func picture(_ name: String, _ draw: (DrawingContext) throws -> Void) throws {
    let image = try Image(size: size) { context in
        context.setFillColor(background)
        context.fill(context.bounds)
        try context.withSavedGState { try draw(context) }
        context.draw(name, at: CGPoint(x: 10, y: 8), style: label)
    }
    try image.write(to: folder.appendingPathComponent("\(name).png"))
    print("Wrote \(name).png")
}

let sunset = try Gradient(
    colors: [try Color(hex: "#FF5E62"), try Color(hex: "#FF9966"), try Color(hex: "#FFD86F")],
    locations: [0, 0.5, 1])

try picture("paths") { c in
    c.setLineWidth(5)
    c.setStrokeColor(.white)
    c.setLineCap(.round)
    c.move(to: CGPoint(x: 20, y: 150))
    c.addCurve(to: CGPoint(x: 170, y: 60), control1: CGPoint(x: 60, y: 20), control2: CGPoint(x: 120, y: 200))
    c.strokePath()
    c.setFillColor(.orange)
    c.addPath(Path.star(center: CGPoint(x: 240, y: 110), outerRadius: 60, innerRadius: 25, points: 5))
    c.fillPath()
    c.setStrokeColor(.cyan)
    c.setLineWidth(3)
    c.setLineDash(phase: 0, lengths: [10, 6])
    c.addPath(try Path(svgPathData: "M300 60 q 40 50 0 100 t 0 20"))
    c.strokePath()
}

try picture("gradients") { c in
    c.saveGState()
    c.clip(to: CGRect(x: 20, y: 35, width: 150, height: 150))
    c.drawLinearGradient(
        sunset, start: CGPoint(x: 20, y: 40), end: CGPoint(x: 170, y: 40),
        options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    c.restoreGState()
    c.saveGState()
    c.clip(to: CGRect(x: 190, y: 35, width: 150, height: 150))
    let radial = Gradient(colors: [.white, .cyan, Color(red: 0, green: 0.2, blue: 0.5)])
    c.drawRadialGradient(
        radial, startCenter: CGPoint(x: 240, y: 90), startRadius: 5,
        endCenter: CGPoint(x: 265, y: 110), endRadius: 75, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    c.restoreGState()
}

try picture("shadows") { c in
    c.setShadow(offset: CGSize(width: 8, height: 8), blur: 12, color: Color(white: 0, alpha: 0.7))
    c.setFillColor(Color(red: 0.3, green: 0.7, blue: 1))
    c.addRoundedRect(CGRect(x: 30, y: 50, width: 120, height: 110), cornerRadius: 18)
    c.fillPath()
    c.setFillColor(.yellow)
    c.fillEllipse(in: CGRect(x: 200, y: 50, width: 110, height: 110))
}

try picture("clipping-and-transforms") { c in
    c.saveGState()
    c.clip(to: Path(ellipseIn: CGRect(x: 20, y: 40, width: 150, height: 150)))
    for i in 0..<12 {
        c.setFillColor(Color(hue: Double(i) / 12, saturation: 0.7, brightness: 1))
        c.fill(CGRect(x: 20 + Double(i) * 13, y: 40, width: 13, height: 150))
    }
    c.restoreGState()
    for i in 0..<8 {
        c.saveGState()
        c.translateBy(x: 265, y: 115)
        c.rotate(by: Double(i) * .pi / 8)
        c.setStrokeColor(Color(hue: Double(i) / 8, saturation: 0.6, brightness: 1))
        c.setLineWidth(2)
        c.stroke(CGRect(x: -45, y: -45, width: 90, height: 90))
        c.restoreGState()
    }
}

try picture("blend-modes") { c in
    let modes: [BlendMode] = [.normal, .multiply, .screen, .difference]
    for (i, mode) in modes.enumerated() {
        let x = 15 + Double(i) * 86
        c.setFillColor(Color(red: 0.2, green: 0.6, blue: 1))
        c.fill(CGRect(x: x, y: 45, width: 50, height: 80))
        c.saveGState()
        c.setBlendMode(mode)
        c.setFillColor(Color(red: 1, green: 0.5, blue: 0.2))
        c.fillEllipse(in: CGRect(x: x + 15, y: 75, width: 60, height: 60))
        c.restoreGState()
        c.draw(mode.rawValue, at: CGPoint(x: x, y: 150), style: TextStyle(font: .system(size: 11), color: .white))
    }
}

try picture("layers") { c in
    // Left: each shape at 50%; right: one transparency layer at 50% with one shadow.
    c.setAlpha(0.5)
    c.setFillColor(.red)
    c.fill(CGRect(x: 20, y: 50, width: 90, height: 90))
    c.setFillColor(.blue)
    c.fill(CGRect(x: 70, y: 90, width: 90, height: 90))
    c.setAlpha(1)
    c.setShadow(offset: CGSize(width: 6, height: 6), blur: 8, color: Color(white: 0, alpha: 0.8))
    c.withTransparencyLayer(alpha: 0.5) {
        c.setFillColor(.red)
        c.fill(CGRect(x: 190, y: 50, width: 90, height: 90))
        c.setFillColor(.blue)
        c.fill(CGRect(x: 240, y: 90, width: 90, height: 90))
    }
}

try picture("images") { c in
    // A procedurally drawn image, drawn three ways.
    let tile = try Image(size: CGSize(width: 40, height: 40)) { t in
        t.setFillColor(Color(red: 0.95, green: 0.8, blue: 0.3))
        t.fill(t.bounds)
        t.setFillColor(Color(red: 0.8, green: 0.3, blue: 0.2))
        t.fillEllipse(in: CGRect(x: 6, y: 6, width: 28, height: 28))
    }
    c.drawTiled(tile, in: CGRect(x: 20, y: 40, width: 120, height: 140))
    let photo = try Image(size: CGSize(width: 160, height: 90)) { p in
        p.drawLinearGradient(sunset, start: .zero, end: CGPoint(x: 160, y: 90), options: [])
        p.setFillColor(.white)
        p.fillEllipse(in: CGRect(x: 60, y: 20, width: 40, height: 40))
    }
    c.draw(photo, in: CGRect(x: 160, y: 40, width: 80, height: 140), fit: .cover)
    c.draw(photo, in: CGRect(x: 255, y: 40, width: 90, height: 140), fit: .contain)
}

try picture("text") { c in
    let title = TextStyle(
        font: Font(family: "DejaVu Serif", size: 30, weight: .bold), color: .white,
        outline: TextOutline(color: Color(red: 0.9, green: 0.3, blue: 0.2), width: 3))
    c.draw("MovieKit", at: CGPoint(x: 20, y: 36), style: title)
    let body = TextStyle(font: .system(size: 13), color: Color(white: 0.9), alignment: .justified, wrapWidth: 200)
    c.draw(
        "Pango lays out text with wrapping, alignment, outlines and shadows, and shapes complex scripts.",
        in: CGRect(x: 20, y: 85, width: 200, height: 100), style: body)
    c.draw("مرحبا بالعالم", at: CGPoint(x: 240, y: 90), style: TextStyle(font: .system(size: 20), color: .yellow))
    c.draw("שלום עולם", at: CGPoint(x: 240, y: 125), style: TextStyle(font: .system(size: 20), color: .cyan))
    try c.draw(
        markup: "<b>bold</b> <i>italic</i>", at: CGPoint(x: 240, y: 160),
        style: TextStyle(font: .system(size: 14), color: .white))
}
