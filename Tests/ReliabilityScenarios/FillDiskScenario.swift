import Foundation
import FrameDraw
import MovieKitCore

/// Renders into a small, otherwise empty filesystem (the test mounts a tmpfs at `folder`) until it
/// is full, four times: a new MP4, an MP4 replacing an older file, a PNG folder (which uses the
/// hidden-folder fallback), and an MP4 whose frames fit but whose trailer does not. Reports each
/// error and what is left on the filesystem afterwards.
struct FillDiskScenario {
    let folder: URL

    /// Frames that barely compress: a grid of random colours, losslessly encoded (PNG is always lossless).
    static func settings(png: Bool = false) throws -> MovieSettings {
        png
            ? try MovieSettings(width: 256, height: 256, fps: 30)
            : try MovieSettings(width: 256, height: 256, fps: 30, crf: 0, preset: .ultrafast)
    }

    static func drawNoise(_ context: DrawingContext) {
        for y in stride(from: 0, to: 256, by: 8) {
            for x in stride(from: 0, to: 256, by: 8) {
                context.setFillColor(
                    Color(red: .random(in: 0...1), green: .random(in: 0...1), blue: .random(in: 0...1)))
                context.fill(CGRect(x: x, y: y, width: 8, height: 8))
            }
        }
    }

    func run() throws -> [String: Any] {
        let empty = ProcessState.availableBytes(at: folder)
        let newFile = renderUntilFull(folder.appendingPathComponent("new.mp4"), overwrite: false)
        newFile.report["leftAfter"] = contents()
        waitForSpace(empty, outcome: newFile)

        // An older movie that must survive a failed replacement byte for byte.
        let old = folder.appendingPathComponent("old.mp4")
        let oldBytes = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        try oldBytes.write(to: old)
        let withOld = ProcessState.availableBytes(at: folder)
        let overwrite = renderUntilFull(old, overwrite: true)
        overwrite.report["leftAfter"] = contents()
        waitForSpace(withOld, outcome: overwrite)
        overwrite.report["availableBefore"] = withOld
        overwrite.report["oldIntact"] = (try? Data(contentsOf: old)) == oldBytes
        try FileManager.default.removeItem(at: old)

        let pngFolder = renderUntilFull(folder.appendingPathComponent("frames"), overwrite: false, png: true)
        pngFolder.report["leftAfter"] = contents()
        waitForSpace(empty, outcome: pngFolder)

        let duringFinish = try fillDuringFinish()
        duringFinish.report["leftAfter"] = contents()
        waitForSpace(empty, outcome: duringFinish)

        return [
            "capacity": empty,
            "duringFinish": duringFinish.report,
            "newFile": newFile.report,
            "overwrite": overwrite.report,
            "pngFolder": pngFolder.report
        ]
    }

    /// Fills the disk while `finish()` writes the MP4 trailer: the frames fit, the finished file does
    /// not. A first render measures the finished size of a reproducible movie; a filler file then
    /// leaves free only the whole pages below that size. Moving the index (`moov`, over 4 KiB for
    /// 1,500 frames) to the front for fast start is the last thing to need space, so `finish()` fails.
    private func fillDuringFinish() throws -> Outcome {
        let settings = try MovieSettings(width: 32, height: 32, fps: 30, crf: 0, preset: .ultrafast)
        let frames = 1_500
        func render(_ url: URL, _ outcome: Outcome?) throws {
            var generator = SeededGenerator(seed: 42)
            let writer = try MovieWriter(url: url, settings: settings)
            for _ in 0..<frames {
                try writer.addFrame { context in
                    for y in stride(from: 0, to: 32, by: 4) {
                        for x in stride(from: 0, to: 32, by: 4) {
                            context.setFillColor(
                                Color(
                                    red: .random(in: 0...1, using: &generator),
                                    green: .random(in: 0...1, using: &generator), blue: 0.5))
                            context.fill(CGRect(x: x, y: y, width: 4, height: 4))
                        }
                    }
                }
            }
            outcome?.report["failedIn"] = "finish"
            try writer.finish()
            outcome?.report["failedIn"] = "nothing"
        }
        let probe = folder.appendingPathComponent("probe.mp4")
        try render(probe, nil)
        let size = try FileManager.default.attributesOfItem(atPath: probe.path)[.size] as? Int ?? 0
        try FileManager.default.removeItem(at: probe)
        let page = 4096
        let available = ProcessState.availableBytes(at: folder)
        let target = (size - 1) / page * page
        try Data(count: available - target).write(to: folder.appendingPathComponent("filler"))

        let outcome = Outcome()
        let url = folder.appendingPathComponent("finish.mp4")
        outcome.report["destination"] = url.path
        outcome.report["finishedSize"] = size
        outcome.report["availableForIt"] = ProcessState.availableBytes(at: folder)
        outcome.report["failedIn"] = "addFrame"
        outcome.report["frames"] = frames
        do {
            try render(url, outcome)
        } catch {
            outcome.report["errorType"] = "\(type(of: error))"
            outcome.report["error"] = "\(error)"
        }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("filler"))
        return outcome
    }

    /// A reproducible random sequence (SplitMix64), so both renders draw the same frames.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A mutable report, so the caller can add what it sees after the writer is gone.
    final class Outcome {
        var report: [String: Any] = [:]
    }

    /// Adds frames until a call throws (or 5,000 frames, which would mean the disk never filled),
    /// then finishes. Returns where it failed and the error.
    private func renderUntilFull(_ url: URL, overwrite: Bool, png: Bool = false) -> Outcome {
        let outcome = Outcome()
        outcome.report["destination"] = url.path
        var frames = 0
        do {
            let writer = try MovieWriter(url: url, settings: Self.settings(png: png), overwrite: overwrite)
            do {
                while frames < 5_000 {
                    try writer.addFrame { Self.drawNoise($0) }
                    frames += 1
                }
            } catch {
                outcome.report["failedIn"] = "addFrame"
                throw error
            }
            outcome.report["failedIn"] = "finish"
            try writer.finish()
            outcome.report["failedIn"] = "nothing"
        } catch {
            outcome.report["errorType"] = "\(type(of: error))"
            outcome.report["error"] = "\(error)"
        }
        outcome.report["frames"] = frames
        return outcome
    }

    /// Records the free space once it is back to `expected`, and how long that took (at most 10 s).
    /// After a failure the writer's encoder queue finishes the job it is in and then closes its own
    /// handle on the partial file, so the blocks can come back a moment after the error is thrown.
    private func waitForSpace(_ expected: Int, outcome: Outcome) {
        let clock = ContinuousClock()
        let start = clock.now
        var available = ProcessState.availableBytes(at: folder)
        while available != expected, clock.now - start < .seconds(10) {
            Thread.sleep(forTimeInterval: 0.01)
            available = ProcessState.availableBytes(at: folder)
        }
        let waited = (clock.now - start).components
        outcome.report["availableAfter"] = available
        outcome.report["secondsUntilFreed"] = Double(waited.seconds) + Double(waited.attoseconds) / 1e18
    }

    private func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }
}
