import Foundation
import Testing

@testable import FrameDraw

@Suite("Image transforms, encoding and tiling")
struct ImageTests {
    static func quadrants(size: Int = 16) throws -> Image {
        try Image.opaque(width: size, height: size) { x, y in
            switch (x < size / 2, y < size / 2) {
            case (true, true): (255, 0, 0)
            case (false, true): (0, 255, 0)
            case (true, false): (0, 0, 255)
            case (false, false): (255, 255, 0)
            }
        }
    }

    // MARK: - Off-screen drawing

    @Test func drawingInitStartsTransparentAndKeepsDrawing() throws {
        let image = try Image(size: CGSize(width: 10.2, height: 6)) { context in
            context.setFillColor(Color(red: 0, green: 0, blue: 1, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 6))
        }
        #expect(image.width == 11 && image.height == 6)
        #expect(image.storedPixel(x: 2, y: 3) == .blue)
        #expect(image.storedPixel(x: 8, y: 3) == .clear)
    }

    @Test func drawingInitRejectsEmptySizeAndPassesErrorsThrough() throws {
        #expect(throws: FrameDrawError.invalidImageSize(width: 0, height: 5)) {
            _ = try Image(size: CGSize(width: 0, height: 5)) { _ in }
        }
        struct Stop: Error {}
        #expect(throws: Stop.self) { _ = try Image(size: CGSize(width: 4, height: 4)) { _ in throw Stop() } }
    }

    // MARK: - Cropping

    @Test func croppingCopiesTheRectExactly() throws {
        let image = try Self.quadrants()
        let crop = try #require(image.cropped(to: CGRect(x: 6, y: 6, width: 4, height: 5)))
        #expect(crop.width == 4 && crop.height == 5)
        #expect(crop.storedPixel(x: 0, y: 0) == .red)
        #expect(crop.storedPixel(x: 3, y: 0) == .green)
        #expect(crop.storedPixel(x: 0, y: 4) == .blue)
        #expect(crop.storedPixel(x: 3, y: 4) == .yellow)
    }

    @Test func croppingClipsToTheImageAndRejectsDisjointRects() throws {
        let image = try Self.quadrants()
        let clipped = try #require(image.cropped(to: CGRect(x: 12, y: -5, width: 10, height: 10)))
        #expect(clipped.width == 4 && clipped.height == 5)
        #expect(clipped.storedPixel(x: 0, y: 0) == .green)
        #expect(image.cropped(to: CGRect(x: 20, y: 20, width: 5, height: 5)) == nil)
        #expect(image.cropped(to: CGRect(x: 3, y: 3, width: 0, height: 4)) == nil)
    }

    // MARK: - Resizing

    @Test func resizingKeepsQuadrantColoursAndEdges() throws {
        let image = try Self.quadrants(size: 32)
        let smaller = try image.resized(to: CGSize(width: 8, height: 4))
        #expect(smaller.width == 8 && smaller.height == 4)
        #expect(smaller.storedPixel(x: 0, y: 0).isClose(to: .red, tolerance: 4))
        #expect(smaller.storedPixel(x: 7, y: 0).isClose(to: .green, tolerance: 4))
        #expect(smaller.storedPixel(x: 0, y: 3).isClose(to: .blue, tolerance: 4))
        #expect(smaller.storedPixel(x: 7, y: 3).isClose(to: .yellow, tolerance: 4))
        let larger = try image.resized(to: CGSize(width: 64, height: 64), quality: .none)
        #expect(larger.storedPixel(x: 63, y: 63) == .yellow)
        #expect(larger.storedPixel(x: 31, y: 31) == .red)
        #expect(larger.storedPixel(x: 32, y: 31) == .green)
    }

    @Test func highQualityShrinkingAveragesFineDetail() throws {
        // A one-pixel checkerboard shrunk 4x must become even grey, not an aliased pattern.
        let checker = try Image.opaque(width: 32, height: 32) { x, y in (x + y) % 2 == 0 ? (255, 255, 255) : (0, 0, 0) }
        let small = try checker.resized(to: CGSize(width: 8, height: 8), quality: .high)
        for (x, y) in [(1, 1), (4, 4), (6, 2), (3, 6)] {
            let pixel = small.storedPixel(x: x, y: y)
            #expect(pixel.isClose(to: .opaque(128, 128, 128), tolerance: 24), "(\(x), \(y)): \(pixel)")
        }
    }

    @Test func resizingRejectsEmptySizes() throws {
        let image = try Self.quadrants()
        #expect(throws: FrameDrawError.self) { _ = try image.resized(to: CGSize(width: 0, height: 4)) }
        #expect(throws: FrameDrawError.self) { _ = try image.resized(to: CGSize(width: Double.nan, height: 4)) }
    }

    // MARK: - PNG

    @Test func pngDataRoundTripsThroughTheLoader() throws {
        let source = try Image(
            width: 3, height: 2,
            pixels: [
                0xFFFF_0000, 0xFF00_FF00, 0xFF00_00FF,
                0x8080_0000, 0x0000_0000, 0xFF12_3456
            ])
        let data = try source.pngData()
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("round-trip.png")
        try source.write(to: url)
        #expect(try Data(contentsOf: url) == data)
        let loaded = try Image(contentsOf: url)
        #expect(loaded.width == 3 && loaded.height == 2)
        for y in 0..<2 {
            for x in 0..<3 {
                #expect(
                    loaded.storedPixel(x: x, y: y).isClose(to: source.storedPixel(x: x, y: y), tolerance: 1),
                    "(\(x), \(y))")
            }
        }
        // No temporary files are left beside the written file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["round-trip.png"])
    }

    @Test func writingReplacesAnExistingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try directory.write(Data("old".utf8), to: "out.PNG")
        try Self.quadrants().write(to: url)
        #expect(try Image(contentsOf: url).storedPixel(x: 12, y: 12) == .yellow)
    }

    @Test func writingRejectsOtherExtensionsAndMissingFolders() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let image = try Self.quadrants()
        let jpegURL = directory.file("photo.jpg")
        let wrongType = try #require(throws: FrameDrawError.self) { try image.write(to: jpegURL) }
        #expect(wrongType.description.contains(jpegURL.path) && wrongType.description.contains(".png"))
        #expect(!FileManager.default.fileExists(atPath: jpegURL.path))

        let nowhere = directory.file("missing-folder/out.png")
        let missing = try #require(throws: FrameDrawError.self) { try image.write(to: nowhere) }
        guard case .imageWriteFailed(let path, _) = missing else {
            Issue.record("Expected imageWriteFailed, got \(missing)")
            return
        }
        #expect(path == nowhere.path)
    }

    // MARK: - Drawing

    @Test func drawTiledRepeatsFromTheRectOrigin() throws {
        // A 4x4 tile: red 2x2 top-left, blue elsewhere.
        let tile = try Image.opaque(width: 4, height: 4) { x, y in x < 2 && y < 2 ? (255, 0, 0) : (0, 0, 255) }
        let canvas = try Canvas(width: 20, height: 20, background: 255)
        canvas.context.drawTiled(tile, in: CGRect(x: 2, y: 2, width: 14, height: 10))
        try canvas.context.checkStatus()
        for (x, y) in [(2, 2), (6, 2), (10, 6), (14, 10)] {
            #expect(canvas.pixel(x: x, y: y) == .red, "(\(x), \(y))")
        }
        for (x, y) in [(4, 2), (2, 4), (8, 8), (13, 11)] {
            #expect(canvas.pixel(x: x, y: y) == .blue, "(\(x), \(y))")
        }
        // Outside the rect nothing changes.
        for (x, y) in [(1, 1), (16, 5), (5, 12), (19, 19)] {
            #expect(canvas.pixel(x: x, y: y) == .opaque(255, 255, 255), "(\(x), \(y))")
        }
    }

    @Test func drawTiledHonoursGlobalAlpha() throws {
        let tile = try Image.opaque(width: 2, height: 2) { _, _ in (0, 0, 0) }
        let canvas = try Canvas(width: 8, height: 8, background: 255)
        canvas.context.setAlpha(0.5)
        canvas.context.drawTiled(tile, in: canvas.context.bounds)
        #expect(canvas.pixel(x: 5, y: 5).isClose(to: .opaque(128, 128, 128), tolerance: 2))
    }

    @Test func drawInRectUsesGlobalAlphaAndInterpolation() throws {
        let image = try Image.opaque(width: 2, height: 1) { x, _ in x == 0 ? (0, 0, 0) : (255, 255, 255) }
        let canvas = try Canvas(width: 20, height: 4, background: 255)
        canvas.context.setInterpolationQuality(.none)
        canvas.context.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 4))
        // Nearest neighbour: a hard edge in the middle.
        #expect(canvas.pixel(x: 9, y: 2) == .opaque(0, 0, 0))
        #expect(canvas.pixel(x: 10, y: 2) == .opaque(255, 255, 255))
        canvas.context.setAlpha(0.5)
        canvas.context.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 4))
        #expect(canvas.pixel(x: 2, y: 2) == .opaque(0, 0, 0))
        let faded = try Canvas(width: 20, height: 4, background: 255)
        faded.context.setAlpha(0.5)
        faded.context.draw(image, in: CGRect(x: 0, y: 0, width: 20, height: 4))
        #expect(faded.pixel(x: 2, y: 2).isClose(to: .opaque(128, 128, 128), tolerance: 2))
    }
}
