// snippet.hide
import Foundation
import FrameDraw
import MovieKitCore

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviekit-snippets/chunks")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

@Sendable func draw(_ context: DrawingContext, _ frame: FrameTime) {
    context.setFillColor(Color(hue: frame.time / 10, saturation: 0.7, brightness: 0.9))
    context.fill(context.bounds)
}
// snippet.show

// snippet.chunks
let settings = try MovieSettings(width: 640, height: 352, fps: 30, keyframeInterval: 1)
let frameCount = 300
let plan = try ChunkPlan(frameCount: frameCount, settings: settings, chunkCount: 4)
// Each worker renders one range: here all four, one after another. A worker of a job array
// would take its index from ChunkPlan.indexFromEnvironment(ProcessInfo.processInfo.environment).
var parts: [URL] = []
for (index, frames) in plan.ranges.enumerated() {
    let chunk = ChunkIdentity(frames: frames, totalFrames: frameCount, settings: settings, movie: "colour wheel v1")
    let part = folder.appendingPathComponent("part-\(index).mp4")
    let writer = try MovieWriter(url: part, settings: settings, chunk: chunk, overwrite: true)
    try writer.render(frameCount: frames.count, draw: draw)  // frame times are the whole movie's
    parts.append(part)
}
try MovieChunks.join(parts: parts, to: folder.appendingPathComponent("movie.mp4"), overwrite: true)
// snippet.end
