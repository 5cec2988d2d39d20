// snippet.hide
import Foundation
import FrameDraw
import MovieKitCore

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviekit-snippets")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let settings = try MovieSettings(width: 640, height: 352, fps: 30)
let url = folder.appendingPathComponent("parallel.mp4")

@Sendable func drawCircles(_ context: DrawingContext, _ frame: FrameTime) {
    context.setFillColor(.black)
    context.fill(context.bounds)
    for k in 0..<40 {
        let x = 320 + 250 * sin(1.3 * frame.time + 0.7 * Double(k))
        let y = 176 + 140 * sin(0.9 * frame.time + 1.1 * Double(k))
        context.setFillColor(Color(hue: Double(k) / 40, saturation: 0.8, brightness: 1, alpha: 0.6))
        context.fillEllipse(in: CGRect(x: x - 15, y: y - 15, width: 30, height: 30))
    }
}
// snippet.show

// snippet.parallel
try MovieWriter.render(to: url, settings: settings, frameCount: 300, overwrite: true, concurrency: .automatic) {
    @Sendable context, frame in
    drawCircles(context, frame)  // depends only on frame: any thread may draw it
}
// snippet.end

// snippet.cancel
let writer = try MovieWriter(url: url, settings: settings, overwrite: true, concurrency: .fixed(2))
let cancelLater = Thread {
    Thread.sleep(forTimeInterval: 0.2)
    writer.cancel()  // from any thread: drawing stops, the unfinished file is discarded
}
cancelLater.start()
do {
    try writer.render(frameCount: 100_000) { @Sendable context, frame in drawCircles(context, frame) }
} catch {
    print(error)  // The render of …/parallel.mp4 was cancelled; no file was written.
}
// snippet.end

// snippet.async
let render = Task {
    try await MovieWriter.render(to: url, settings: settings, frameCount: 100_000, overwrite: true) {
        @Sendable context, frame in drawCircles(context, frame)
    }
}
try await Task.sleep(for: .milliseconds(200))
render.cancel()  // cancelling the task cancels the render
if case .failure(let error) = await render.result {
    print("stopped: \(error)")
}
// snippet.end

// snippet.updates
let updates = MovieWriter.renderUpdates(to: url, settings: settings, frameCount: 90, overwrite: true, draw: drawCircles)
for try await step in updates {
    print("\(Int(step.fractionCompleted * 100)) %")
}
// snippet.end
