// A title card: a picture drawn in code, and a title and subtitle that fade in, as a scene.
// Run: swift run TitleCard [output.mp4] [title]
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene

let arguments = Array(CommandLine.arguments.dropFirst())
let output = arguments.first ?? "title-card.mp4"
let title = arguments.dropFirst().first ?? "MovieKit"

// The picture: a sunset made once, up front (a scene never draws it anew per frame).
let sunset = try Image(size: CGSize(width: 320, height: 180)) { context in
    let sky = Gradient(colors: [Color(rgb: 0x2B1055), Color(rgb: 0xD53369), Color(rgb: 0xFFB347)])
    context.drawLinearGradient(sky, start: .zero, end: CGPoint(x: 0, y: 180))
    context.setFillColor(Color(rgb: 0xFFE29A))
    context.fillEllipse(in: CGRect(x: 120, y: 100, width: 80, height: 80))
    context.setFillColor(Color(rgb: 0x1B1B2F))
    context.fill(CGRect(x: 0, y: 140, width: 320, height: 40))
}

let fadeIn = Animated<Double>.tween(from: 0, to: 1, start: 0.3, duration: 0.8, easing: .easeOut)
let scene = Scene(width: 640, height: 368, fps: 30, duration: 3.5, background: Color(rgb: 0x0B0B14)) {
    // The picture zooms out slowly inside a group that rounds its corners and fades it in.
    Layer.group(clipsContent: true) {
        Layer.image(sunset, fit: .cover)
            .size(width: 448, height: 252)
            .scale(.tween(from: 1.15, to: 1, duration: 3.5, easing: .easeOut))
    }
    .size(width: 448, height: 252)
    .position(x: 320, y: 138)
    .cornerRadius(16)
    .opacity(fadeIn)
    Layer.text(.constant(title), style: TextStyle(font: .system(size: 48, weight: .bold)))
        .position(x: 320, y: 300)
        .opacity(.tween(from: 0, to: 1, start: 1.1, duration: 0.7, easing: .ease))
    Layer.text("A scene built in Swift", style: TextStyle(font: .system(size: 18)))
        .fill(Color(rgb: 0xC9C9D9))
        .position(x: 320, y: 343)
        .opacity(.tween(from: 0, to: 1, start: 1.6, duration: 0.7, easing: .ease))
}

try SceneRenderer(scene: scene).render(to: URL(fileURLWithPath: output), overwrite: true)
print("Wrote \(output)")
