import Foundation
import Testing

@testable import FrameDraw

/// `Image(data:name:options:)`: a picture's bytes decoded in memory exactly as the same bytes in a
/// file, with the same checks, and errors that name what the bytes are.
@Suite("Image loading from memory")
struct ImageDataLoadingTests {
    static let fixtures =
        ImageLoadingTests.fixtures.map(\.name) + ["orientation6.webp", "orientation8.png"]

    @Test(arguments: fixtures)
    func decodesEveryFormatAsItsFileDoes(_ name: String) throws {
        let url = ImageFixtures.url(name)
        let fromFile = try Image(contentsOf: url)
        let fromMemory = try Image(data: Data(contentsOf: url), name: name)
        #expect(fromMemory.width == fromFile.width && fromMemory.height == fromFile.height)
        #expect(try fromMemory.pngData() == fromFile.pngData())
        // Scaled down while decoding, too (JPEG at reduced resolution, the others by swscale or Cairo).
        let options = ImageLoadingOptions(maxPixelSize: 7)
        #expect(
            try Image(data: Data(contentsOf: url), options: options).pngData()
                == Image(contentsOf: url, options: options).pngData())
    }

    @Test func decodesSVGFromMemory() throws {
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="10" height="10" fill="red"/></svg>"#
        let image = try Image(data: Data(svg.utf8), name: "inline.svg")
        #expect(image.width == 20 && image.height == 10)
        #expect(image.storedPixel(x: 5, y: 5) == .red)
        #expect(image.storedPixel(x: 15, y: 5).alpha == 0)
    }

    @Test(.enabled(if: HEIFTestFiles.encoderPath != nil), arguments: ["photo.heic", "photo.avif"])
    func decodesHEIFAndAVIFFromMemory(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var pixels: [UInt32] = []
        for y in 0..<16 {
            for x in 0..<32 { pixels.append(x < 16 ? (y < 8 ? 0xFFFF_0000 : 0xFF00_00FF) : 0xFF00_FF00) }
        }
        let url = try HEIFTestFiles.encode(Image(width: 32, height: 16, pixels: pixels), as: name, in: directory)
        let fromMemory = try Image(data: Data(contentsOf: url), name: name)
        #expect(try fromMemory.pngData() == Image(contentsOf: url).pngData())
    }

    @Test func errorsNameTheDataAndSayWhatIsWrong() throws {
        let png = try Data(contentsOf: ImageFixtures.url("palette.png"))
        let cases: [(Data, String)] = [
            (Data(), "Could not read the image at the picture: The data is empty (0 bytes)."),
            (Data("hello, world".utf8), "Could not read the image at the picture: The file is not a JPEG, PNG"),
            (png.prefix(png.count / 2), "Could not read the image at the picture: The PNG data ends early")
        ]
        for (data, message) in cases {
            #expect {
                _ = try Image(data: data, name: "the picture")
            } throws: { error in
                "\(error)".hasPrefix(message)
            }
        }
        #expect {
            _ = try Image(data: png, options: ImageLoadingOptions(maximumPixelCount: 10))
        } throws: { error in
            "\(error)".hasPrefix("The image at image data is 16 × 16 pixels")
        }
    }
}
