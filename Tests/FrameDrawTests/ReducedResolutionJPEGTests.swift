import Foundation
import Testing

@testable import FrameDraw

/// JPEGs loaded with `maxPixelSize` are decoded at 1/2, 1/4 or 1/8 size (libavcodec's `lowres`) and
/// finished with Lanczos: the result must match the full decode scaled, at exactly the requested size.
@Suite("JPEG decoded at reduced resolution")
struct ReducedResolutionJPEGTests {
    /// Smooth gradients with a few hard edges, like a photo.
    static func photoLike(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
        let red = UInt8((x * 255) / 511)
        let green = UInt8((y * 255) / 383)
        let inDisc = (x - 300) * (x - 300) + (y - 180) * (y - 180) < 90 * 90
        let blue: UInt8 = inDisc ? 230 : UInt8(((x + y) * 128) / 900)
        return (red, green, blue)
    }

    /// Peak signal-to-noise ratio over the colour channels of two images of one size, in dB.
    static func psnr(_ a: Image, _ b: Image) -> (psnr: Double, maxDifference: Int) {
        var squares = 0.0
        var worst = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.storedPixel(x: x, y: y)
                let q = b.storedPixel(x: x, y: y)
                for (u, v) in [(p.red, q.red), (p.green, q.green), (p.blue, q.blue)] {
                    let d = Int(u) - Int(v)
                    squares += Double(d * d)
                    worst = max(worst, abs(d))
                }
            }
        }
        let mse = squares / Double(a.width * a.height * 3)
        return (mse == 0 ? .infinity : 10 * log10(255 * 255 / mse), worst)
    }

    @Test(arguments: [100, 200, 300])
    func matchesTheFullDecodeScaled(maxPixelSize: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(TestJPEG.encode(width: 512, height: 384, Self.photoLike), to: "photo.jpg")
        var fullDecode = ImageLoadingOptions(maxPixelSize: maxPixelSize)
        fullDecode.decodesJPEGAtReducedResolution = false
        let reduced = try Image(contentsOf: url, options: ImageLoadingOptions(maxPixelSize: maxPixelSize))
        let reference = try Image(contentsOf: url, options: fullDecode)
        let expected = ImageFileFormat.fittedSize(width: 512, height: 384, maxPixelSize: maxPixelSize)
        #expect(reduced.width == expected.width && reduced.height == expected.height)
        #expect(reference.width == expected.width && reference.height == expected.height)
        let (psnr, worst) = Self.psnr(reduced, reference)
        #expect(psnr > 38, "PSNR \(psnr) dB, largest difference \(worst)")
        #expect(worst <= 40, "PSNR \(psnr) dB, largest difference \(worst)")
    }

    @Test func reductionLevelIsTheLargestThatStillCoversTheTarget() {
        #expect(ImageFileDecoder.reductionLevel(for: (6000, 4000), fittingInto: 1280) == 2)  // 1500x1000 ≥ 1280x853
        #expect(ImageFileDecoder.reductionLevel(for: (6000, 4000), fittingInto: 700) == 3)  // 750x500 ≥ 700x467
        #expect(ImageFileDecoder.reductionLevel(for: (6000, 4000), fittingInto: 100) == 3)  // 1/8 is the most
        #expect(ImageFileDecoder.reductionLevel(for: (12000, 8000), fittingInto: 2048) == 2)
        #expect(ImageFileDecoder.reductionLevel(for: (6000, 4000), fittingInto: 3001) == 0)
        #expect(ImageFileDecoder.reductionLevel(for: (6000, 4000), fittingInto: 3000) == 1)
        #expect(ImageFileDecoder.reductionLevel(for: (6000, 4000), fittingInto: nil) == 0)
        #expect(ImageFileDecoder.reductionLevel(for: (333, 250), fittingInto: 40) == 3)  // 42x32 ≥ 40x30, rounded up
    }

    @Test(arguments: [(333, 250, 40), (333, 250, 41), (250, 333, 83), (1001, 17, 125), (640, 480, 639)])
    func resultHasExactlyTheFittedSize(width: Int, height: Int, maxPixelSize: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(
            TestJPEG.encode(width: width, height: height) { x, y in (UInt8(x % 256), UInt8(y % 256), 90) },
            to: "odd.jpg")
        let image = try Image(contentsOf: url, maxPixelSize: maxPixelSize)
        let expected = ImageFileFormat.fittedSize(width: width, height: height, maxPixelSize: maxPixelSize)
        #expect(image.width == expected.width && image.height == expected.height)
    }

    @Test(arguments: ["progressive.jpg", "cmyk.jpg", "gray.jpg"])
    func fixturesDecodeReduced(_ name: String) throws {
        // 16x16 at maxPixelSize 4: a quarter of each side, decoded with lowres 2.
        let image = try Image(contentsOf: ImageFixtures.url(name), maxPixelSize: 4)
        #expect(image.width == 4 && image.height == 4)
        let full = try Image(contentsOf: ImageFixtures.url(name))
        let corner = image.storedPixel(x: 0, y: 0)
        #expect(corner.isClose(to: full.storedPixel(x: 1, y: 1), tolerance: 24), "\(name): \(corner)")
    }

    @Test func exifOrientationStillAppliesAfterAReducedDecode() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let jpeg = try TestJPEG.encode(width: 320, height: 160) { x, y in
            ExifOrientationTests.storedQuadrants(x / 10, y / 10)
        }
        let url = try directory.write(TestJPEG.withOrientation(jpeg, 6), to: "rotated.jpg")
        let image = try Image(contentsOf: url, maxPixelSize: 40)  // lowres 2: 80x40, then 40x20, then turned.
        #expect(image.width == 20 && image.height == 40)
        #expect(image.storedPixel(x: 2, y: 2).isClose(to: .blue, tolerance: 16))
        #expect(image.storedPixel(x: 17, y: 37).isClose(to: .green, tolerance: 16))
    }
}
