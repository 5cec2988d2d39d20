// Writes an SVG signature on stroke by stroke with Path.trimmed(from:to:), then underlines it.
// Run: swift run SignatureReveal [output.mp4]
import Foundation
import FrameDraw
import MovieKitCore

let output = CommandLine.arguments.dropFirst().first ?? "signature.mp4"
let settings = try MovieSettings(width: 640, height: 272, fps: 30)

// A signature as SVG path data, as exported by a drawing program.
let signature = try Path(
    svgPathData: """
        M 90 170 C 110 80, 150 70, 150 130 C 150 190, 110 200, 120 150 C 130 100, 190 90, 200 150
        C 205 185, 230 185, 240 140 C 250 100, 265 110, 262 150 C 260 180, 290 180, 300 130
        C 310 90, 330 100, 326 145 C 322 185, 360 180, 372 135 C 380 105, 400 110, 398 150
        C 396 185, 430 175, 440 130 C 450 95, 470 105, 466 150 C 463 185, 510 170, 550 120
        """)
let underline = try Path(svgPathData: "M 100 215 C 250 200, 420 200, 560 210")

// How much of each path is drawn: the pen slows into and out of the signature.
let writing = Tween(from: 0.0, to: 1.0, duration: 2, easing: .easeInOut).delay(0.2)
let underlining = Tween(from: 0.0, to: 1.0, duration: 0.6, easing: .easeOutQuad).delay(2.2)

try MovieWriter.render(to: URL(fileURLWithPath: output), settings: settings, frameCount: 90, overwrite: true) {
    context, frame in
    context.setFillColor(try Color(hex: "#FAF7F0"))
    context.fill(context.bounds)
    context.setLineCap(.round)
    context.setLineJoin(.round)

    context.setStrokeColor(try Color(hex: "#1B2A49"))
    context.setLineWidth(5)
    context.addPath(signature.trimmed(from: 0, to: writing.value(at: frame.time)))
    context.strokePath()

    context.setStrokeColor(try Color(hex: "#C8553D"))
    context.setLineWidth(4)
    context.addPath(underline.trimmed(from: 0, to: underlining.value(at: frame.time)))
    context.strokePath()
}
print("Wrote \(output)")
