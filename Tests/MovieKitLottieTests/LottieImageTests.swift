import Foundation
import FrameDraw
import MovieKitScene
import Testing

@testable import MovieKitLottie

#if canImport(Glibc)
    import Glibc
#endif

/// Image assets: embedded `data:` pictures are decoded from memory, never through a file.
@Suite struct LottieImageTests {
    /// A 40x40 animation with one image layer showing a 2x2 picture, scaled to fill it, from `source`.
    static func animation(_ source: String) -> String {
        #"""
        {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 40, "h": 40,
         "assets": [{"id": "picture", "w": 2, "h": 2, "u": "", "p": "\#(source)", "e": 1}],
         "layers": [{"ty": 2, "ind": 1, "ip": 0, "op": 10, "st": 0, "refId": "picture",
           "ks": {"s": {"a": 0, "k": [2000, 2000]}}}]}
        """#
    }

    /// A 2x2 PNG: red, green / blue, white.
    static func png() throws -> Data {
        try Image(width: 2, height: 2, pixels: [0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF, 0xFFFF_FFFF]).pngData()
    }

    /// Writes `json` to a fresh folder and reads it, returning the content and the names of the
    /// files (not folders) created in the temporary directory while it was read.
    static func readWatchingTemporaryFiles(_ json: String) throws -> (LottieContent, [String]) {
        let temporary = FileManager.default.temporaryDirectory
        let folder = temporary.appendingPathComponent("lottie-image-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("embedded.json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        let watch = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        try #require(watch >= 0)
        defer { close(watch) }
        try #require(inotify_add_watch(watch, temporary.path, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0)
        let content = try LottieContent(contentsOf: url)
        var created: [String] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(watch, &buffer, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            // Each event: wd, mask, cookie, len (4 bytes each), then a name of len bytes padded with NULs.
            while offset + 16 <= count {
                func word(_ at: Int) -> UInt32 {
                    (0..<4).reduce(UInt32(0)) { $0 | UInt32(buffer[offset + at + $1]) << (8 * UInt32($1)) }
                }
                let mask = word(4)
                let length = Int(word(12))
                let name = String(
                    decoding: buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                if mask & UInt32(IN_ISDIR) == 0 { created.append(name) }
                offset += 16 + length
            }
        }
        return (content, created)
    }

    @Test func anEmbeddedPictureIsDecodedFromMemoryWithoutATemporaryFile() throws {
        let json = Self.animation("data:image/png;base64," + (try Self.png()).base64EncodedString())
        // Other tests may create files in the temporary directory at the same time; a reader that
        // writes each embedded picture to a file there creates one on every read.
        var reads: [[String]] = []
        for _ in 0..<3 {
            let (content, created) = try Self.readWatchingTemporaryFiles(json)
            #expect(content.renderer.images["picture"]?.width == 2)
            reads.append(created)
        }
        #expect(reads.contains { $0.isEmpty }, "files created in the temporary directory while reading: \(reads)")
        let (content, _) = try Self.readWatchingTemporaryFiles(json)
        let image = try Image(size: content.size) { content.renderer.draw(in: $0, frame: 0) }
        // The quadrants' centres, red and white (smoothed a little by the scaling).
        let red = image.pixel(atX: 10, y: 10)
        let white = image.pixel(atX: 30, y: 30)
        #expect(red.red > 0.8 && red.green < 0.2 && red.blue < 0.2 && red.alpha == 1, "\(red)")
        #expect(white.red > 0.8 && white.green > 0.8 && white.blue > 0.8 && white.alpha == 1, "\(white)")
    }

    @Test func anEmbeddedPictureThatCannotBeDecodedNamesTheFileAndTheKeyPath() throws {
        let json = Self.animation("data:image/png;base64," + Data("not a picture".utf8).base64EncodedString())
        #expect {
            _ = try Self.readWatchingTemporaryFiles(json)
        } throws: { error in
            let message = "\(error)"
            return message.contains("embedded.json: `assets[0].p` is an image that cannot be decoded: ")
                && message.contains("Could not read the image at the data URI: ") && message.hasSuffix("PNG.")
                && !message.contains("..")
        }
    }
}
