import Foundation
import FrameDraw
import MovieKitCore

/// Renders under a 4 MB file-size limit (RLIMIT_FSIZE, with SIGXFSZ ignored so the write fails with
/// EFBIG instead of killing the process). Both are process-wide, so this runs in its own process:
/// in the test runner they would also cut short other tests' files and the children they start.
struct FileSizeLimitScenario {
    let folder: URL

    func run() throws -> [String: Any] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("efbig.mp4")
        // Noise compresses badly, so a few frames exceed the limit.
        let settings = try MovieSettings(width: 320, height: 240, fps: 30, crf: 1, preset: .ultrafast)
        var generator = SystemRandomNumberGenerator()
        let noise = try (0..<4).map { _ in
            try Image(
                width: 320, height: 240,
                pixels: (0..<(320 * 240)).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &generator) }
            )
        }
        signal(SIGXFSZ, SIG_IGN)
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        limit.rlim_cur = 4 << 20
        setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)

        var report: [String: Any] = ["destination": url.path]
        do {
            let writer = try MovieWriter(url: url, settings: settings)
            for i in 0..<120 { try writer.addImage(noise[i % 4], fit: .stretch) }
            try writer.finish()
        } catch {
            report["errorType"] = "\(type(of: error))"
            report["error"] = "\(error)"
        }
        report["left"] = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return report
    }
}
