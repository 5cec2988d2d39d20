import Foundation
import FrameDraw
import TestSupport
import Testing

@testable import MovieKitCore

/// GIF with `alpha`: one palette entry is transparent, pixels less than half opaque use it, and
/// each frame is cleared before the next. Checked by decoding the file to RGBA in-process.
@Suite("GIF with alpha")
struct GIFAlphaTests {
    /// Frame i: an opaque red 16x16 square at x = 8i on a transparent (or, without alpha, black)
    /// background, with a half-transparent blue strip and a faint green one at the bottom.
    static func draw(_ context: DrawingContext, _ frame: FrameTime) {
        context.setFillColor(.red)
        context.fill(CGRect(x: Double(frame.index) * 8, y: 8, width: 16, height: 16))
        context.setFillColor(Color(red: 0, green: 0, blue: 1, alpha: 0.75))
        context.fill(CGRect(x: 0, y: 40, width: 64, height: 4))
        context.setFillColor(Color(red: 0, green: 1, blue: 0, alpha: 0.25))
        context.fill(CGRect(x: 0, y: 44, width: 64, height: 4))
    }

    static func render(alpha: Bool, in directory: borrowing TemporaryDirectory) throws -> CodecProbe {
        let url = directory.file(alpha ? "alpha.gif" : "opaque.gif")
        let settings = try MovieSettings(width: 64, height: 48, fps: 10, alpha: alpha)
        try MovieWriter.render(to: url, settings: settings, frameCount: 4, draw: draw)
        return try CodecProbe(url: url)
    }

    @Test func transparentBackgroundAndOpaqueSquare() throws {
        let directory = try TemporaryDirectory()
        let probe = try Self.render(alpha: true, in: directory)
        #expect(probe.codecName == "gif")
        try #require(probe.frames.count == 4)
        for index in 0..<4 {
            let square = probe.pixel(index, x: index * 8 + 8, y: 16)
            #expect(square.a == 255 && square.r > 230 && square.g < 30 && square.b < 30, "frame \(index): \(square)")
            let background = probe.pixel(index, x: 60, y: 2)
            #expect(background.a == 0, "frame \(index) background: \(background)")
            // Three quarters opaque is drawn opaque, in its straight colour; a quarter is transparent.
            let strip = probe.pixel(index, x: 32, y: 41)
            #expect(strip.a == 255 && strip.b > 230 && strip.r < 30, "frame \(index) strip: \(strip)")
            #expect(probe.pixel(index, x: 32, y: 45).a == 0, "frame \(index): a quarter opaque is transparent")
        }
        // Where the square was in frame 0 and is no longer in frame 3: cleared, not left behind.
        #expect(probe.pixel(3, x: 2, y: 16).a == 0, "trail \(probe.pixel(3, x: 2, y: 16))")
        #expect(probe.pixel(0, x: 2, y: 16).a == 255)
    }

    @Test func anOpaqueGIFHasNoTransparentPixel() throws {
        let directory = try TemporaryDirectory()
        let probe = try Self.render(alpha: false, in: directory)
        try #require(probe.frames.count == 4)
        for frame in probe.frames {
            #expect(stride(from: 3, to: frame.count, by: 4).allSatisfy { frame[$0] == 255 })
        }
        let background = probe.pixel(3, x: 2, y: 16)
        #expect(background.r < 20 && background.g < 20 && background.b < 20, "black \(background)")
        let square = probe.pixel(3, x: 30, y: 16)
        #expect(square.r > 230 && square.g < 30, "red \(square)")
    }

    @Test func emptyFramesStayTransparent() throws {
        let directory = try TemporaryDirectory()
        // All frames empty, then empty frames around one with a square.
        for (name, drawn) in [("empty.gif", [false, false]), ("around.gif", [false, true, false])] {
            let url = directory.file(name)
            let settings = try MovieSettings(width: 32, height: 32, fps: 10, alpha: true)
            try MovieWriter.render(to: url, settings: settings, frameCount: drawn.count) { context, frame in
                guard drawn[frame.index] else { return }
                context.setFillColor(.blue)
                context.fill(CGRect(x: 8, y: 8, width: 8, height: 8))
            }
            let probe = try CodecProbe(url: url)
            try #require(probe.frames.count == drawn.count, "\(name)")
            for (index, frame) in probe.frames.enumerated() {
                let opaque = stride(from: 3, to: frame.count, by: 4).filter { frame[$0] > 128 }.count
                #expect(opaque == (drawn[index] ? 64 : 0), "\(name) frame \(index): \(opaque) opaque pixels")
            }
        }
    }

    @Test func alphaIsOnlyRefusedInOtherContainers() throws {
        let settings = try MovieSettings(width: 16, height: 16, fps: 10, alpha: true)
        #expect(try settings.codec(for: URL(fileURLWithPath: "/tmp/a.gif")) == .gif)
        #expect(throws: MovieKitError.self) {
            _ = try MovieSettings(width: 16, height: 16, fps: 10, codec: .gif, alpha: true)
                .codec(for: URL(fileURLWithPath: "/tmp/a.mp4"))
        }
    }
}
