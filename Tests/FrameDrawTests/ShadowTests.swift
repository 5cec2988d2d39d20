import Foundation
import FrameDraw
import Testing

@Suite("Shadows")
struct ShadowTests {
    let white = Pixel(red: 255, green: 255, blue: 255, alpha: 255)
    let black = Pixel(red: 0, green: 0, blue: 0, alpha: 255)
    let red = Pixel(red: 255, green: 0, blue: 0, alpha: 255)

    /// How dark a grey pixel on a white canvas is, 0 (white) to 255 (black).
    func darkness(_ pixel: Pixel) -> Int { 255 - Int(pixel.green) }

    @Test func hardShadowLiesAtTheOffsetWithASharpEdge() throws {
        let canvas = try Canvas(width: 60, height: 60, background: 255)
        let ctx = canvas.context
        ctx.setShadow(offset: CGSize(width: 10, height: 10), blur: 0, color: .black)
        ctx.setFillColor(.red)
        ctx.fill(CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(canvas.pixel(x: 15, y: 15) == red)  // The shape itself, on top of its shadow.
        #expect(canvas.pixel(x: 29, y: 29) == red)
        #expect(canvas.pixel(x: 35, y: 35) == black)  // Shadow where the shape is not.
        #expect(canvas.pixel(x: 39, y: 39) == black)
        #expect(canvas.pixel(x: 40, y: 35) == white)  // Hard edge: one pixel further is untouched.
        #expect(canvas.pixel(x: 35, y: 40) == white)
        #expect(canvas.pixel(x: 5, y: 5) == white)
        #expect(canvas.pixel(x: 15, y: 35) == white)
    }

    @Test func blurredShadowFallsOffMonotonicallyAcrossTheEdge() throws {
        let canvas = try Canvas(width: 120, height: 60, background: 255)
        let ctx = canvas.context
        ctx.setShadow(offset: CGSize(width: 40, height: 0), blur: 10, color: .black)
        ctx.setFillColor(.red)
        ctx.fill(CGRect(x: 10, y: 10, width: 30, height: 40))
        // The shadow covers x 50..<80; walk the middle row from its centre out across the right edge at 80.
        let row = (65..<110).map { darkness(canvas.pixel(x: $0, y: 30)) }
        for (a, b) in zip(row, row.dropFirst()) { #expect(a >= b, "darkness \(row)") }
        #expect(darkness(canvas.pixel(x: 65, y: 30)) > 240)  // Deep inside: nearly solid.
        #expect((100...155).contains(darkness(canvas.pixel(x: 80, y: 30))))  // At the edge: about half.
        #expect((20...110).contains(darkness(canvas.pixel(x: 84, y: 30))))  // Partway out.
        #expect(darkness(canvas.pixel(x: 97, y: 30)) <= 3)  // 3.4 σ out: gone.
        #expect(canvas.pixel(x: 15, y: 30) == red)
        // The blur spreads the shadow beyond the unblurred rectangle's top edge too.
        #expect(darkness(canvas.pixel(x: 65, y: 8)) > 20)
    }

    @Test func blurRoughlyMatchesAGaussianWithSigmaHalfTheBlur() throws {
        let canvas = try Canvas(width: 200, height: 40, background: 255)
        let ctx = canvas.context
        ctx.setShadow(offset: CGSize(width: 100, height: 0), blur: 20, color: .black)
        ctx.setFillColor(.red)
        ctx.fill(CGRect(x: -100, y: -100, width: 150, height: 300))
        // A half-plane edge at x = 150 blurred by σ = 10: coverage is Φ(-(x - 150) / σ).
        for (x, expected) in [(140, 0.841), (150, 0.5), (160, 0.159), (170, 0.023)] {
            let measured = Double(darkness(canvas.pixel(x: x, y: 20))) / 255
            let adjusted = (Double(x) + 0.5 - 150) / 10
            let gaussian = 0.5 * erfc(adjusted / 2.squareRoot())
            #expect(abs(measured - gaussian) < 0.04, "x = \(x): \(measured) vs Gaussian \(gaussian) (≈ \(expected))")
        }
    }

    @Test func shadowOffsetIsInDeviceSpace() throws {
        let canvas = try Canvas(width: 80, height: 40, background: 255)
        let ctx = canvas.context
        ctx.scaleBy(x: 2, y: 2)
        ctx.setShadow(offset: CGSize(width: 10, height: 0), blur: 0, color: .black)
        ctx.setFillColor(.red)
        ctx.fill(CGRect(x: 5, y: 5, width: 10, height: 10))  // Device 10..<30.
        #expect(canvas.pixel(x: 35, y: 20) == black)  // Device 20..<40: offset 10 device pixels, not 20.
        #expect(canvas.pixel(x: 41, y: 20) == white)
    }

    @Test func restoreGStateRemovesTheShadow() throws {
        let canvas = try Canvas(width: 60, height: 40, background: 255)
        let ctx = canvas.context
        ctx.setFillColor(.red)
        ctx.saveGState()
        ctx.setShadow(offset: CGSize(width: 10, height: 0), blur: 0, color: .black)
        ctx.restoreGState()
        ctx.fill(CGRect(x: 10, y: 10, width: 10, height: 10))
        #expect(canvas.pixel(x: 25, y: 15) == white)
        ctx.setShadow(offset: CGSize(width: 10, height: 0), blur: 0, color: .black)
        ctx.clearShadow()
        ctx.fill(CGRect(x: 30, y: 10, width: 10, height: 10))
        #expect(canvas.pixel(x: 45, y: 15) == white)
    }

    @Test func shadowColourAlphaAndGlobalAlphaScaleTheShadow() throws {
        let canvas = try Canvas(width: 60, height: 40, background: 255)
        let ctx = canvas.context
        ctx.setShadow(offset: CGSize(width: 0, height: 15), blur: 0)  // Default colour: black at 1/3.
        ctx.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(abs(darkness(canvas.pixel(x: 10, y: 22)) - 85) <= 2)
        ctx.setAlpha(0.5)
        ctx.setShadow(offset: CGSize(width: 0, height: 15), blur: 0, color: .black)
        ctx.fill(CGRect(x: 30, y: 5, width: 10, height: 10))
        #expect(abs(darkness(canvas.pixel(x: 35, y: 22)) - 128) <= 2)
        #expect(abs(darkness(canvas.pixel(x: 35, y: 8)) - 128) <= 2)
    }

    @Test func shadowIsClippedAndStrokesAndGradientsCastShadows() throws {
        let canvas = try Canvas(width: 80, height: 80, background: 255)
        let ctx = canvas.context
        ctx.setShadow(offset: CGSize(width: 0, height: 20), blur: 0, color: .black)
        ctx.setStrokeColor(.red)
        ctx.setLineWidth(4)
        ctx.stroke(CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(canvas.pixel(x: 10, y: 40) == black)  // The stroke's bottom-left corner, shifted down.
        #expect(canvas.pixel(x: 20, y: 40) == white)  // Inside the stroked outline: no shadow.
        #expect(canvas.pixel(x: 20, y: 49) == black)
        // A gradient painted through a clip casts a shadow of the clipped area, itself clipped.
        ctx.saveGState()
        ctx.addRect(CGRect(x: 50, y: 0, width: 30, height: 70))
        ctx.clip()
        ctx.addRect(CGRect(x: 50, y: 10, width: 20, height: 20))
        ctx.clip()
        let gradient = Gradient(colors: [.red, .red])
        ctx.drawLinearGradient(
            gradient, start: CGPoint(x: 50, y: 0), end: CGPoint(x: 70, y: 0),
            options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        ctx.restoreGState()
        #expect(canvas.pixel(x: 60, y: 20) == red)
        #expect(canvas.pixel(x: 60, y: 35) == white)  // The shadow would be here, but the clip cuts it off.
    }

    @Test func shadowCompositesWithTheBlendMode() throws {
        let canvas = try Canvas(width: 60, height: 40)
        let ctx = canvas.context
        ctx.setFillColor(Color(red: 200 / 255, green: 100 / 255, blue: 50 / 255))
        ctx.fill(ctx.bounds)
        ctx.setBlendMode(.multiply)
        ctx.setShadow(offset: CGSize(width: 20, height: 0), blur: 0, color: Color(white: 0.5))
        ctx.setFillColor(.white)
        ctx.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(canvas.pixel(x: 10, y: 10).isClose(to: Pixel(red: 200, green: 100, blue: 50, alpha: 255)))
        #expect(canvas.pixel(x: 30, y: 10).isClose(to: Pixel(red: 100, green: 50, blue: 25, alpha: 255)))
    }
}
