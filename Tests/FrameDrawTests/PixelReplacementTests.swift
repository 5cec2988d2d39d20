import Foundation
import Testing

@testable import FrameDraw

/// `replacePixels(of:with:)` lends the surface's pixels only where an opaque picture drawn into the rectangle
/// would replace every one of them; everywhere else the picture must be composited as usual.
@Suite("Replacing a surface's pixels")
struct PixelReplacementTests {
    /// Writes opaque green into every pixel, recording that it was asked.
    private static func writeGreen(_ canvas: Canvas, over rect: CGRect) -> Bool {
        canvas.context.replacePixels(of: rect) { bytes, stride, width, height in
            #expect(width == canvas.width && height == canvas.height && stride >= width * 4)
            for row in 0..<height {
                let line = (bytes + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<width { line[column] = 0xFF00_FF00 }
            }
            return true
        }
    }

    @Test func aRectangleThatMapsOntoTheWholeSurfaceIsReplacedInPlace() throws {
        let canvas = try Canvas(width: 32, height: 16, background: 40)
        #expect(Self.writeGreen(canvas, over: canvas.context.bounds))
        #expect(canvas.pixel(x: 0, y: 0) == Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(canvas.pixel(x: 31, y: 15) == Pixel(red: 0, green: 255, blue: 0, alpha: 255))

        // Through a transform that scales and moves the rectangle onto the surface, and under a clip as large.
        let scaled = try Canvas(width: 32, height: 16)
        scaled.context.translateBy(x: -32, y: 0)
        scaled.context.scaleBy(x: 2, y: 0.5)
        scaled.context.clip(to: CGRect(x: 16, y: 0, width: 16, height: 32))
        #expect(Self.writeGreen(scaled, over: CGRect(x: 16, y: 0, width: 16, height: 32)))
        #expect(scaled.pixel(x: 16, y: 8).green == 255)

        // Drawing afterwards composites over the written pixels.
        canvas.context.setFillColor(.red)
        canvas.context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(canvas.pixel(x: 1, y: 1) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(canvas.pixel(x: 8, y: 8).green == 255)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let prepare: @Sendable (DrawingContext) -> CGRect
    }

    static let declined: [Case] = [
        Case(testDescription: "a rectangle one pixel short") { _ in CGRect(x: 0, y: 0, width: 31, height: 16) },
        Case(testDescription: "a rectangle half a pixel off") { _ in CGRect(x: 0.5, y: 0, width: 32, height: 16) },
        Case(testDescription: "a rectangle larger than the surface") { _ in CGRect(x: -1, y: -1, width: 34, height: 18)
        },
        Case(testDescription: "a clip smaller than the surface") { context in
            context.clip(to: CGRect(x: 0, y: 0, width: 16, height: 16))
            return context.bounds
        },
        Case(testDescription: "a round clip") { context in
            context.clip(to: Path(ellipseIn: context.bounds))
            return context.bounds
        },
        Case(testDescription: "global alpha") { context in
            context.setAlpha(0.5)
            return context.bounds
        },
        Case(testDescription: "a shadow") { context in
            context.setShadow(offset: CGSize(width: 2, height: 2), blur: 1)
            return context.bounds
        },
        Case(testDescription: "a blend mode") { context in
            context.setBlendMode(.multiply)
            return context.bounds
        },
        Case(testDescription: "an open transparency layer") { context in
            context.beginTransparencyLayer()
            return context.bounds
        },
        Case(testDescription: "a mirrored transform") { context in
            context.translateBy(x: 32, y: 0)
            context.scaleBy(x: -1, y: 1)
            return context.bounds
        },
        Case(testDescription: "a rotation") { context in
            context.translateBy(x: 32, y: 0)
            context.rotate(by: .pi / 2)
            return CGRect(x: 0, y: 0, width: 16, height: 32)
        }
    ]

    @Test("where the picture would not replace every pixel as it is, nothing is lent", arguments: declined)
    func declines(_ situation: Case) throws {
        let canvas = try Canvas(width: 32, height: 16, background: 40)
        let rect = situation.prepare(canvas.context)
        #expect(!Self.writeGreen(canvas, over: rect))
        canvas.context.reset()
        #expect(canvas.pixel(x: 8, y: 8) == Pixel(red: 40, green: 40, blue: 40, alpha: 255))
    }

    @Test func aWriterThatDeclinesLeavesTheSurfaceAsItWas() throws {
        let canvas = try Canvas(width: 32, height: 16, background: 40)
        let lent = canvas.context.replacePixels(of: canvas.context.bounds) { _, _, _, _ in false }
        #expect(!lent)
        #expect(canvas.pixel(x: 8, y: 8) == Pixel(red: 40, green: 40, blue: 40, alpha: 255))
    }
}
