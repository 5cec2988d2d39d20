// snippet.hide
import Foundation
import FrameDraw
import MovieKitCore

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviekit-snippets")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

@Sendable func draw(_ context: DrawingContext, _ frame: FrameTime) {
    context.setFillColor(Color(red: 0.2, green: 0.6, blue: 1, alpha: 0.8))
    context.fillEllipse(in: CGRect(x: 20 + frame.time * 100, y: 20, width: 120, height: 120))
}
// snippet.show

// snippet.settings
let master = try MovieSettings(
    width: 1920, height: 1088, fps: FrameRate(30000, 1001),
    codec: .hevc, bitDepth: .ten, crf: 20, preset: .slow, keyframeInterval: 1,
    metadata: MovieMetadata(title: "Launch", artist: "Studio", creationDate: Date()))
print(master.gopSize)  // frames between keyframes
// snippet.end

// snippet.refused
do {
    _ = try MovieSettings(width: 1920, height: 1080, fps: 30)
} catch {
    print(error)  // Height 1080 is not a multiple of 16; use 1072 or 1088.
}
// snippet.end

// snippet.codecs
let small = try MovieSettings(width: 320, height: 176, fps: 15)
// The container follows the extension; the codec follows the container.
try MovieWriter.render(
    to: folder.appendingPathComponent("loop.gif"), settings: small, frameCount: 30, overwrite: true,
    progress: nil, draw: draw)
// Alpha: VP9 in WebM, ProRes 4444 in QuickTime, or a folder of PNG files.
let withAlpha = try MovieSettings(width: 320, height: 176, fps: 15, codec: .vp9, alpha: true)
try MovieWriter.render(
    to: folder.appendingPathComponent("overlay.webm"), settings: withAlpha, frameCount: 30,
    overwrite: true, progress: nil, draw: draw)
let prores = try MovieSettings(width: 320, height: 176, fps: 15, codec: .prores(.p4444), alpha: true)
try MovieWriter.render(
    to: folder.appendingPathComponent("overlay.mov"), settings: prores, frameCount: 30,
    overwrite: true, progress: nil, draw: draw)
let frames = try MovieSettings(width: 320, height: 176, fps: 15, codec: .png)
try MovieWriter.render(
    to: folder.appendingPathComponent("frames"), settings: frames, frameCount: 5,
    overwrite: true, progress: nil, draw: draw)
// snippet.end

// snippet.gif
let gif = try MovieSettings(
    width: 320, height: 176, fps: 15, codec: .gif, gif: GIFOptions(dither: .bayer, playCount: 1))
// snippet.end
_ = gif
