import Foundation
import Testing

@testable import FrameDraw

@Suite("Image loading")
struct ImageLoadingTests {
    /// A fixture and the stored (premultiplied) colours expected at probe points.
    struct FixtureCase: CustomTestStringConvertible, Sendable {
        let name: String
        let probes: [(x: Int, y: Int, pixel: Pixel)]
        let tolerance: UInt8
        var testDescription: String { name }
    }

    /// The committed fixtures are 16x16: red, green / blue, yellow quadrants unless noted.
    static let quadrantProbes: [(x: Int, y: Int, pixel: Pixel)] = [
        (4, 4, .red), (12, 4, .green), (4, 12, .blue), (12, 12, .yellow)
    ]
    /// The same, but the bottom-right quadrant is fully transparent.
    static let quadrantProbesClearCorner: [(x: Int, y: Int, pixel: Pixel)] = [
        (4, 4, .red), (12, 4, .green), (4, 12, .blue), (12, 12, .clear)
    ]

    static let fixtures: [FixtureCase] = [
        FixtureCase(name: "progressive.jpg", probes: quadrantProbes, tolerance: 8),
        FixtureCase(name: "cmyk.jpg", probes: quadrantProbes, tolerance: 8),
        FixtureCase(
            name: "gray.jpg",
            probes: [(4, 4, .opaque(50, 50, 50)), (12, 12, .opaque(200, 200, 200))], tolerance: 8
        ),
        FixtureCase(name: "rgb16.png", probes: quadrantProbes, tolerance: 0),
        FixtureCase(
            name: "rgba16.png",
            // Bottom-right: yellow at alpha 0x8000/0xFFFF ≈ 128, stored premultiplied.
            probes: [
                (4, 4, .red), (12, 4, .green), (4, 12, .blue),
                (12, 12, Pixel(red: 128, green: 128, blue: 0, alpha: 128))
            ],
            tolerance: 1
        ),
        FixtureCase(name: "palette.png", probes: quadrantProbesClearCorner, tolerance: 0),
        FixtureCase(
            name: "gray-alpha.png",
            probes: [(4, 4, .opaque(64, 64, 64)), (12, 4, Pixel(red: 100, green: 100, blue: 100, alpha: 128))],
            tolerance: 1
        ),
        FixtureCase(name: "lossy.webp", probes: quadrantProbes, tolerance: 8),
        FixtureCase(name: "lossy-alpha.webp", probes: quadrantProbesClearCorner, tolerance: 8),
        FixtureCase(name: "lossless-alpha.webp", probes: quadrantProbesClearCorner, tolerance: 0),
        FixtureCase(name: "image.bmp", probes: quadrantProbes, tolerance: 0),
        FixtureCase(name: "image.tiff", probes: quadrantProbes, tolerance: 0),
        // The second frame is all white; only the first may be loaded.
        FixtureCase(name: "animated.gif", probes: quadrantProbes, tolerance: 0)
    ]

    @Test(arguments: fixtures)
    func decodesFixtureColours(_ fixture: FixtureCase) throws {
        let image = try Image(contentsOf: ImageFixtures.url(fixture.name))
        #expect(image.width == 16 && image.height == 16)
        for probe in fixture.probes {
            let actual = image.storedPixel(x: probe.x, y: probe.y)
            #expect(
                actual.isClose(to: probe.pixel, tolerance: fixture.tolerance),
                "\(fixture.name) at (\(probe.x), \(probe.y)): \(actual), expected \(probe.pixel)"
            )
        }
    }

    @Test func decodesInTestEncodedBaselineJPEG() throws {
        let jpeg = try TestJPEG.encode(width: 32, height: 16) { x, y in
            x < 16 ? (255, 0, 0) : (y < 8 ? (0, 0, 255) : (0, 255, 0))
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let image = try Image(contentsOf: directory.write(jpeg, to: "photo.jpg"))
        #expect(image.width == 32 && image.height == 16)
        #expect(image.storedPixel(x: 4, y: 8).isClose(to: .red, tolerance: 8))
        #expect(image.storedPixel(x: 28, y: 3).isClose(to: .blue, tolerance: 8))
        #expect(image.storedPixel(x: 28, y: 12).isClose(to: .green, tolerance: 8))
    }

    @Test func recognisesTheFormatFromContentNotExtension() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let data = try Data(contentsOf: ImageFixtures.url("image.bmp"))
        let image = try Image(contentsOf: directory.write(data, to: "misnamed.jpg"))
        #expect(image.storedPixel(x: 12, y: 12) == .yellow)
    }

    @Test func pathsWithSpacesAndColonsLoad() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let data = try Data(contentsOf: ImageFixtures.url("palette.png"))
        let image = try Image(contentsOf: directory.write(data, to: "my photo: 1 #2.png"))
        #expect(image.storedPixel(x: 4, y: 4) == .red)
    }

    // MARK: - maxPixelSize

    @Test func maxPixelSizeScalesTheLongestSideAndKeepsTheAspect() throws {
        let jpeg = try TestJPEG.encode(width: 64, height: 32) { x, _ in x < 32 ? (255, 0, 0) : (0, 0, 255) }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(jpeg, to: "wide.jpg")
        let image = try Image(contentsOf: url, maxPixelSize: 16)
        #expect(image.width == 16 && image.height == 8)
        #expect(image.storedPixel(x: 2, y: 4).isClose(to: .red, tolerance: 10))
        #expect(image.storedPixel(x: 13, y: 4).isClose(to: .blue, tolerance: 10))

        let tall = try Image(
            contentsOf: directory.write(
                TestJPEG.encode(width: 30, height: 90) { _, _ in (0, 255, 0) }, to: "tall.jpg"
            ), maxPixelSize: 20)
        #expect(tall.width == 7 && tall.height == 20)
    }

    @Test func maxPixelSizeNeverEnlarges() throws {
        let image = try Image(contentsOf: ImageFixtures.url("rgb16.png"), maxPixelSize: 100)
        #expect(image.width == 16 && image.height == 16)
    }

    @Test func maxPixelSizeWithAlphaKeepsTransparencyAndColours() throws {
        let image = try Image(contentsOf: ImageFixtures.url("lossless-alpha.webp"), maxPixelSize: 8)
        #expect(image.width == 8 && image.height == 8)
        #expect(image.storedPixel(x: 1, y: 1).isClose(to: .red, tolerance: 2))
        #expect(image.storedPixel(x: 6, y: 6) == .clear)
        // No dark fringe: a colour pixel next to the transparent quadrant keeps its hue at full strength
        // relative to its alpha.
        let edge = image.storedPixel(x: 3, y: 6)
        #expect(edge.alpha == 255 && edge.blue >= 250)
    }

    @Test func fittedSizeArithmetic() {
        #expect(ImageFileFormat.fittedSize(width: 4000, height: 3000, maxPixelSize: 1000) == (1000, 750))
        #expect(ImageFileFormat.fittedSize(width: 3000, height: 4000, maxPixelSize: 1000) == (750, 1000))
        #expect(ImageFileFormat.fittedSize(width: 5000, height: 1, maxPixelSize: 100) == (100, 1))
        #expect(ImageFileFormat.fittedSize(width: 50, height: 40, maxPixelSize: 100) == (50, 40))
        #expect(ImageFileFormat.fittedSize(width: 50, height: 40, maxPixelSize: nil) == (50, 40))
    }
}

@Suite("Image loading errors")
struct ImageLoadingErrorTests {
    /// Loads `url`, expecting `.unreadableImage` for its path, and returns the reason.
    private func reason(loading url: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let error = try #require(throws: FrameDrawError.self, sourceLocation: sourceLocation) {
            _ = try Image(contentsOf: url)
        }
        guard case .unreadableImage(let path, let reason) = error else {
            Issue.record("Expected unreadableImage, got \(error)", sourceLocation: sourceLocation)
            return ""
        }
        #expect(path == url.path(percentEncoded: false), sourceLocation: sourceLocation)
        #expect(error.description.contains(url.path(percentEncoded: false)), sourceLocation: sourceLocation)
        #expect(reason.hasSuffix("."), "The reason is a full sentence: \(reason)", sourceLocation: sourceLocation)
        return reason
    }

    @Test func missingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try reason(loading: directory.file("nothing-here.png")).contains("No file exists"))
    }

    @Test func directory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try reason(loading: directory.url).contains("is a directory"))
    }

    @Test func zeroByteFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try reason(loading: directory.write(Data(), to: "empty.jpg")).contains("empty (0 bytes)"))
    }

    @Test func textFileWithImageExtension() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(Data("Hello, this is not a picture.\n".utf8), to: "notes.png")
        let text = try reason(loading: url)
        #expect(text.contains("not a JPEG, PNG, WebP, BMP, TIFF, GIF, HEIC, AVIF or SVG image"))
        #expect(text.contains("48 65 6C 6C"))
    }

    @Test func jpegXLIsNamedAsUnsupported() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = try reason(
            loading: directory.write(Data([0xFF, 0x0A] + [UInt8](repeating: 0, count: 64)), to: "photo.jxl"))
        #expect(
            text == "The file is in JPEG XL format, which FrameDraw cannot decode; convert it to JPEG or PNG first.")
    }

    @Test func animatedWebPIsNamedAsUnsupported() throws {
        let text = try reason(loading: ImageFixtures.url("animated.webp"))
        #expect(text.contains("animated WebP"))
    }

    @Test(arguments: ["progressive.jpg", "rgb16.png", "lossy.webp", "image.bmp"])
    func truncatedFile(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = try Data(contentsOf: ImageFixtures.url(name))
        let url = try directory.write(whole.prefix(whole.count * 2 / 3), to: "cut-" + name)
        let text = try reason(loading: url)
        #expect(text.contains("truncated"))
    }

    @Test func truncatedTIFFIsReportedAsDamaged() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let whole = try Data(contentsOf: ImageFixtures.url("image.tiff"))
        let text = try reason(loading: directory.write(whole.prefix(40), to: "cut.tiff"))
        #expect(text.contains("damaged") || text.contains("truncated") || text.contains("could not open"))
    }

    @Test func corruptJPEGBodyIsRejected() throws {
        // A JPEG header followed by garbage where the frame header should be.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var bytes = Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02])
        bytes.append(Data(repeating: 0x55, count: 100))
        bytes.append(contentsOf: [0xFF, 0xD9])
        let text = try reason(loading: directory.write(bytes, to: "broken.jpg"))
        #expect(text.contains("damaged") || text.contains("truncated"))
    }

    @Test func unreadableFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(Data(contentsOf: ImageFixtures.url("image.bmp")), to: "locked.bmp")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path) }
        // root reads the file anyway; then loading must simply succeed.
        if FileManager.default.isReadableFile(atPath: url.path) {
            #expect(try Image(contentsOf: url).width == 16)
        } else {
            #expect(try reason(loading: url).contains("Permission"))
        }
    }
}
