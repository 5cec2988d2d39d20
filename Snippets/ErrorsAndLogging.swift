// snippet.hide
import Foundation
import FrameDraw
import MovieKitCore

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviekit-snippets")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let settings = try MovieSettings(width: 640, height: 352, fps: 30)
// snippet.show

// snippet.errors
let url = folder.appendingPathComponent("errors.mp4")
try MovieWriter.render(to: url, settings: settings, frameCount: 1, overwrite: true) { _, _ in }
do {
    try MovieWriter.render(to: url, settings: settings, frameCount: 30) { _, _ in }
} catch {
    // The file …/errors.mp4 already exists; pass overwrite: true to replace it, or choose another path.
    print(error)
}
// snippet.end

// snippet.logging
Log.setHandler(level: .info, Log.standardError)  // libav's, x264's, Pango's and MovieKit's messages
Log.setHandler(level: .warning) { message in
    print("[\(message.subsystem)] \(message.text)")
}
let token = Log.addHandler(level: .info) { message in _ = message }  // several listeners can coexist
Log.removeHandler(token)
Log.setHandler(nil)  // quiet again
// snippet.end
