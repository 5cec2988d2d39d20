import Foundation
import FrameDraw
import TestSupport
import Testing

@testable import MovieKitCore

/// Animated WebP output (editly's `customOutputArgs: ["-vcodec", "libwebp"]` with a `.webp`).
/// FFmpeg 5.1 cannot decode animated WebP, so the file is read chunk by chunk, and a frame is
/// decoded by wrapping its bitstream as a still WebP.
@Suite("Animated WebP")
struct WebPTests {
    /// The chunks of a RIFF WEBP file: fourCC and payload.
    static func chunks(_ bytes: [UInt8], from start: Int = 12) -> [(id: String, body: ArraySlice<UInt8>)] {
        var result: [(String, ArraySlice<UInt8>)] = []
        var index = start
        while index + 8 <= bytes.count {
            let id = String(decoding: bytes[index..<index + 4], as: UTF8.self)
            let size =
                Int(bytes[index + 4]) | Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]) << 16
                | Int(bytes[index + 7]) << 24
            let end = min(bytes.count, index + 8 + size)
            result.append((id, bytes[(index + 8)..<end]))
            index = index + 8 + size + (size & 1)
        }
        return result
    }

    static func little(_ bytes: ArraySlice<UInt8>, _ offset: Int, _ count: Int) -> Int {
        (0..<count).reduce(0) { $0 | Int(bytes[bytes.startIndex + offset + $1]) << (8 * $1) }
    }

    @Test func framesDurationsLoopCountAndPixelsAreWritten() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("anim.webp")
        var settings = try MovieSettings(width: 64, height: 48, fps: 10)
        settings.webp = try WebPOptions(quality: 90, compressionLevel: 5, playCount: 2)
        let writer = try MovieWriter(url: url, settings: settings)
        #expect(writer.codec == .webp)
        #expect(throws: AudioError.notInContainer(path: url.path, container: ".webp")) {
            try writer.addAudio(AudioTrack(url: dir.file("none.wav")))
        }
        for index in 0..<10 {
            try writer.addFrame { c in
                c.setFillColor(index < 5 ? Color(red: 1, green: 0, blue: 0) : Color(red: 0, green: 0, blue: 1))
                c.fill(c.bounds)
            }
        }
        try writer.finish()

        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF")
        #expect(String(decoding: bytes[8..<12], as: UTF8.self) == "WEBP")
        let chunks = Self.chunks(bytes)
        let header = try #require(chunks.first { $0.id == "VP8X" }?.body)
        #expect(header[header.startIndex] & 0x02 != 0, "the animation flag")
        #expect(Self.little(header, 4, 3) + 1 == 64 && Self.little(header, 7, 3) + 1 == 48)
        let animation = try #require(chunks.first { $0.id == "ANIM" }?.body)
        #expect(Self.little(animation, 4, 2) == 2, "plays twice")
        let frames = chunks.filter { $0.id == "ANMF" }.map(\.body)
        #expect(frames.count == 10)
        #expect(frames.map { Self.little($0, 12, 3) }.reduce(0, +) == 1000, "ten frames at 10 fps last a second")

        // The first and last frames, each wrapped as a still WebP and decoded by libavcodec.
        for (index, expectRed) in [(0, true), (9, false)] {
            let frame = frames[index]
            let inner = Self.chunks(Array(frame), from: 16)
            let picture = try #require(inner.first { $0.id == "VP8 " || $0.id == "VP8L" })
            var still = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(picture.id.utf8)
            let size = picture.body.count
            still += [UInt8(size & 255), UInt8(size >> 8 & 255), UInt8(size >> 16 & 255), UInt8(size >> 24 & 255)]
            still += picture.body
            if size & 1 == 1 { still.append(0) }
            let riff = still.count - 8
            still.replaceSubrange(4..<8, with: (0..<4).map { UInt8(riff >> (8 * $0) & 255) })
            let stillURL = dir.file("frame\(index).webp")
            try Data(still).write(to: stillURL)
            let probe = try CodecProbe(url: stillURL)
            let pixel = probe.pixel(0, x: 32, y: 24)
            if expectRed {
                #expect(pixel.r > 200 && pixel.b < 60, "frame \(index): \(pixel)")
            } else {
                #expect(pixel.b > 200 && pixel.r < 60, "frame \(index): \(pixel)")
            }
        }
    }

    @Test func optionsOutOfRangeAreRefused() {
        #expect(
            throws: MovieKitError.invalidWebPOption(name: "quality", value: "101.0", rule: "a number from 0 to 100")
        ) {
            try WebPOptions(quality: 101)
        }
        #expect(throws: MovieKitError.self) { try WebPOptions(compressionLevel: 7) }
        #expect(throws: MovieKitError.self) { try WebPOptions(playCount: 0) }
        #expect(throws: MovieKitError.self) { try WebPOptions(quality: .nan) }
        // The edges are accepted.
        #expect((try? WebPOptions(quality: 0, compressionLevel: 0, playCount: 65535)) != nil)
        #expect((try? WebPOptions(quality: 100, compressionLevel: 6, playCount: 1)) != nil)
    }

    @Test func aWebPDestinationChoosesTheWebPCodecAndNoOther() throws {
        let settings = try MovieSettings(width: 16, height: 16, fps: 10)
        #expect(try settings.codec(for: URL(fileURLWithPath: "/tmp/a.webp")) == .webp)
        let h264 = try MovieSettings(width: 16, height: 16, fps: 10, codec: .h264)
        #expect(throws: MovieKitError.self) { try h264.codec(for: URL(fileURLWithPath: "/tmp/a.webp")) }
    }
}
