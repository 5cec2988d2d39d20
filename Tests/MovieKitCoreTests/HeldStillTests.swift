import Foundation
import FrameDraw
import MovieKitCore
import TestSupport
import Testing

/// Held stills (`repeatPreviousFrame`) are coded as copies of the picture before them (by x264 for
/// the first two repeats, as spliced skipped pictures after that: `SplicedStillTests`): the repeats
/// cost almost no bits, keep the still's picture, and keyframes still come every GOP.
@Suite("Held stills")
struct HeldStillTests {
    /// A detailed picture (a diagonal gradient under circles of many colours), so that an encoder
    /// that re-coded the repeats would spend bits on them.
    static func drawStill(_ context: DrawingContext, seed: Int) throws {
        let gradient = Gradient(colors: [
            Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 1), Color(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        ])
        context.drawLinearGradient(
            gradient, start: .zero, end: CGPoint(x: context.bounds.width, y: context.bounds.height))
        for i in 0..<40 {
            let hue = Double((i * 37 + seed * 11) % 100) / 100
            context.setFillColor(Color(hue: hue, saturation: 0.8, brightness: 0.9))
            let x = Double((i * 53 + seed * 7) % 300)
            let y = Double((i * 29 + seed * 13) % 220)
            context.fillEllipse(in: CGRect(x: x, y: y, width: 18 + Double(i % 5) * 6, height: 18 + Double(i % 3) * 8))
        }
        context.setFillColor(.white)
        context.fill(CGRect(x: 8, y: 8, width: 32, height: 32))
    }

    /// The largest difference of any channel between two decoded frames, over a grid of probes.
    static func largestDifference(_ a: MovieProbe.RGBFrame, _ b: MovieProbe.RGBFrame) -> Int {
        var largest = 0
        for y in stride(from: 2, to: a.height, by: 6) {
            for x in stride(from: 2, to: a.width, by: 6) {
                let (p, q) = (a.pixel(x: x, y: y), b.pixel(x: x, y: y))
                largest = max(largest, abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b))
            }
        }
        return largest
    }

    /// The mean difference per channel between a decoded frame and the picture drawn for it, over a grid of probes.
    static func meanError(_ decoded: MovieProbe.RGBFrame, against drawn: [UInt8], width: Int) -> Double {
        var sum = 0
        var count = 0
        for y in stride(from: 1, to: decoded.height, by: 3) {
            for x in stride(from: 1, to: decoded.width, by: 3) {
                let p = decoded.pixel(x: x, y: y)
                let offset = (y * width + x) * 4  // Cairo's ARGB32 in memory: blue, green, red, alpha.
                sum +=
                    abs(p.r - Int(drawn[offset + 2])) + abs(p.g - Int(drawn[offset + 1]))
                    + abs(p.b - Int(drawn[offset]))
                count += 3
            }
        }
        return Double(sum) / Double(count)
    }

    /// The picture `draw` makes, as Cairo's bytes.
    static func drawn(_ draw: (DrawingContext) throws -> Void) throws -> [UInt8] {
        let surface = try CairoSurface(width: 320, height: 240)
        try draw(try DrawingContext(surface: surface))
        return surface.withPixelBytes { Array($0) }
    }

    @Test func repeatsDecodeAsTheStillWithTheQualityOfAFullEncodeAndKeyframesEveryGOP() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("held.mp4")
        // 1-second GOPs at 30 fps: keyframes at 0, 30, 60 and 90 at least. A still, a
        // 20-frame change (as a transition is), and a second still.
        let settings = try MovieSettings(width: 320, height: 240, fps: 30, keyframeInterval: 1)
        let writer = try MovieWriter(url: url, settings: settings)
        let draw: @Sendable (DrawingContext, Int) throws -> Void = { context, frame in
            try Self.drawStill(context, seed: frame < 45 ? 1 : frame < 65 ? 3 + frame : 2)
        }
        try writer.addFrame { try draw($0, 0) }
        try writer.repeatPreviousFrame(count: 44)
        for frame in 45..<65 { try writer.addFrame { try draw($0, frame) } }
        try writer.addFrame { try draw($0, 65) }
        try writer.repeatPreviousFrame(count: 54)
        try writer.finish()

        let probe = try MovieProbe(url: url)
        try #require(probe.frames.count == 120)
        #expect(abs(probe.streamDuration - 4) < 1e-9)
        let keyframes = probe.frames.indices.filter { probe.frames[$0].isKeyframe }
        #expect(Set([0, 30, 60, 90]).isSubset(of: keyframes), "keyframes: \(keyframes)")
        // Every frame is as close to what was drawn as a full encode gets, with or without
        // held-still coding.
        let errors = try probe.frames.indices.map { index in
            try Self.meanError(probe.frames[index], against: Self.drawn { try draw($0, index) }, width: 320)
        }
        let stills = Array(errors[0..<45]) + Array(errors[65..<120])
        #expect(stills.allSatisfy { $0 < 4.8 }, "errors in the stills: \(stills)")
        #expect(errors[45..<65].allSatisfy { $0 < 6.5 }, "errors in the change: \(Array(errors[45..<65]))")
        for (first, range) in [(0, 1..<45), (65, 66..<120)] {
            // After the first repeat, a repeat that is not a keyframe is an exact copy of the frame before it.
            let copies = range.dropFirst().filter { !probe.frames[$0].isKeyframe }
            let changes = copies.map { Self.largestDifference(probe.frames[$0 - 1], probe.frames[$0]) }
            #expect(changes.allSatisfy { $0 <= 2 }, "changes from the frame before: \(changes)")
            let white = probe.frames[first].pixel(x: 24, y: 24)
            #expect(min(white.r, white.g, white.b) > 235)
            // Copies cost a few bytes, against thousands for a picture.
            let largestCopy = copies.map { probe.frames[$0].codedBytes }.max() ?? 0
            #expect(largestCopy < 200, "largest copy: \(largestCopy) bytes")
        }
        #expect(probe.frames[0].codedBytes > 2000)
        #expect(Self.largestDifference(probe.frames[0], probe.frames[65]) > 60)
    }
}
