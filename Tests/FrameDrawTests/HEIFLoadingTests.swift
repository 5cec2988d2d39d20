import Foundation
import Testing

@testable import FrameDraw

/// HEIC and AVIF files made at test time with heif-enc, decoded through libheif.
@Suite(
    "HEIC and AVIF loading",
    .enabled(if: HEIFTestFiles.encoderPath != nil, "heif-enc is not installed; run scripts/install-deps.sh"))
struct HEIFLoadingTests {
    /// 64x32: red, green / blue, yellow quadrants.
    static func quadrants() throws -> Image {
        try Image.opaque(width: 64, height: 32) { x, y in
            switch (x < 32, y < 16) {
            case (true, true): (255, 0, 0)
            case (false, true): (0, 255, 0)
            case (true, false): (0, 0, 255)
            case (false, false): (255, 255, 0)
            }
        }
    }

    /// 64x32: opaque red left half; top-right green at alpha 128; bottom-right fully transparent.
    static func translucent() throws -> Image {
        var pixels: [UInt32] = []
        for y in 0..<32 {
            for x in 0..<64 {
                pixels.append(x < 32 ? 0xFFFF_0000 : (y < 16 ? 0x8000_8000 : 0))  // Premultiplied.
            }
        }
        return try Image(width: 64, height: 32, pixels: pixels)
    }

    static let formats = ["photo.heic", "photo.avif"]

    @Test(arguments: formats)
    func decodesOpaquePictures(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let image = try Image(contentsOf: HEIFTestFiles.encode(Self.quadrants(), as: name, in: directory))
        #expect(image.width == 64 && image.height == 32)
        for (x, y, pixel) in [(8, 8, Pixel.red), (56, 8, .green), (8, 24, .blue), (56, 24, .yellow)] {
            let actual = image.storedPixel(x: x, y: y)
            #expect(actual.isClose(to: pixel, tolerance: 14), "\(name) at (\(x), \(y)): \(actual), expected \(pixel)")
        }
    }

    @Test(arguments: formats)
    func alphaIsPremultiplied(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let image = try Image(
            contentsOf: HEIFTestFiles.encode(Self.translucent(), as: name, in: directory, quality: 100))
        #expect(image.storedPixel(x: 8, y: 8).isClose(to: .red, tolerance: 8))
        // Straight green 255 at alpha 128 is stored as 128: a decoder that skipped premultiplying would give 255.
        let halfGreen = image.storedPixel(x: 56, y: 8)
        #expect(halfGreen.isClose(to: Pixel(red: 0, green: 128, blue: 0, alpha: 128), tolerance: 10), "\(halfGreen)")
        #expect(halfGreen.green <= halfGreen.alpha)
        #expect(image.storedPixel(x: 56, y: 24).alpha <= 4)
    }

    @Test(arguments: formats)
    func maxPixelSizeScalesDown(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try HEIFTestFiles.encode(Self.quadrants(), as: name, in: directory)
        let image = try Image(contentsOf: url, maxPixelSize: 16)
        #expect(image.width == 16 && image.height == 8)
        #expect(image.storedPixel(x: 2, y: 2).isClose(to: .red, tolerance: 16))
        #expect(image.storedPixel(x: 13, y: 5).isClose(to: .yellow, tolerance: 16))
        let translucent = try Image(
            contentsOf: HEIFTestFiles.encode(Self.translucent(), as: "alpha-" + name, in: directory, quality: 100),
            options: ImageLoadingOptions(maxPixelSize: 32))
        #expect(translucent.width == 32 && translucent.height == 16)
        #expect(translucent.storedPixel(x: 28, y: 12).alpha <= 4)
    }

    @Test func exifOrientationInsideHEICIsNotApplied() throws {
        // heif-enc copies the JPEG's EXIF (orientation 6) but stores the picture unrotated, without irot.
        // HEIF readers ignore the EXIF tag, so the picture stays as stored.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try HEIFTestFiles.encode(Self.quadrants(), as: "exif6.heic", in: directory, exifOrientation: 6)
        let image = try Image(contentsOf: url)
        #expect(image.width == 64 && image.height == 32)
        #expect(image.storedPixel(x: 8, y: 8).isClose(to: .red, tolerance: 16))
        #expect(image.storedPixel(x: 56, y: 24).isClose(to: .yellow, tolerance: 16))
    }

    @Test func heifRotationIsAppliedOnceEvenWithAnEXIFOrientation() throws {
        // irot = 1 (90° anticlockwise) shows the stored quadrants as EXIF orientation 8 would; the EXIF
        // orientation 6 left in the file must not turn it again.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let stored = try HEIFTestFiles.encode(Self.quadrants(), as: "stored.heic", in: directory, exifOrientation: 6)
        let rotated = try directory.write(
            HEIFTestFiles.withRotation(Data(contentsOf: stored), quarterTurns: 1), to: "irot.heic")
        let image = try Image(contentsOf: rotated)
        #expect(image.width == 32 && image.height == 64)
        let inset = 6
        let corners = [
            image.storedPixel(x: inset, y: inset), image.storedPixel(x: 31 - inset, y: inset),
            image.storedPixel(x: inset, y: 63 - inset), image.storedPixel(x: 31 - inset, y: 63 - inset)
        ]
        for (got, want) in zip(corners, [Pixel.green, .yellow, .red, .blue]) {
            #expect(got.isClose(to: want, tolerance: 16), "\(got) ≠ \(want)")
        }
        // maxPixelSize fits the rotated size.
        let small = try Image(contentsOf: rotated, maxPixelSize: 16)
        #expect(small.width == 8 && small.height == 16)
    }

    @Test(arguments: formats)
    func thePixelLimitUsesTheSizeLibheifReadsBeforeDecoding(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try HEIFTestFiles.encode(Self.quadrants(), as: name, in: directory)
        let path = url.path(percentEncoded: false)
        let error = try #require(throws: FrameDrawError.self) {
            _ = try Image(contentsOf: url, options: ImageLoadingOptions(maximumPixelCount: 2000))
        }
        #expect(error == .imageExceedsPixelLimit(path: path, width: 64, height: 32, limit: 2000))
        #expect(
            error.description == "The image at \(path) is 64 × 32 pixels (0.002 megapixels), more than the limit of "
                + "0.002 megapixels, so it was not decoded. If you trust the file, raise ImageLoadingOptions.maximumPixelCount "
                + "to at least 2048; maxPixelSize still scales the picture down while it loads.")
        #expect(try Image(contentsOf: url, options: ImageLoadingOptions(maximumPixelCount: 2048)).width == 64)
    }

    @Test func recognisesBrands() {
        func file(_ major: String, _ compatible: [String]) -> Data {
            let brands = compatible.joined()
            let size = 16 + brands.utf8.count
            return Data(
                [0, 0, 0, UInt8(size)] + Array("ftyp\(major)".utf8) + [0, 0, 0, 0] + Array(brands.utf8)
                    + [UInt8](repeating: 0, count: 16))
        }
        #expect(ImageFileFormat.recognize(file("heic", ["mif1", "heic"])) == .supported(.heif))
        #expect(ImageFileFormat.recognize(file("mif1", ["mif1", "heic"])) == .supported(.heif))
        #expect(ImageFileFormat.recognize(file("mif1", ["mif1", "avif", "miaf"])) == .supported(.avif))
        #expect(ImageFileFormat.recognize(file("avif", ["avif", "mif1"])) == .supported(.avif))
        #expect(
            ImageFileFormat.recognize(file("isom", ["isom", "mp41"]))
                == .unsupported(name: "MP4/QuickTime (brand \"isom\")"))
    }

    // MARK: - Damaged files

    @Test func aHEICHeaderWithNothingBehindItIsDamaged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var heic = Data([0x00, 0x00, 0x00, 0x18])
        heic.append(contentsOf: Array("ftypheic\0\0\0\0mif1heic".utf8))
        heic.append(Data(repeating: 0, count: 64))
        let url = try directory.write(heic, to: "IMG_0001.HEIC")
        #expect(
            throws: FrameDrawError.unreadableImage(
                path: url.path(percentEncoded: false),
                reason: "The HEIC/HEIF data is damaged or incomplete (libheif: Invalid input: No 'meta' box); "
                    + "export or download the file again, or convert it to JPEG or PNG."
            )
        ) { _ = try Image(contentsOf: url) }
    }

    @Test(arguments: formats)
    func truncatedFilesAreDamaged(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = try Data(contentsOf: HEIFTestFiles.encode(Self.quadrants(), as: name, in: directory))
        // Cut inside the 'meta' box, which follows the 28-byte 'ftyp' box.
        let url = try directory.write(whole.prefix(40), to: "cut-" + name)
        let format = name.hasSuffix(".avif") ? "AVIF" : "HEIC/HEIF"
        #expect(
            throws: FrameDrawError.unreadableImage(
                path: url.path(percentEncoded: false),
                reason: "The \(format) data is damaged or incomplete (libheif: Invalid input: No 'meta' box); "
                    + "export or download the file again, or convert it to JPEG or PNG."
            )
        ) { _ = try Image(contentsOf: url) }
    }

    @Test(arguments: formats)
    func filesCutInsideThePictureDataAreDamaged(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = try Data(contentsOf: HEIFTestFiles.encode(Self.quadrants(), as: name, in: directory))
        let url = try directory.write(whole.dropLast(20), to: "cut-" + name)  // heif-enc writes 'mdat' last.
        let error = try #require(throws: FrameDrawError.self) { _ = try Image(contentsOf: url) }
        let format = name.hasSuffix(".avif") ? "AVIF" : "HEIC/HEIF"
        guard case .unreadableImage(let path, let reason) = error else {
            Issue.record("Expected unreadableImage, got \(error)")
            return
        }
        #expect(path == url.path(percentEncoded: false))
        // libheif names the byte position, which depends on the encoder's output size.
        #expect(
            reason.hasPrefix(
                "The \(format) data is damaged or incomplete (libheif: Invalid input: Unexpected end of file: "
                    + "Extent in iloc box references data outside of file bounds (points to file position "),
            "\(reason)")
        #expect(reason.hasSuffix("); export or download the file again, or convert it to JPEG or PNG."), "\(reason)")
    }
}
