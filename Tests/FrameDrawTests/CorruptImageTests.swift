import Foundation
import Testing

@testable import FrameDraw

/// Damaged files: each gives an exact error naming the file, or (for broken EXIF) loads without it.
/// None may crash or hang.
@Suite("Corrupt image files")
struct CorruptImageTests {
    @Test(arguments: [
        ("progressive.jpg", "JPEG"), ("rgb16.png", "PNG"), ("lossy.webp", "WebP"), ("lossless-alpha.webp", "WebP")
    ])
    func truncatedFilesSaySo(_ name: String, _ format: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = try Data(contentsOf: ImageFixtures.url(name))
        let cut = whole.prefix(whole.count / 2)
        let url = try directory.write(cut, to: "cut-" + name)
        #expect(
            throws: FrameDrawError.unreadableImage(
                path: url.path(percentEncoded: false),
                reason:
                    "The \(format) data ends early (the file has \(cut.count) bytes); it is probably truncated. Export or download it again."
            )
        ) { _ = try Image(contentsOf: url) }
    }

    /// The offset of the chunk of type `type` in a PNG file.
    static func chunkOffset(_ type: String, in png: Data) throws -> Int {
        let range = try #require(png.firstRange(of: Data(type.utf8)))
        return range.lowerBound - png.startIndex - 4
    }

    @Test(arguments: ["IDAT", "IHDR", "IEND"])
    func aPNGChunkWithABadChecksumIsNamed(_ type: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var png = try Data(contentsOf: ImageFixtures.url("rgb16.png"))
        let offset = try Self.chunkOffset(type, in: png)
        let length =
            Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
        png[offset + 8 + length] ^= 0x5A  // The first byte of the stored CRC.
        #expect(PNGChecksums.firstMismatch(in: png) == PNGChecksums.Mismatch(type: type, offset: offset))
        let url = try directory.write(png, to: "bad-crc.png")
        #expect(
            throws: FrameDrawError.unreadableImage(
                path: url.path(percentEncoded: false),
                reason:
                    "The PNG's \(type) chunk at byte \(offset) fails its checksum (CRC), so the file is damaged; export or download it again."
            )
        ) { _ = try Image(contentsOf: url) }
    }

    @Test(arguments: ImageLoadingTests.fixtures.map(\.name).filter { $0.hasSuffix(".png") })
    func committedPNGsHaveGoodChecksums(_ name: String) throws {
        #expect(PNGChecksums.firstMismatch(in: try Data(contentsOf: ImageFixtures.url(name))) == nil)
    }

    @Test func crc32MatchesTheStandardCheckValue() {
        #expect(PNGChecksums.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    // MARK: - Broken EXIF: the picture loads, the bad EXIF is ignored

    /// Inserts an APP1 Exif segment holding `tiff` after SOI.
    static func withEXIF(_ jpeg: Data, tiff: [UInt8]) -> Data {
        let payload = Array("Exif\0\0".utf8) + tiff
        var result = Data(jpeg.prefix(2))
        result.append(
            contentsOf: [0xFF, 0xE1, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload)
        result.append(jpeg.dropFirst(2))
        return result
    }

    static func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    static func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v & 0xFFFF) }

    static let brokenEXIF: [(name: String, tiff: [UInt8], orientation: Int)] = [
        // IFD0 says 10 entries, but the block ends after the first (Software).
        (
            "truncated",
            Array("MM".utf8) + u16(42) + u32(8) + u16(10) + u16(0x0131) + u16(2) + u32(4) + Array("abc\0".utf8), 1
        ),
        // IFD0 lies beyond the block.
        ("offset past the end", Array("MM".utf8) + u16(42) + u32(0x7FFF_FFF0), 1),
        // IFD0's EXIF sub-IFD pointer and its next-IFD offset both point back at IFD0 itself.
        (
            "looping",
            Array("MM".utf8) + u16(42) + u32(8) + u16(2)
                + u16(0x8769) + u16(4) + u32(1) + u32(8)
                + u16(0x0112) + u16(3) + u32(1) + u16(6) + u16(0)
                + u32(8), 6
        ),
        // The orientation has an unknown type (ASCII).
        (
            "wrong type",
            Array("MM".utf8) + u16(42) + u32(8) + u16(1) + u16(0x0112) + u16(2) + u32(2) + Array("6\0".utf8) + [0, 0]
                + u32(0), 1
        ),
        // Not a TIFF structure at all.
        ("garbage", [UInt8](repeating: 0xAB, count: 40), 1)
    ]

    @Test(arguments: brokenEXIF.indices)
    func brokenEXIFIsIgnoredAndThePictureLoads(_ index: Int) throws {
        let item = Self.brokenEXIF[index]
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let jpeg = try TestJPEG.encode(width: 32, height: 16, ExifOrientationTests.storedQuadrants)
        let url = try directory.write(Self.withEXIF(jpeg, tiff: item.tiff), to: "exif.jpg")
        let image = try Image(contentsOf: url)
        let turned = item.orientation >= 5
        #expect(image.width == (turned ? 16 : 32) && image.height == (turned ? 32 : 16), "\(item.name)")
        ExifOrientationTests.expectCorners(image, orientation: item.orientation)
    }
}
