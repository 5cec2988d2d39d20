import Foundation
import FrameDraw
import Testing

@Suite("Transparency layers")
struct LayerTests {
    let left = CGRect(x: 5, y: 5, width: 20, height: 20)
    let right = CGRect(x: 15, y: 5, width: 20, height: 20)

    func alpha(_ canvas: Canvas, _ x: Int, _ y: Int) -> Int { Int(canvas.pixel(x: x, y: y).alpha) }

    @Test func layerAlphaAppliesOnceToTheWholeGroup() throws {
        let canvas = try Canvas(width: 40, height: 30)
        let ctx = canvas.context
        ctx.beginTransparencyLayer(alpha: 0.5)
        ctx.fill(left)
        ctx.fill(right)
        ctx.endTransparencyLayer()
        // Uniform 50% everywhere, including the overlap (x 15..<25).
        for x in [8, 20, 30] { #expect(abs(alpha(canvas, x, 15) - 128) <= 1, "x = \(x)") }
        #expect(alpha(canvas, 2, 15) == 0)
    }

    @Test func globalAlphaOnSeparateShapesDarkensTheOverlap() throws {
        let canvas = try Canvas(width: 40, height: 30)
        let ctx = canvas.context
        ctx.setAlpha(0.5)
        ctx.fill(left)
        ctx.fill(right)
        #expect(abs(alpha(canvas, 8, 15) - 128) <= 1)
        #expect(abs(alpha(canvas, 20, 15) - 191) <= 1)
    }

    @Test func insideALayerAlphaIsOneAndTheStateComesBackAtTheEnd() throws {
        let canvas = try Canvas(width: 40, height: 30)
        let ctx = canvas.context
        ctx.setAlpha(0.5)
        ctx.beginTransparencyLayer()  // Layer alpha 1 × global alpha 0.5 at the end.
        ctx.fill(left)
        ctx.fill(right)
        ctx.setAlpha(1)
        ctx.setFillColor(.red)
        ctx.endTransparencyLayer()
        #expect(abs(alpha(canvas, 20, 15) - 128) <= 1)
        // Global alpha and fill colour are back to their values at begin.
        ctx.fill(CGRect(x: 0, y: 26, width: 40, height: 4))
        #expect(canvas.pixel(x: 20, y: 28).isClose(to: Pixel(red: 0, green: 0, blue: 0, alpha: 128), tolerance: 1))
    }

    @Test func theShadowFallsOnceBeneathTheWholeLayer() throws {
        let canvas = try Canvas(width: 60, height: 60, background: 255)
        let ctx = canvas.context
        ctx.setShadow(offset: CGSize(width: 0, height: 25), blur: 0, color: Color(white: 0, alpha: 0.5))
        ctx.beginTransparencyLayer()
        ctx.fill(left)  // Inside the layer no shadow is drawn per shape…
        ctx.fill(right)
        ctx.endTransparencyLayer()
        // …so the shadow of the overlap is no darker than the rest.
        let single = canvas.pixel(x: 8, y: 40)
        let overlap = canvas.pixel(x: 20, y: 40)
        #expect(abs(Int(single.green) - 128) <= 1)
        #expect(single.isClose(to: overlap, tolerance: 1))
        #expect(canvas.pixel(x: 20, y: 15) == Pixel(red: 0, green: 0, blue: 0, alpha: 255))
        #expect(canvas.pixel(x: 45, y: 40) == Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    @Test func theLayerCompositesWithTheBlendMode() throws {
        let canvas = try Canvas(width: 20, height: 20, background: 128)
        let ctx = canvas.context
        ctx.setBlendMode(.multiply)
        ctx.beginTransparencyLayer()
        ctx.setBlendMode(.normal)
        ctx.setFillColor(Color(white: 0.5))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 20))
        ctx.endTransparencyLayer()
        #expect(canvas.pixel(x: 5, y: 10).isClose(to: Pixel(red: 64, green: 64, blue: 64, alpha: 255)))
        #expect(canvas.pixel(x: 15, y: 10).isClose(to: Pixel(red: 128, green: 128, blue: 128, alpha: 255)))
    }

    @Test func layersNestAndUnbalancedCallsAreHarmless() throws {
        let canvas = try Canvas(width: 40, height: 30)
        let ctx = canvas.context
        ctx.endTransparencyLayer()  // Nothing open: ignored.
        ctx.saveGState()
        ctx.beginTransparencyLayer(alpha: 0.5)
        ctx.restoreGState()  // Would undo a save from before the layer: ignored.
        ctx.beginTransparencyLayer(alpha: 0.5)
        ctx.saveGState()  // Left open: dropped when the layer ends.
        ctx.translateBy(x: 100, y: 0)
        ctx.endTransparencyLayer()
        ctx.fill(left)  // Not translated: the layer restored the transform.
        ctx.endTransparencyLayer()
        ctx.restoreGState()
        try ctx.checkStatus()
        #expect(abs(alpha(canvas, 10, 15) - 128) <= 1)  // Only the outer layer (alpha 0.5) held it.
    }

    @Test func resetDropsOpenLayers() throws {
        let canvas = try Canvas(width: 20, height: 20)
        let ctx = canvas.context
        ctx.beginTransparencyLayer(alpha: 0.5)
        ctx.saveGState()
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.reset()
        try ctx.checkStatus()
        #expect(alpha(canvas, 10, 10) == 0)  // The open layer was discarded, not composited.
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(alpha(canvas, 10, 10) == 255)  // Drawing reaches the surface again, at full alpha.
    }

    @Test func withTransparencyLayerEndsTheLayer() throws {
        let canvas = try Canvas(width: 20, height: 20)
        let ctx = canvas.context
        ctx.withTransparencyLayer(alpha: 0.25) {
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        }
        #expect(abs(alpha(canvas, 10, 10) - 64) <= 1)
    }
}
