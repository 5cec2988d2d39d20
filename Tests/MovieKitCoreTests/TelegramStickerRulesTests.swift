import Foundation
import MovieKitCore
import Testing

/// Telegram's rules for video stickers, as the library applies them; moviemake's
/// `--target telegram-sticker` renders with them (MoviemakeTests' TelegramStickerTests).
@Suite("Telegram sticker rules")
struct TelegramStickerRulesTests {
    @Test func theSizeAndRateFollowTelegramsRules() throws {
        func size(_ width: Int, _ height: Int) -> [Int] {
            let size = TelegramSticker.size(forCanvasWidth: width, height: height)
            return [size.width, size.height]
        }
        #expect(size(1920, 1080) == [512, 288])
        #expect(size(1080, 1920) == [288, 512])
        #expect(size(80, 80) == [512, 512])
        #expect(size(640, 352) == [512, 282])
        #expect(size(100, 50) == [512, 256])
        #expect(size(375, 812) == [236, 512])
        #expect(size(4000, 10) == [512, 1])
        #expect(size(0, 0) == [512, 512])
        #expect(TelegramSticker.frameRate(for: 60) == 30)
        #expect(TelegramSticker.frameRate(for: FrameRate(24000, 1001)) == FrameRate(24000, 1001))
        let settings = try TelegramSticker.settings(forCanvasWidth: 100, height: 50, fps: 60, preset: .medium)
        #expect(settings.width == 512 && settings.height == 256 && settings.fps == 30)
        #expect(settings.codec == .vp9 && settings.alpha && settings.bitRate == nil)
    }

    @Test func aStickerIsAWebMOfAtMostThreeSeconds() throws {
        let webm = URL(fileURLWithPath: "/tmp/sticker.webm")
        #expect(try TelegramSticker.frameCount(output: webm, duration: 2, fps: 30, trims: false) == 60)
        #expect(try TelegramSticker.frameCount(output: webm, duration: 4, fps: 30, trims: true) == 90)
        #expect(throws: MovieKitError.stickerTooLong(seconds: 4)) {
            try TelegramSticker.frameCount(output: webm, duration: 4, fps: 30, trims: false)
        }
        #expect(throws: MovieKitError.stickerNotWebM(path: "/tmp/sticker.mp4")) {
            try TelegramSticker.frameCount(
                output: URL(fileURLWithPath: "/tmp/sticker.mp4"), duration: 2, fps: 30, trims: false)
        }
        // The library's sentence names no command-line flag; moviemake adds `--trim`.
        #expect(!MovieKitError.stickerTooLong(seconds: 4).description.contains("--"))
    }

    /// The search asks for less after each overshoot, and no render that fits is replaced.
    @Test func theBitRateSearchStopsAtTheFirstFit() throws {
        let first = TelegramSticker.nextBitRate(after: nil, bytes: 400_000, seconds: 3)
        #expect(first == Int(256_000.0 * 8 / 3 * 0.85))
        #expect(TelegramSticker.nextBitRate(after: first, bytes: 512_000, seconds: 3) < first / 3)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sticker-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("s.webm")
        let settings = try TelegramSticker.settings(forCanvasWidth: 512, height: 512, fps: 30, preset: .medium)
        var asked: [Int?] = []
        let fit = try TelegramSticker.render(output: output, settings: settings, duration: 3) { settings, _ in
            asked.append(settings.bitRate)
            try Data(count: asked.count < 3 ? 300_000 : 200_000).write(to: output)
        }
        #expect(fit.attempt == 3 && fit.bytes == 200_000 && asked.count == 3 && asked[0] == nil)
        #expect(throws: MovieKitError.stickerTooLarge(path: output.path, attempts: Array(repeating: 300_000, count: 8)))
        {
            try TelegramSticker.render(output: output, settings: settings, duration: 3) { _, _ in
                try Data(count: 300_000).write(to: output)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: output.path), "a sticker that never fitted is removed")

        // A later attempt that fails (cancelled, say) leaves no earlier, too large file behind.
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try TelegramSticker.render(output: output, settings: settings, duration: 3) { _, attempt in
                guard attempt == 0 else { throw Stop() }
                try Data(count: 300_000).write(to: output)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: output.path), "the first, too large attempt is removed")
    }
}
