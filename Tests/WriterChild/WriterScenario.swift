import Foundation
import FrameDraw
import MovieKitCore

#if canImport(Glibc)
    import Glibc
#endif

/// The scenarios `WriterChild` runs, named on its command line. Each renders to the output it is given.
///
/// To add one: add a case, document what it sets up and how the process should end, and handle it in `run(output:)`.
enum WriterScenario: String, CaseIterable {
    /// Limits this process's file size to 4 MB (`RLIMIT_FSIZE`, with `SIGXFSZ` ignored so the write
    /// fails with `EFBIG` instead of killing the process), then renders incompressible noise until a
    /// write fails. Expected: the writer throws, exit status 1.
    case efbig

    /// The scenario ran to the end without meeting the situation it was set up for.
    struct NotReached: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the scenario, writing the movie to `output`.
    /// - Throws: Whatever the writer throws, or `NotReached`.
    func run(output: URL) throws {
        switch self {
        case .efbig:
            try renderPastFileSizeLimit(output: output, limit: 4 << 20)
        }
    }

    private func renderPastFileSizeLimit(output: URL, limit: rlim_t) throws {
        signal(SIGXFSZ, SIG_IGN)
        var fileSize = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &fileSize)
        fileSize.rlim_cur = limit
        guard setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &fileSize) == 0 else {
            throw NotReached(
                description: "setrlimit(RLIMIT_FSIZE, \(limit)) failed: \(String(cString: strerror(errno))).")
        }
        // Noise at CRF 1 compresses badly: roughly 100 KB a frame at 320x240, so the limit falls within a few dozen frames.
        let settings = try MovieSettings(width: 320, height: 240, fps: 30, crf: 1, preset: .ultrafast)
        var generator = SystemRandomNumberGenerator()
        let noise = try (0..<4).map { _ in
            try Image(
                width: 320, height: 240,
                pixels: (0..<(320 * 240)).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &generator) }
            )
        }
        let frames = 1000
        let writer = try MovieWriter(url: output, settings: settings)
        for index in 0..<frames {
            try writer.addImage(noise[index % noise.count], fit: .stretch)
        }
        try writer.finish()
        throw NotReached(
            description: "All \(frames) frames were written without reaching the \(limit)-byte file size limit.")
    }
}
