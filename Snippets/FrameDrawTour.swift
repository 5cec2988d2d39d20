// snippet.hide
import Foundation
import FrameDraw

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviekit-snippets/tour")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

/// Draws one picture on a dark 360 × 200 canvas and writes it as `name.png`.
func picture(_ name: String, _ draw: (DrawingContext) throws -> Void) throws {
    let image = try Image(size: CGSize(width: 360, height: 200)) { context in
        context.setFillColor(Color(red: 0.09, green: 0.10, blue: 0.14))
        context.fill(context.bounds)
        try context.withSavedGState { try draw(context) }
    }
    try image.write(to: folder.appendingPathComponent("\(name).png"))
}
let photoURL = folder.appendingPathComponent("photo.png")
try Image(size: CGSize(width: 640, height: 360)) { p in
    p.setFillColor(.orange)
    p.fill(p.bounds)
}.write(to: photoURL)
let url = photoURL
let longText = "Pango lays out text with wrapping, alignment, outlines and shadows, and shapes complex scripts."

try picture("paths") { context in
    // snippet.show
    // snippet.paths
    context.setLineWidth(5)
    context.setStrokeColor(.white)
    context.setLineCap(.round)
    context.move(to: CGPoint(x: 20, y: 150))
    context.addCurve(to: CGPoint(x: 170, y: 60), control1: CGPoint(x: 60, y: 20), control2: CGPoint(x: 120, y: 200))
    context.strokePath()
    context.setFillColor(.orange)
    context.addPath(Path.star(center: CGPoint(x: 240, y: 110), outerRadius: 60, innerRadius: 25, points: 5))
    context.fillPath()  // or fillPath(using: .evenOdd), drawPath(using: .fillStroke)
    context.setLineDash(phase: 0, lengths: [10, 6])
    context.addPath(try Path(svgPathData: "M300 60 q 40 50 0 100 t 0 20"))
    context.strokePath()
    // snippet.end
    // snippet.hide
}

try picture("gradients") { context in
    let a = CGPoint(x: 20, y: 40)
    let b = CGPoint(x: 170, y: 40)
    let c = CGPoint(x: 265, y: 110)
    let rect = CGRect(x: 20, y: 60, width: 150, height: 100)
    let glow = Gradient(colors: [.white, .cyan, Color(red: 0, green: 0.2, blue: 0.5)])
    // snippet.show
    // snippet.gradients
    let sunset = Gradient(colors: [Color(rgb: 0xFF5E62), Color(rgb: 0xFF9966), Color(rgb: 0xFFD970)])
    context.withSavedGState {
        context.clip(to: CGRect(x: 20, y: 35, width: 150, height: 40))  // a gradient paints the current clip
        context.drawLinearGradient(
            sunset, start: a, end: b,
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
    }
    context.drawRadialGradient(glow, startCenter: c, startRadius: 5, endCenter: c, endRadius: 75, options: [])
    context.addRoundedRect(rect, cornerRadius: 12)
    // A gradient as a fill:
    context.fillPath(with: sunset, start: rect.origin, end: CGPoint(x: rect.maxX, y: rect.maxY))
    // snippet.end
    // snippet.hide
}

try picture("shadows") { context in
    // snippet.show
    // snippet.shadows
    context.setShadow(offset: CGSize(width: 8, height: 8), blur: 12, color: Color(white: 0, alpha: 0.7))
    context.setFillColor(Color(red: 0.3, green: 0.7, blue: 1))
    context.addRoundedRect(CGRect(x: 30, y: 50, width: 120, height: 110), cornerRadius: 18)
    context.fillPath()
    // snippet.end
    // snippet.hide
}

try picture("clipping-and-transforms") { context in
    // snippet.show
    // snippet.clipping
    context.saveGState()
    // Also clip(to: rect) and clip(using: .evenOdd):
    context.clip(to: Path(ellipseIn: CGRect(x: 20, y: 40, width: 150, height: 150)))
    for i in 0..<12 {
        context.setFillColor(Color(hue: Double(i) / 12, saturation: 0.7, brightness: 1))
        context.fill(CGRect(x: 20 + Double(i) * 13, y: 40, width: 13, height: 150))
    }
    context.restoreGState()  // the clip ends with the saved state
    context.translateBy(x: 265, y: 115)
    context.rotate(by: .pi / 8)
    context.setStrokeColor(.white)
    context.stroke(CGRect(x: -45, y: -45, width: 90, height: 90))
    // snippet.end
    // snippet.hide
}

try picture("blend-modes") { context in
    // snippet.show
    // snippet.blendModes
    context.setFillColor(Color(red: 0.2, green: 0.6, blue: 1))
    context.fill(CGRect(x: 20, y: 45, width: 50, height: 80))
    context.setBlendMode(.multiply)  // Core Graphics' names, each a Cairo operator
    context.setFillColor(Color(red: 1, green: 0.5, blue: 0.2))
    context.fillEllipse(in: CGRect(x: 35, y: 75, width: 60, height: 60))
    // snippet.end
    // snippet.hide
}

try picture("layers") { context in
    let redSquare = CGRect(x: 190, y: 50, width: 90, height: 90)
    let blueSquare = CGRect(x: 240, y: 90, width: 90, height: 90)
    // snippet.show
    // snippet.layers
    context.setShadow(offset: CGSize(width: 6, height: 6), blur: 8)
    context.withTransparencyLayer(alpha: 0.5) {  // or beginTransparencyLayer(alpha:) … endTransparencyLayer()
        context.setFillColor(.red)
        context.fill(redSquare)
        context.setFillColor(.blue)
        context.fill(blueSquare)
    }
    // snippet.end
    // snippet.hide
}

try picture("raster") { context in
    let bounds = CGRect(x: 0, y: 0, width: 200, height: 120)
    func drawBackdrop(_ layer: DrawingContext) {
        layer.setFillColor(.purple)
        layer.fillEllipse(in: bounds)
    }
    // snippet.show
    // snippet.raster
    let raster = try context.rasterize(in: bounds) { layer in drawBackdrop(layer) }  // a DeviceRaster
    if !context.draw(raster, alpha: 0.8) { drawBackdrop(context) }  // false: another transform or surface size
    // snippet.end
    // snippet.hide
}

try picture("images") { context in
    let frame = CGRect(x: 160, y: 40, width: 80, height: 140)
    let rect = CGRect(x: 20, y: 40, width: 120, height: 140)
    let tile = try Image(size: CGSize(width: 40, height: 40)) { $0.fillEllipse(in: $0.bounds) }
    // snippet.show
    // snippet.images
    let photo = try Image(contentsOf: url, maxPixelSize: 2048)  // upright, at most 2048 px on its longest side
    let options = ImageLoadingOptions(maximumPixelCount: 400_000_000, maxPixelSize: 4096)
    let scan = try Image(contentsOf: url, options: options)  // a trusted scan of up to 400 megapixels
    context.draw(photo, in: frame, fit: .cover)  // .stretch, .contain, .cover, .center
    context.draw(scan, at: CGPoint(x: 10, y: 10))
    context.drawTiled(tile, in: rect)
    let thumb = try photo.resized(to: CGSize(width: 320, height: 180))
        .cropped(to: CGRect(x: 0, y: 0, width: 160, height: 180))
    let badge = try Image(size: CGSize(width: 64, height: 64)) { c in c.fillEllipse(in: c.bounds) }  // off screen
    try badge.write(to: folder.appendingPathComponent("badge.png"))  // or pngData()
    // snippet.end
    _ = thumb
    // snippet.hide
}

try picture("text") { context in
    let rect = CGRect(x: 20, y: 85, width: 200, height: 100)
    let point = CGPoint(x: 240, y: 160)
    // snippet.show
    // snippet.text
    var style = TextStyle(font: .system(size: 48), color: .white)  // Font(family:size:weight:italic:)
    style.outline = TextOutline(color: .black, width: 4)
    style.shadow = Shadow(offset: CGSize(width: 2, height: 2), blur: 4, color: .black)
    context.draw("Frame 12", at: CGPoint(x: 40, y: 20), style: style)  // top-left of the layout box
    context.draw("Frame 12", baselineAt: CGPoint(x: 40, y: 80), style: style)  // place by the first baseline
    context.draw(longText, in: rect, style: TextStyle(alignment: .justified, maximumLines: 3))
    try context.draw(markup: "<b>bold</b> and <i>italic</i>", at: point, style: style)
    let size = style.measure("Frame 12", width: nil)  // no context needed
    let metrics = style.metrics(for: "Frame 12")  // size, firstBaseline, lineCount
    // snippet.end
    _ = (size, metrics)
    // snippet.hide
}

try picture("trimming") { context in
    let signature = try Path(svgPathData: "M20 150 C 60 20, 120 200, 170 60 S 260 40, 330 150")
    let time = 1.2
    // snippet.show
    // snippet.trimming
    let progress = min(1, max(0, time / 2))
    context.setStrokeColor(.white)
    context.setLineWidth(4)
    context.addPath(signature.trimmed(from: 0, to: progress))  // the signature writes itself in 2 s
    context.strokePath()
    print(signature.length)  // the arc length, in points
    // snippet.end
    // snippet.hide
}
