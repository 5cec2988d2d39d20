// Renders a three-second animation of a red ball bouncing across a dark gradient.
// Run: swift run BouncingBall [output.mp4]
import Foundation
import FrameDraw
import MovieKitCore

let output = CommandLine.arguments.dropFirst().first ?? "bouncing-ball.mp4"
let settings = try MovieSettings(width: 640, height: 368, fps: 30)

try MovieWriter.render(to: URL(fileURLWithPath: output), settings: settings, frameCount: 90, overwrite: true) { context, frame in
    let t = frame.time
    context.setFillColor(Color(red: 0.06, green: 0.12, blue: 0.25))
    context.fill(context.bounds)

    // The ball: x moves steadily, y follows |sin| like a bounce.
    let radius = 30.0
    let x = 40 + (context.bounds.width - 80) * (t / 3)
    let y = context.bounds.height - radius - 20 - abs(sin(t * 3)) * 220
    context.setFillColor(.red)
    context.fillEllipse(in: CGRect(x: x - radius, y: y - radius, width: radius * 2, height: radius * 2))

    // The floor line.
    context.setStrokeColor(.white)
    context.setLineWidth(4)
    context.move(to: CGPoint(x: 0, y: context.bounds.height - 18))
    context.addLine(to: CGPoint(x: context.bounds.width, y: context.bounds.height - 18))
    context.strokePath()
}
print("Wrote \(output)")
