import Foundation
import Testing

@testable import FrameDraw

@Suite("SVG images")
struct SVGLoadingTests {
    /// Writes `text` to a new temporary `.svg` file.
    static func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("svg-\(UUID().uuidString).svg")
        try Data(text.utf8).write(to: url)
        return url
    }

    static let halves = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- left red, right blue -->
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
          <rect x="0" y="0" width="20" height="20" fill="#FF0000"/>
          <rect x="20" y="0" width="20" height="20" fill="#0000FF"/>
        </svg>
        """

    @Test func anSVGIsDrawnAtItsSize() throws {
        let url = try Self.file(Self.halves)
        defer { try? FileManager.default.removeItem(at: url) }
        let image = try Image(contentsOf: url)
        #expect(image.width == 40 && image.height == 20)
        #expect(image.storedPixel(x: 5, y: 10) == .opaque(255, 0, 0))
        #expect(image.storedPixel(x: 35, y: 10) == .opaque(0, 0, 255))
        #expect(try Image.checkFile(at: url) == CGSize(width: 40, height: 20))
    }

    @Test func maxPixelSizeDrawsItSmaller() throws {
        let url = try Self.file(Self.halves)
        defer { try? FileManager.default.removeItem(at: url) }
        let image = try Image(contentsOf: url, maxPixelSize: 10)
        #expect(image.width == 10 && image.height == 5)
        #expect(image.storedPixel(x: 1, y: 2) == .opaque(255, 0, 0))
        #expect(image.storedPixel(x: 8, y: 2) == .opaque(0, 0, 255))
    }

    @Test func aViewBoxGivesTheSizeWhenThereIsNoWidth() throws {
        let url = try Self.file(
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 30 60'><circle cx='15' cy='30' r='10' fill='lime'/></svg>"
        )
        defer { try? FileManager.default.removeItem(at: url) }
        let image = try Image(contentsOf: url)
        #expect(image.width == 30 && image.height == 60)
        #expect(image.storedPixel(x: 15, y: 30) == .opaque(0, 255, 0))
        #expect(image.storedPixel(x: 1, y: 1).alpha == 0)
    }

    @Test func sizeLimitsApply() throws {
        let url = try Self.file("<svg xmlns='http://www.w3.org/2000/svg' width='20000' height='20000'/>")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: FrameDrawError.imageExceedsPixelLimit(path: url.path, width: 20000, height: 20000, limit: 1000))
        {
            try Image(contentsOf: url, options: ImageLoadingOptions(maximumPixelCount: 1000))
        }
        let huge = try Self.file("<svg xmlns='http://www.w3.org/2000/svg' width='40000' height='10'/>")
        defer { try? FileManager.default.removeItem(at: huge) }
        #expect(
            throws: FrameDrawError.imageTooLarge(
                path: huge.path, width: 40000, height: 10, limit: "the 32767 pixels per side a FrameDraw image can hold"
            )
        ) {
            try Image(contentsOf: huge)
        }
    }

    @Test func anSVGWithNoSizeOrABrokenOneIsRefused() throws {
        let sizeless = try Self.file("<svg xmlns='http://www.w3.org/2000/svg'><rect width='5' height='5'/></svg>")
        defer { try? FileManager.default.removeItem(at: sizeless) }
        let error = try #require(throws: FrameDrawError.self) { try Image(contentsOf: sizeless) }
        #expect(error.description.contains("states no size; give its <svg> element a width and height"))
        let broken = try Self.file("<svg xmlns='http://www.w3.org/2000/svg' width='5' height='5'><rect")
        defer { try? FileManager.default.removeItem(at: broken) }
        let parse = try #require(throws: FrameDrawError.self) { try Image(contentsOf: broken) }
        #expect(parse.description.contains("The SVG document cannot be parsed"))
    }

    @Test func svgIsRecognisedByItsContent() {
        #expect(ImageFileFormat.recognize(Data(Self.halves.utf8)) == .supported(.svg))
        #expect(ImageFileFormat.recognize(Data("\u{FEFF}  <svg width='1' height='1'/>".utf8)) == .supported(.svg))
        #expect(ImageFileFormat.recognize(Data("<html><body><svg/></body></html>".utf8)) == .unknown)
        #expect(ImageFileFormat.recognize(Data("svg".utf8)) == .unknown)
    }
}
