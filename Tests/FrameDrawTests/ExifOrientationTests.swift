import Foundation
import Testing

@testable import FrameDraw

@Suite("EXIF orientation")
struct ExifOrientationTests {
    /// Stored picture (32x16): red top-left, green top-right, blue bottom-left, yellow bottom-right.
    static func storedQuadrants(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        switch (x < 16, y < 8) {
        case (true, true): (255, 0, 0)
        case (false, true): (0, 255, 0)
        case (true, false): (0, 0, 255)
        case (false, false): (255, 255, 0)
        }
    }

    /// What each orientation shows upright, as top-left, top-right, bottom-left, bottom-right, worked
    /// out by hand from the EXIF specification's description of the 0th row and 0th column.
    static let expectedCorners: [Int: [Pixel]] = [
        1: [.red, .green, .blue, .yellow],
        2: [.green, .red, .yellow, .blue],
        3: [.yellow, .blue, .green, .red],
        4: [.blue, .yellow, .red, .green],
        5: [.red, .blue, .green, .yellow],
        6: [.blue, .red, .yellow, .green],
        7: [.yellow, .green, .blue, .red],
        8: [.green, .yellow, .red, .blue]
    ]

    static func corners(of image: Image) -> [Pixel] {
        let inset = 3
        return [
            image.storedPixel(x: inset, y: inset),
            image.storedPixel(x: image.width - 1 - inset, y: inset),
            image.storedPixel(x: inset, y: image.height - 1 - inset),
            image.storedPixel(x: image.width - 1 - inset, y: image.height - 1 - inset)
        ]
    }

    static func expectCorners(_ image: Image, orientation: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = expectedCorners[orientation] ?? []
        let actual = corners(of: image)
        for (index, (got, want)) in zip(actual, expected).enumerated() {
            #expect(
                got.isClose(to: want, tolerance: 10), "orientation \(orientation), corner \(index): \(got) ≠ \(want)",
                sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: 1...8, [false, true])
    func jpegOrientationTurnsThePictureUpright(orientation: Int, bigEndian: Bool) throws {
        let jpeg = try TestJPEG.encode(width: 32, height: 16, Self.storedQuadrants)
        let tagged = TestJPEG.withOrientation(jpeg, orientation, bigEndian: bigEndian)
        #expect(ExifOrientation(imageFile: tagged).rawValue == orientation)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let image = try Image(contentsOf: directory.write(tagged, to: "o\(orientation).jpg"))
        let swapped = orientation >= 5
        #expect(image.width == (swapped ? 16 : 32) && image.height == (swapped ? 32 : 16))
        Self.expectCorners(image, orientation: orientation)
    }

    @Test func orientationAppliesBeforeMaxPixelSizeKeepsTheAspect() throws {
        let jpeg = try TestJPEG.encode(width: 32, height: 16, Self.storedQuadrants)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(TestJPEG.withOrientation(jpeg, 6), to: "rotated.jpg")
        let image = try Image(contentsOf: url, maxPixelSize: 16)
        #expect(image.width == 8 && image.height == 16)
        #expect(image.storedPixel(x: 1, y: 1).isClose(to: .blue, tolerance: 12))
        #expect(image.storedPixel(x: 6, y: 14).isClose(to: .green, tolerance: 12))
    }

    @Test func pngExifChunkIsHonoured() throws {
        // orientation8.png: 32x16 quadrants with an eXIf chunk saying 8.
        let data = try Data(contentsOf: ImageFixtures.url("orientation8.png"))
        #expect(ExifOrientation(imageFile: data) == .left)
        let image = try Image(contentsOf: ImageFixtures.url("orientation8.png"))
        #expect(image.width == 16 && image.height == 32)
        Self.expectCorners(image, orientation: 8)
    }

    @Test func webpExifChunkIsHonoured() throws {
        // orientation6.webp: 32x16 quadrants (lossless) in a VP8X file with an EXIF chunk saying 6.
        let data = try Data(contentsOf: ImageFixtures.url("orientation6.webp"))
        #expect(ExifOrientation(imageFile: data) == .right)
        let image = try Image(contentsOf: ImageFixtures.url("orientation6.webp"))
        #expect(image.width == 16 && image.height == 32)
        Self.expectCorners(image, orientation: 6)
    }

    @Test func tiffFileReadsItsOwnIFD() {
        let tiff = TestJPEG.tiffWithOrientation(3, bigEndian: true)
        #expect(ExifOrientation(imageFile: tiff) == .down)
    }

    @Test func longTypedValueIsAccepted() {
        let jpegHead = Data([0xFF, 0xD8, 0xFF, 0xDA, 0, 2, 0xFF, 0xD9])
        var segment = Data([0xFF, 0xE1, 0, 0])
        segment.append(contentsOf: Array("Exif\0\0".utf8))
        segment.append(TestJPEG.tiffWithOrientation(7, bigEndian: false, type: 4))
        segment[3] = UInt8(segment.count - 2)
        let file = Data(jpegHead.prefix(2)) + segment + jpegHead.dropFirst(2)
        #expect(ExifOrientation(imageFile: file) == .rightMirrored)
    }

    @Test func missingOrMalformedExifMeansUp() throws {
        let plain = try TestJPEG.encode(width: 8, height: 8) { _, _ in (0, 0, 0) }
        #expect(ExifOrientation(imageFile: plain) == .up)
        // Out-of-range value.
        #expect(ExifOrientation(imageFile: TestJPEG.withOrientation(plain, 9)) == .up)
        // An APP1 segment whose TIFF header is cut short.
        var cut = TestJPEG.withOrientation(plain, 6)
        cut = Data(cut.prefix(20))
        #expect(ExifOrientation(imageFile: cut) == .up)
        // A segment length pointing past the end of the data.
        #expect(ExifOrientation(imageFile: Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45])) == .up)
        #expect(ExifOrientation(imageFile: Data()) == .up)
        #expect(ExifOrientation(imageFile: try Data(contentsOf: ImageFixtures.url("palette.png"))) == .up)
    }

    @Test func exifAfterTheFirstScanIsIgnored() throws {
        // Only segments before SOS count; an APP1 lookalike inside scan data must not be read.
        let plain = try TestJPEG.encode(width: 8, height: 8) { _, _ in (0, 0, 0) }
        let tagged = TestJPEG.withOrientation(Data([0xFF, 0xD8]) + Data([0xFF, 0xDA, 0, 2]) + plain.dropFirst(2), 6)
        // withOrientation inserts right after SOI, so the segment precedes SOS and is read…
        #expect(ExifOrientation(imageFile: tagged) == .right)
        // …but the same segment placed after SOS is not.
        let late = Data([0xFF, 0xD8, 0xFF, 0xDA, 0, 2]) + TestJPEG.withOrientation(plain, 6).dropFirst(2)
        #expect(ExifOrientation(imageFile: late) == .up)
    }
}
