import Foundation
import FrameDraw
import MovieKitCore

/// Renders many tiny frames into one writer and samples the resident set size: after a warm-up it
/// must stay flat, since the writer recycles a fixed ring of frame buffers.
///
/// The movie is Matroska: its muxer keeps an index entry per keyframe only, while MP4's keeps one
/// per frame until it writes the trailer (tens of bytes a frame, megabytes over 100,000 frames),
/// which is the format's cost, not a leak.
struct SoakScenario {
    let folder: URL
    let frames: Int
    /// The container's extension: `mkv` for the test; `mp4` shows the MP4 index's cost.
    var container = "mkv"

    func run() throws -> [String: Any] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("soak.\(container)")
        let settings = try MovieSettings(width: 16, height: 16, fps: 30, preset: .ultrafast)
        let writer = try MovieWriter(url: url, settings: settings, overwrite: true)
        let warmUp = min(frames / 5, 5_000)
        var samples: [Int] = []
        var warmRSS = 0
        let clock = ContinuousClock()
        let start = clock.now
        for n in 0..<frames {
            // A real frame each time: a background that changes colour and a square that moves,
            // drawn, converted to yuv420p and encoded like any other.
            try writer.addFrame { context in
                context.setFillColor(Color(red: Double(n % 256) / 255, green: Double((n / 256) % 256) / 255, blue: 0.4))
                context.fill(context.bounds)
                context.setFillColor(.white)
                context.fill(CGRect(x: Double(n % 12), y: Double((n / 12) % 12), width: 4, height: 4))
            }
            if n + 1 == warmUp { warmRSS = ProcessState.residentBytes() }
            if (n + 1) % max(1, frames / 20) == 0 { samples.append(ProcessState.residentBytes()) }
        }
        let endRSS = ProcessState.residentBytes()
        try writer.finish()
        let elapsed = (clock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        return [
            "frames": frames,
            "warmUpFrames": warmUp,
            "warmRSS": warmRSS,
            "endRSS": endRSS,
            "samples": samples,
            "seconds": seconds,
            "path": url.path,
            "sanitizer": ProcessState.sanitizer ?? "none"
        ]
    }
}
