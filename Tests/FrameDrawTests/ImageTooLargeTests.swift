import Foundation
import Testing

@testable import FrameDraw

/// Pictures whose headers declare more pixels than FFmpeg can decode are refused by size, before
/// any decoding, with advice that fits: not "damaged", not "download it again".
@Suite("Images too large to decode")
struct ImageTooLargeTests {
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func big32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }

    private static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return big32(data.count) + body + big32(Int(crc32(body)))
    }

    /// A PNG that claims `width` x `height` and holds a few bytes of (never decoded) data.
    static func png(width: Int, height: Int) -> Data {
        let header = big32(width) + big32(height) + [8, 2, 0, 0, 0]
        let bytes: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + pngChunk("IHDR", header) + pngChunk("IDAT", [0x78, 0x9C, 0x03, 0x00]) + pngChunk("IEND", [])
        return Data(bytes)
    }

    /// A baseline JPEG header that claims `width` x `height`, then a scan and the end marker.
    static func jpeg(width: Int, height: Int) -> Data {
        let sof: [UInt8] = [
            0xFF, 0xC0, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF),
            UInt8(width >> 8), UInt8(width & 0xFF), 0x01, 0x01, 0x11, 0x00
        ]
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34]
        return Data([0xFF, 0xD8] + sof + sos + [0xFF, 0xD9])
    }

    /// A GIF whose logical screen is `width` x `height`.
    static func gif(width: Int, height: Int) -> Data {
        let screen: [UInt8] = [
            UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0, 0, 0
        ]
        return Data(Array("GIF89a".utf8) + screen + [0x3B])
    }

    static let cases: [(name: String, data: Data, width: Int, height: Int)] = [
        ("huge.png", png(width: 20000, height: 20000), 20000, 20000),
        ("huge.jpg", jpeg(width: 65500, height: 65500), 65500, 65500),
        ("huge.gif", gif(width: 65535, height: 65535), 65535, 65535)
    ]

    @Test(arguments: cases.indices)
    func aHeaderBeyondFFmpegsLimitIsRefusedBySize(_ index: Int) throws {
        let item = Self.cases[index]
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(item.data, to: item.name)
        let path = url.path(percentEncoded: false)
        #expect {
            _ = try Image(contentsOf: url, maxPixelSize: 1024)
        } throws: { error in
            "\(error)"
                == "The image at \(path) is \(item.width) × \(item.height) pixels, more than FFmpeg's limit of about 16000x16000 pixels. "
                + "Scale the file down before loading it; when the picture can be decoded but not held at full size, "
                + "Image(contentsOf:maxPixelSize:) loads it scaled down instead."
        }
    }

    @Test func headerSizesAreReadForEachFormat() {
        #expect(
            ImageHeader.pixelSize(of: Self.png(width: 300, height: 200), format: .png).map { [$0.width, $0.height] }
                == [300, 200])
        #expect(
            ImageHeader.pixelSize(of: Self.jpeg(width: 640, height: 480), format: .jpeg).map { [$0.width, $0.height] }
                == [640, 480])
        #expect(
            ImageHeader.pixelSize(of: Self.gif(width: 17, height: 9), format: .gif).map { [$0.width, $0.height] } == [
                17, 9
            ])
        #expect(ImageHeader.pixelSize(of: Data([0x89, 0x50]), format: .png) == nil)
    }

    @Test(arguments: [
        "progressive.jpg", "cmyk.jpg", "lossless-alpha.webp", "lossy.webp", "lossy-alpha.webp", "image.bmp",
        "image.tiff", "palette.png", "animated.gif"
    ])
    func headerSizesMatchTheDecodedFixtures(_ name: String) throws {
        let url = ImageFixtures.url(name)
        let data = try Data(contentsOf: url)
        guard case .supported(let format) = ImageFileFormat.recognize(data) else {
            Issue.record("\(name) is not recognised")
            return
        }
        let size = try #require(ImageHeader.pixelSize(of: data, format: format))
        let image = try Image(contentsOf: url)
        // EXIF orientation may swap the sides; the header gives the stored size.
        #expect(Set([size.width, size.height]) == Set([image.width, image.height]))
    }
}
