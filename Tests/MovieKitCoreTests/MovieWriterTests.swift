import Foundation
import FrameDraw
import TestSupport
import Testing

@testable import MovieKitCore

@Suite("MovieWriter end to end")
struct MovieWriterTests {
    /// Draws a 64x64 red square at the top-left of a black frame.
    static func drawRedSquare(_ context: DrawingContext) {
        context.setFillColor(Color(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
    }

    @Test func encodesH264HighYUV420pMP4WithExactTiming() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("out.mp4")
        let settings = try MovieSettings(width: 320, height: 240, fps: 30)
        let writer = try MovieWriter(url: url, settings: settings)
        for i in 0..<45 {
            try writer.addFrame { context in
                context.setFillColor(.white)
                context.fillEllipse(in: CGRect(x: Double(i) * 4, y: 100, width: 40, height: 40))
            }
        }
        try writer.finish()

        let probe = try MovieProbe(url: url)
        #expect(probe.codecName == "h264")
        #expect(probe.isHighProfile)
        #expect(probe.pixelFormat == "yuv420p")
        #expect(probe.width == 320 && probe.height == 240)
        #expect(probe.frames.count == 45)
        #expect(probe.streamDuration == 1.5)
        #expect(probe.containerDuration == 1.5)
        #expect(probe.frameRate == (30, 1))
        #expect(probe.colorPrimaries == "bt709")
        #expect(probe.colorTransfer == "bt709")
        #expect(probe.colorSpace == "bt709")
        #expect(probe.colorRange == "tv")
        let boxes = try topLevelBoxes(of: url)
        let moov = try #require(boxes.firstIndex(of: "moov"))
        let mdat = try #require(boxes.firstIndex(of: "mdat"))
        #expect(moov < mdat, "faststart puts moov before mdat: \(boxes)")
        // Frame n is presented at n/fps: presentation timestamps are evenly spaced from 0.
        let pts = probe.frames.map(\.pts)
        #expect(pts.first == 0)
        let steps = Set(zip(pts.dropFirst(), pts).map { $0 - $1 })
        #expect(steps.count == 1)
        try expectFFprobeReads(url, frames: 45, duration: "1.500000")
    }

    @Test func topLeftOriginAndBT709Colours() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("colour.mp4")
        let settings = try MovieSettings(width: 256, height: 144, fps: 25)
        try MovieWriter.render(to: url, settings: settings, frameCount: 3) { context, _ in
            Self.drawRedSquare(context)
            context.setFillColor(Color(red: 0, green: 0, blue: 1))
            context.fill(CGRect(x: 192, y: 0, width: 64, height: 48))
        }
        let probe = try MovieProbe(url: url)
        let frame = try #require(probe.frames.first)
        let red = frame.pixel(x: 20, y: 20)
        #expect(abs(red.r - 255) <= 8 && red.g <= 8 && red.b <= 8, "top-left is red, got \(red)")
        let blue = frame.pixel(x: 230, y: 20)
        #expect(blue.r <= 8 && blue.g <= 8 && abs(blue.b - 255) <= 8, "top-right is blue, got \(blue)")
        let black = frame.pixel(x: 240, y: 130)
        #expect(black.r <= 8 && black.g <= 8 && black.b <= 8, "bottom-right is black, got \(black)")
    }

    @Test func rationalFrameRateGivesExactDuration() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("ntsc.mp4")
        let settings = try MovieSettings(width: 64, height: 64, fps: FrameRate(30000, 1001))
        try MovieWriter.render(to: url, settings: settings, frameCount: 60) { context, _ in
            context.setFillColor(.gray)
            context.fill(context.bounds)
        }
        let probe = try MovieProbe(url: url, keepPixels: false)
        #expect(probe.frames.count == 60)
        #expect(abs(probe.streamDuration - 60 * 1001 / 30000.0) < 1e-6)
        #expect(abs(probe.containerDuration - 60 * 1001 / 30000.0) < 1e-5)
        #expect(probe.frameRate == (30000, 1001))
    }

    @Test func renderReportsProgressEndingWhenTheFileIsComplete() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("progress.mp4")
        var reports: [RenderProgress] = []
        var fileExistedAtLastReport = false
        try MovieWriter.render(
            to: url, settings: MovieSettings(width: 32, height: 32, fps: 10), frameCount: 5,
            progress: { step in
                reports.append(step)
                fileExistedAtLastReport = FileManager.default.fileExists(atPath: url.path)
            }
        ) { c, _ in c.fill(c.bounds) }
        // One report per frame, then the final one; encoded counts never run ahead of the frames drawn.
        #expect(reports.count == 6)
        for (index, step) in reports.dropLast().enumerated() {
            #expect(step.encodedFrames <= index + 1 && step.totalFrames == 5 && !step.isComplete)
        }
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.encodedFrames <= $1.encodedFrames })
        #expect(reports.last == RenderProgress(encodedFrames: 5, totalFrames: 5, isComplete: true))
        #expect(reports.last?.fractionCompleted == 1)
        #expect(fileExistedAtLastReport)
    }

    @Test func frameTimeIsIndexOverFPS() throws {
        let dir = try TemporaryDirectory()
        var times: [FrameTime] = []
        let settings = try MovieSettings(width: 16, height: 16, fps: FrameRate(24000, 1001))
        try MovieWriter.render(to: dir.file("t.mp4"), settings: settings, frameCount: 5) { _, frame in
            times.append(frame)
        }
        #expect(times.map(\.index) == [0, 1, 2, 3, 4])
        #expect(times.map(\.time) == (0..<5).map { Double($0) * 1001 / 24000 })
    }

    @Test(arguments: [("clip.mov", "mov,mp4,m4a,3gp,3g2,mj2"), ("clip.m4v", "mov,mp4,m4a,3gp,3g2,mj2")])
    func containerFollowsExtension(name: String, demuxer: String) throws {
        let dir = try TemporaryDirectory()
        let url = dir.file(name)
        try MovieWriter.render(to: url, settings: MovieSettings(width: 32, height: 32, fps: 10), frameCount: 4) {
            c, _ in
            c.setFillColor(.green)
            c.fill(c.bounds)
        }
        let probe = try MovieProbe(url: url, keepPixels: false)
        #expect(probe.formatName == demuxer)
        #expect(probe.frames.count == 4)
        let brand = try Data(contentsOf: url)[8..<12]
        #expect(String(decoding: brand, as: UTF8.self) == (name.hasSuffix(".mov") ? "qt  " : "isom"))
    }

    @Test func unknownExtensionIsRejected() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("movie.avi")
        #expect {
            _ = try MovieWriter(url: url, settings: MovieSettings(width: 32, height: 32, fps: 10))
        } throws: { error in
            (error as? MovieKitError) == .unsupportedContainer(path: url.path)
                && "\(error)".contains(".mp4") && "\(error)".contains(".mov") && "\(error)".contains(url.path)
        }
        #expect(try dir.contents().isEmpty)
    }

    @Test func refusesToOverwriteAndLeavesTheFileByteIdentical() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("existing.mp4")
        let original = Data("precious bytes".utf8)
        try original.write(to: url)
        let settings = try MovieSettings(width: 32, height: 32, fps: 10)
        #expect {
            _ = try MovieWriter(url: url, settings: settings)
        } throws: { error in
            "\(error)" == "The file \(url.path) already exists; choose another path, or allow the writer to replace it."
        }
        #expect(try Data(contentsOf: url) == original)
        #expect(try dir.contents() == ["existing.mp4"])

        // With overwrite the file is replaced, but only once finish() succeeds.
        let writer = try MovieWriter(url: url, settings: settings, overwrite: true)
        try writer.addFrame { Self.drawRedSquare($0) }
        #expect(try Data(contentsOf: url) == original)
        try writer.finish()
        #expect(try MovieProbe(url: url, keepPixels: false).frames.count == 1)
        #expect(try dir.contents() == ["existing.mp4"])
    }

    @Test func aFileThatAppearsBeforeFinishIsNotReplaced() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("race.mp4")
        let writer = try MovieWriter(url: url, settings: MovieSettings(width: 32, height: 32, fps: 10))
        try writer.addFrame { Self.drawRedSquare($0) }
        try Data("someone else's".utf8).write(to: url)
        #expect(throws: MovieKitError.fileExists(path: url.path)) { try writer.finish() }
        #expect(try Data(contentsOf: url) == Data("someone else's".utf8))
        #expect(try dir.contents() == ["race.mp4"])
    }

    @Test func abandonedWriterLeavesNothingBehind() throws {
        let dir = try TemporaryDirectory()
        do {
            let writer = try MovieWriter(
                url: dir.file("abandoned.mp4"), settings: MovieSettings(width: 64, height: 64, fps: 30))
            for _ in 0..<10 { try writer.addFrame { Self.drawRedSquare($0) } }
            #expect(try dir.contents().isEmpty, "the movie is an unnamed file while writing")
        }
        #expect(try dir.contents().isEmpty)
    }

    struct Boom: Error, Equatable {}

    @Test func closureErrorPropagatesAndTheWriterStaysUsable() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("throws.mp4")
        let writer = try MovieWriter(url: url, settings: MovieSettings(width: 64, height: 64, fps: 30))
        for i in 0..<10 {
            if i == 5 {
                #expect(throws: Boom.self) { try writer.addFrame { _ in throw Boom() } }
            } else {
                try writer.addFrame { Self.drawRedSquare($0) }
            }
        }
        #expect(writer.frameCount == 9)
        try writer.finish()
        #expect(try MovieProbe(url: url, keepPixels: false).frames.count == 9)
    }

    @Test func closureErrorAtFrameFiveWithoutFinishLeavesNoFile() throws {
        let dir = try TemporaryDirectory()
        func render() throws {
            try MovieWriter.render(
                to: dir.file("fails.mp4"), settings: MovieSettings(width: 64, height: 64, fps: 30), frameCount: 10
            ) { c, frame in
                if frame.index == 5 { throw Boom() }
                Self.drawRedSquare(c)
            }
        }
        #expect(throws: Boom.self) { try render() }
        #expect(try dir.contents().isEmpty)
    }

    @Test func addFrameAfterFinishThrows() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("done.mp4")
        let writer = try MovieWriter(url: url, settings: MovieSettings(width: 32, height: 32, fps: 10))
        try writer.addFrame { Self.drawRedSquare($0) }
        try writer.finish()
        #expect(throws: MovieKitError.writerClosed(path: url.path)) { try writer.addFrame { _ in } }
        #expect(throws: MovieKitError.writerClosed(path: url.path)) { try writer.finish() }
    }

    @Test func finishWithoutFramesThrowsAndLeavesNoFile() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("empty.mp4")
        let writer = try MovieWriter(url: url, settings: MovieSettings(width: 32, height: 32, fps: 10))
        #expect(throws: MovieKitError.noFrames(path: url.path)) { try writer.finish() }
        #expect(try dir.contents().isEmpty)
    }

    @Test func preservingContentsKeepsThePreviousFrame() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("progressive.mp4")
        let writer = try MovieWriter(url: url, settings: MovieSettings(width: 128, height: 64, fps: 10))
        // Frame 0 paints the left half; frame 1 keeps it and paints the right half; frame 2 starts black.
        try writer.addFrame { c in
            c.setFillColor(.red)
            c.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        }
        try writer.addFrame(preservingContents: true) { c in
            c.setFillColor(.blue)
            c.fill(CGRect(x: 64, y: 0, width: 64, height: 64))
        }
        try writer.addFrame(preservingContents: true) { _ in }
        try writer.addFrame { _ in }
        try writer.finish()
        let frames = try MovieProbe(url: url).frames
        try #require(frames.count == 4)
        for i in 1...2 {
            #expect(frames[i].pixel(x: 16, y: 32).r > 240, "frame \(i) keeps the red half")
            #expect(frames[i].pixel(x: 100, y: 32).b > 240, "frame \(i) has the blue half")
        }
        #expect(frames[3].pixel(x: 16, y: 32).r < 10, "frame 3 starts from black")
    }

    @Test func addImageDrawsAspectFitOnBlack() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("still.mp4")
        // A 2:1 green image in a 1:1 frame: aspect-fit leaves black bars above and below.
        let image = try Image(width: 64, height: 32, pixels: Array(repeating: 0xFF00_FF00, count: 64 * 32))
        let writer = try MovieWriter(url: url, settings: MovieSettings(width: 128, height: 128, fps: 10))
        try writer.addImage(image)
        try writer.finish()
        let frame = try #require(try MovieProbe(url: url).frames.first)
        #expect(frame.pixel(x: 64, y: 64).g > 240)
        #expect(frame.pixel(x: 64, y: 10).g < 10)
        #expect(frame.pixel(x: 64, y: 118).g < 10)
    }

    @Test func twoWritersOnTwoThreadsBothProduceCorrectFiles() async throws {
        let dir = try TemporaryDirectory()
        let urls = [dir.file("a.mp4"), dir.file("b.mp4")]
        let colours = [Color.red, Color.blue]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (url, colour) in zip(urls, colours) {
                group.addTask {
                    let settings = try MovieSettings(width: 96, height: 64, fps: 24)
                    try MovieWriter.render(to: url, settings: settings, frameCount: 48) { c, _ in
                        c.setFillColor(colour)
                        c.fill(c.bounds)
                    }
                }
            }
            try await group.waitForAll()
        }
        for (url, colour) in zip(urls, colours) {
            let probe = try MovieProbe(url: url)
            #expect(probe.frames.count == 48)
            #expect(probe.streamDuration == 2)
            let p = probe.frames[47].pixel(x: 48, y: 32)
            #expect(colour == .red ? p.r > 240 && p.b < 10 : p.b > 240 && p.r < 10)
        }
    }

    /// Checks the frame count and duration as `ffprobe` reads them, when it is installed.
    func expectFFprobeReads(_ url: URL, frames: Int, duration: String) throws {
        if let probe = try FFmpegTools.run(
            "ffprobe", ["-v", "error", "-show_entries", "stream=nb_frames,duration", "-of", "csv=p=0", url.path])
        {
            #expect(probe.exitStatus == 0, "\(probe)")
            #expect(probe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "\(duration),\(frames)")
        }
    }
}
