import Foundation
import FrameDraw
import MovieKitCore

// Three seconds at 30 fps: an orange ball rolls across a dark frame under a title.
let url = FileManager.default.temporaryDirectory.appendingPathComponent("hello.mp4")
let settings = try MovieSettings(width: 1280, height: 720, fps: 30)
let title = TextStyle(font: .system(size: 64, weight: .bold), color: .white)

try MovieWriter.render(to: url, settings: settings, frameCount: 90, overwrite: true) { context, frame in
    context.setFillColor(Color(red: 0.06, green: 0.08, blue: 0.16))
    context.fill(context.bounds)
    context.draw("Hello, MovieKit", at: CGPoint(x: 80, y: 80), style: title)
    context.setFillColor(.orange)
    context.fillEllipse(in: CGRect(x: 80 + frame.time * 350, y: 400, width: 160, height: 160))
}
print("Wrote \(url.path)")
