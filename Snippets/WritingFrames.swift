// snippet.hide
import Foundation
import FrameDraw
import MovieKitCore

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviekit-snippets")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
// snippet.show

// snippet.addFrame
let settings = try MovieSettings(width: 1280, height: 720, fps: 30)  // or fps: FrameRate(30000, 1001)
let writer = try MovieWriter(url: folder.appendingPathComponent("ball.mp4"), settings: settings, overwrite: true)
for i in 0..<90 {
    try writer.addFrame { context in  // origin top-left, y grows down
        context.setFillColor(.black)
        context.fill(context.bounds)
        context.setFillColor(Color(red: 1, green: 0, blue: 0))
        context.fillEllipse(in: CGRect(x: Double(i) * 10, y: 100, width: 80, height: 80))
    }
}
try writer.finish()
print(writer.statistics)  // 90 frames (0 repeated); ms per frame: drawing …, waiting for encoder …
// snippet.end

// snippet.render
try MovieWriter.render(
    to: folder.appendingPathComponent("spin.mp4"), settings: settings, frameCount: 300, overwrite: true,
    progress: { step in if step.isComplete { print("done: \(step.totalFrames) frames") } }
) { context, frame in
    // frame.index counts from 0; frame.time is exactly index / fps seconds.
    context.translateBy(x: 640, y: 360)
    context.rotate(by: frame.time)
    context.setFillColor(.white)
    context.fill(CGRect(x: -50, y: -50, width: 100, height: 100))
}
// snippet.end

// snippet.stills
let still = try MovieWriter(url: folder.appendingPathComponent("title.mp4"), settings: settings, overwrite: true)
try still.addFrame { context in
    context.draw("Chapter one", at: CGPoint(x: 100, y: 300), style: TextStyle(font: .system(size: 72), color: .white))
}
try still.repeatPreviousFrame(count: 89)  // three seconds of the same picture, encoded cheaply
let badge = try Image(size: CGSize(width: 320, height: 320)) { context in
    context.setFillColor(.orange)
    context.fillEllipse(in: context.bounds)
}
try still.addImage(badge, fit: .contain)
try still.finish()
// snippet.end
