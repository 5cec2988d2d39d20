import Foundation
import FrameDraw
import Testing

/// Gradients and images drawn through a transformation that squeezes user space tens of thousands of
/// times along one direction (an animated scale passing near 0, say). pixman samples a source through
/// the inverse map in 16.16 fixed point, which ends at 32767, and Cairo reports a source it cannot
/// hand over as out of memory, for good. FrameDraw keeps the context usable and draws what can be seen.
@Suite("Sources pixman cannot sample")
struct SqueezedSourceTests {
    static let squeeze = 40_000.0
    static let stops = Gradient(colors: [.red, .blue])

    /// An opaque green image of the given size.
    static func greenImage(width: Int, height: Int) throws -> Image {
        let source = try Canvas(width: width, height: height)
        source.context.setFillColor(.green)
        source.context.fill(source.context.bounds)
        return try source.context.makeImage()
    }

    /// Squeezes x 40000-fold and turns the result a little, so neither Cairo's simplification of an
    /// axis-aligned linear gradient nor an identity matrix applies.
    static func squeeze(_ context: DrawingContext) {
        context.translateBy(x: 20, y: 10)
        context.rotate(by: 0.2)
        context.scaleBy(x: 1 / squeeze, y: 1)
    }

    /// Where a squeezed gradient covers pixels, FrameDraw's rasterizer draws it, whatever its area (Cairo
    /// would hand it to pixman when small).
    @Test(arguments: ["linear", "radial", "stroke"])
    func aSqueezedGradientIsRasterizedWhereItShows(kind: String) throws {
        let canvas = try Canvas(width: 120, height: 100)
        canvas.context.minimumRasterizedGradientArea = .max
        Self.squeeze(canvas.context)
        // 100 device pixels wide after the squeeze, a gradient from top to bottom.
        let rect = CGRect(x: 0, y: 0, width: 100 * Self.squeeze, height: 80)
        canvas.context.addRect(rect)
        switch kind {
        case "linear":
            canvas.context.fillPath(with: Self.stops, start: .zero, end: CGPoint(x: 0, y: 80))
        case "radial":
            canvas.context.fillPath(
                with: Self.stops, startCenter: CGPoint(x: rect.midX, y: 0), startRadius: 0,
                endCenter: CGPoint(x: rect.midX, y: 0), endRadius: 80)
        default:
            canvas.context.setLineWidth(40)
            canvas.context.strokePath(with: Self.stops, start: .zero, end: CGPoint(x: 0, y: 80))
        }
        try canvas.context.checkStatus()
        #expect(canvas.context.rasterizedGradientCountForTesting == 1)
        let top = canvas.pixel(x: 30, y: 14)
        let bottom = canvas.pixel(x: 30, y: 80)
        #expect(bottom.blue > 150 && bottom.red < 100, "near the end: \(bottom)")
        if kind == "radial" {
            // Squeezed along x, the circles are slivers: 30 pixels across is far past the end circle.
            #expect(top == bottom)
        } else {
            #expect(top.red > 200 && top.blue < 60, "near the start: \(top)")
        }
    }

    @Test func aSqueezedImageIsLeftOutAndLaterDrawingStillWorks() throws {
        let image = try Self.greenImage(width: 16, height: 16)

        let canvas = try Canvas(width: 60, height: 40)
        canvas.context.saveGState()
        Self.squeeze(canvas.context)
        canvas.context.draw(image, in: CGRect(x: 0, y: 0, width: 16, height: 30))
        canvas.context.drawTiled(image, in: CGRect(x: 0, y: 0, width: 64, height: 30))
        canvas.context.restoreGState()
        try canvas.context.checkStatus()
        // The same image, unsqueezed, still draws.
        canvas.context.draw(image, in: CGRect(x: 40, y: 10, width: 16, height: 16))
        try canvas.context.checkStatus()
        #expect(canvas.pixel(x: 48, y: 18) == Pixel(red: 0, green: 255, blue: 0, alpha: 255))
    }

    /// Up to the limit, a squeezed image is drawn: a 16000-pixel-wide strip into 1 device pixel.
    @Test func anImageSqueezedWithinTheRangeStillDraws() throws {
        let image = try Self.greenImage(width: 16_000, height: 1)
        let canvas = try Canvas(width: 10, height: 10)
        canvas.context.draw(image, in: CGRect(x: 2, y: 2, width: 1, height: 6))
        try canvas.context.checkStatus()
        #expect(canvas.pixel(x: 2, y: 4).green > 200, "\(canvas.pixel(x: 2, y: 4))")
    }

    /// An image 1e15 pixels away cannot show, and is not handed to Cairo: FuzzSceneRender found an image
    /// mask that far out for which Cairo failed for good (Fuzz/Corpus/FuzzSceneRender/regression-image-…).
    @Test func anImageFarOutsideTheClipIsSkipped() throws {
        let image = try Self.greenImage(width: 4, height: 4)
        let canvas = try Canvas(width: 20, height: 10)
        canvas.context.draw(image, in: CGRect(x: 1e15, y: 3, width: 4, height: 4))
        canvas.context.drawTiled(image, in: CGRect(x: 3, y: -1e15, width: 4, height: 4))
        try canvas.context.checkStatus()
        canvas.context.draw(image, in: CGRect(x: 8, y: 3, width: 4, height: 4))
        try canvas.context.checkStatus()
        #expect(canvas.pixel(x: 10, y: 5) == Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(canvas.positions { $0.alpha > 0 }.count == 16, "only the second image shows")
    }

    /// A gradient seen 1e15 units from its user-space origin: the rasterizer draws it (its padded
    /// end colour), where pixman could not.
    @Test(arguments: ["linear", "radial"])
    func aGradientSeenFarFromItsOriginIsRasterized(kind: String) throws {
        let canvas = try Canvas(width: 20, height: 10)
        canvas.context.minimumRasterizedGradientArea = .max
        canvas.context.translateBy(x: -1e15, y: 0)
        canvas.context.addRect(CGRect(x: 1e15, y: 0, width: 20, height: 10))
        if kind == "linear" {
            canvas.context.fillPath(with: Self.stops, start: .zero, end: CGPoint(x: 100, y: 0))
        } else {
            canvas.context.fillPath(
                with: Self.stops, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 100)
        }
        try canvas.context.checkStatus()
        #expect(canvas.context.rasterizedGradientCountForTesting == 1)
        #expect(canvas.pixel(x: 10, y: 5) == Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    /// Found by FuzzSceneRender: a gradient 1e300 pixels long, squeezed so that the rasterizer draws it,
    /// sized its colour table through an `Int` conversion that traps. It draws its start colour.
    @Test func aGradientLongerThanIntMaxDraws() throws {
        let canvas = try Canvas(width: 20, height: 10)
        Self.squeeze(canvas.context)
        canvas.context.addRect(CGRect(x: -100 * Self.squeeze, y: -100, width: 200 * Self.squeeze, height: 200))
        canvas.context.fillPath(with: Self.stops, start: .zero, end: CGPoint(x: 0, y: 1e300))
        try canvas.context.checkStatus()
        #expect(canvas.context.rasterizedGradientCountForTesting == 1)
        #expect(canvas.pixel(x: 10, y: 5) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
    }
}
