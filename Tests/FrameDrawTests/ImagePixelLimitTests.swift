import Foundation
import Testing

@testable import FrameDraw
@testable import FrameValues

/// `ImageLoadingOptions.maximumPixelCount`: files whose headers declare more pixels are refused before
/// decoding (decompression bombs), with a message that says how to accept them.
@Suite("Image pixel limit")
struct ImagePixelLimitTests {
    /// A baseline greyscale JPEG of `width` x `height` whose every 8x8 block is flat grey 128: its Huffman
    /// tables have one 1-bit code each (DC difference 0, end of block), so the scan is 2 bits per block,
    /// all zero. 12000 x 9000 pixels take 422 KB, made in a few milliseconds.
    static func flatGreyJPEG(width: Int, height: Int) -> Data {
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0x00]
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        bytes += segment(
            0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
        bytes += segment(0xC4, [0x00] + oneCode)  // DC table 0.
        bytes += segment(0xC4, [0x10] + oneCode)  // AC table 0.
        bytes += segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        var data = Data(bytes)
        data.append(Data(count: (blocks * 2 + 7) / 8))
        data.append(contentsOf: [0xFF, 0xD9])
        return data
    }

    static func message(path: String, width: Int, height: Int, megapixels: String, limit: String, pixels: Int) -> String
    {
        "The image at \(path) is \(width) × \(height) pixels (\(megapixels) megapixels), more than the limit of \(limit) "
            + "megapixels, so it was not decoded. If you trust the file, raise ImageLoadingOptions.maximumPixelCount to at "
            + "least \(pixels); maxPixelSize still scales the picture down while it loads."
    }

    @Test func aDecodablePictureAboveTheDefaultLimitIsRefusedThenAcceptedWhenRaised() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let data = Self.flatGreyJPEG(width: 12000, height: 9000)
        #expect(data.count < 500_000)
        let url = try directory.write(data, to: "108-megapixels.jpg")
        let path = url.path(percentEncoded: false)
        let refused = try #require(throws: FrameDrawError.self) { _ = try Image(contentsOf: url, maxPixelSize: 1500) }
        #expect(refused == .imageExceedsPixelLimit(path: path, width: 12000, height: 9000, limit: 100_000_000))
        #expect(
            refused.description
                == Self.message(
                    path: path, width: 12000, height: 9000, megapixels: "108", limit: "100", pixels: 108_000_000))

        let options = ImageLoadingOptions(maximumPixelCount: 108_000_000, maxPixelSize: 1500)
        let image = try Image(contentsOf: url, options: options)
        #expect(image.width == 1500 && image.height == 1125)
        #expect(image.storedPixel(x: 700, y: 500).isClose(to: .opaque(128, 128, 128), tolerance: 2))
    }

    @Test func theLimitIsCheckedForEveryDecoderFormat() throws {
        for name in ["rgb16.png", "progressive.jpg", "lossy.webp", "image.bmp", "image.tiff", "animated.gif"] {
            let url = ImageFixtures.url(name)
            let path = url.path(percentEncoded: false)
            #expect(throws: FrameDrawError.imageExceedsPixelLimit(path: path, width: 16, height: 16, limit: 255)) {
                _ = try Image(contentsOf: url, options: ImageLoadingOptions(maximumPixelCount: 255))
            }
            #expect(try Image(contentsOf: url, options: ImageLoadingOptions(maximumPixelCount: 256)).width == 16)
        }
    }

    @Test func megapixelsAreWrittenWithoutTrailingZeros() {
        #expect(FrameDrawError.megapixels(108_000_000) == "108")
        #expect(FrameDrawError.megapixels(100_000_000) == "100")
        #expect(FrameDrawError.megapixels(4_290_260_000) == "4290.3")
        #expect(FrameDrawError.megapixels(2_500_000) == "2.5")
        #expect(FrameDrawError.megapixels(2048) == "0.002")
    }

    @Test func theDefaultsAreAHundredMegapixelsAndNoScaling() {
        let options = ImageLoadingOptions()
        #expect(options.maximumPixelCount == 100_000_000)
        #expect(ImageLoadingOptions.defaultMaximumPixelCount == 100_000_000)
        #expect(options.maxPixelSize == nil)
    }

    @Test func aHeaderWithoutASizeIsDamaged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(ImageTooLargeTests.png(width: 0, height: 10), to: "zero.png")
        let path = url.path(percentEncoded: false)
        #expect(
            throws: FrameDrawError.unreadableImage(
                path: path,
                reason:
                    "The PNG header does not state a valid picture size, so the file is damaged or truncated; export or download it again."
            )
        ) { _ = try Image(contentsOf: url) }
    }

    // MARK: - Header sizes for TIFF and BMP

    /// A little-endian TIFF header whose IFD0 holds ImageWidth (SHORT) and ImageLength (LONG).
    static func tiffHeader(width: Int, height: Int) -> Data {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16) }
        let entries = u16(256) + u16(4) + u32(1) + u32(width) + u16(257) + u16(4) + u32(1) + u32(height)
        return Data(Array("II*\0".utf8) + u32(8) + u16(2) + entries + u32(0))
    }

    @Test func tiffSizeIsReadFromTheFirstDirectory() throws {
        let size = try #require(ImageHeader.pixelSize(of: Self.tiffHeader(width: 300, height: 200), format: .tiff))
        #expect(size.width == 300 && size.height == 200)
        let fixture = try #require(
            ImageHeader.pixelSize(of: Data(contentsOf: ImageFixtures.url("image.tiff")), format: .tiff))
        #expect(fixture.width == 16 && fixture.height == 16)
        // Cut inside the directory: no size.
        #expect(ImageHeader.pixelSize(of: Self.tiffHeader(width: 300, height: 200).prefix(20), format: .tiff) == nil)
    }

    @Test func aHugeTIFFIsRefusedBeforeDecoding() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(Self.tiffHeader(width: 70000, height: 70000), to: "huge.tiff")
        let path = url.path(percentEncoded: false)
        #expect(
            throws: FrameDrawError.imageTooLarge(
                path: path, width: 70000, height: 70000, limit: "FFmpeg's limit of about 16000x16000 pixels"
            )
        ) { _ = try Image(contentsOf: url) }
    }

    @Test func bmpCoreAndInfoHeaders() throws {
        func bmp(headerSize: Int, size: [UInt8]) -> Data {
            Data(
                Array("BM".utf8) + [0, 0, 0, 0] + [0, 0, 0, 0] + [26, 0, 0, 0] + [UInt8(headerSize), 0, 0, 0] + size + [
                    0, 0, 0, 0
                ])
        }
        let core = try #require(
            ImageHeader.pixelSize(of: bmp(headerSize: 12, size: [0x2C, 0x01, 0xC8, 0x00]), format: .bmp))
        #expect(core.width == 300 && core.height == 200)
        // BITMAPINFOHEADER with a negative (top-down) height.
        let info = try #require(
            ImageHeader.pixelSize(
                of: bmp(headerSize: 40, size: [0x2C, 0x01, 0, 0, 0x38, 0xFF, 0xFF, 0xFF]), format: .bmp))
        #expect(info.width == 300 && info.height == 200)
    }
}
