import Foundation
import FrameDraw
import Testing

@Suite("Device rasters")
struct DeviceRasterTests {
    /// A drawing with overlapping translucent shapes, a rotated rectangle and text: anti-aliased
    /// edges everywhere, so any misplacement by a pixel or a fraction shows.
    static func drawPicture(_ context: DrawingContext) {
        context.setFillColor(Color(red: 1, green: 0.2, blue: 0.1, alpha: 0.7))
        context.fillEllipse(in: CGRect(x: 3.3, y: 4.6, width: 30.5, height: 22.2))
        context.saveGState()
        context.rotate(by: 0.3)
        context.setFillColor(Color(red: 0.1, green: 0.5, blue: 1, alpha: 0.6))
        context.fill(CGRect(x: 20.25, y: 2.5, width: 18, height: 14))
        context.restoreGState()
        context.draw("Hi", at: CGPoint(x: 6, y: 10), style: TextStyle(font: .system(size: 14), color: .white))
    }

    /// Sets a transform with a fractional offset and a scale, as a group inside a scene has.
    static func place(_ context: DrawingContext) {
        context.translateBy(x: 7.4, y: 5.7)
        context.scaleBy(x: 1.3, y: 0.9)
    }

    @Test func aRasterCompositedUnderTheSameTransformMatchesDrawingInPlace() throws {
        let direct = try Canvas(width: 64, height: 48, background: 40)
        Self.place(direct.context)
        direct.context.withTransparencyLayer(alpha: 0.8) { Self.drawPicture(direct.context) }

        let cached = try Canvas(width: 64, height: 48, background: 40)
        Self.place(cached.context)
        let raster = try cached.context.rasterize(in: nil) { Self.drawPicture($0) }
        #expect(cached.context.draw(raster, alpha: 0.8))

        var largest = 0
        for y in 0..<48 {
            for x in 0..<64 {
                let a = direct.pixel(x: x, y: y)
                let b = cached.pixel(x: x, y: y)
                largest = max(
                    largest, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                    abs(Int(a.blue) - Int(b.blue)))
            }
        }
        #expect(largest <= 1, "The composited raster differs from drawing in place by up to \(largest) levels.")
        #expect(cached.pixel(x: 30, y: 24) != Pixel(red: 40, green: 40, blue: 40, alpha: 255), "Something was drawn.")
    }

    @Test func aRasterIsOnlyCompositedUnderTheTransformAndSurfaceSizeItWasMadeFor() throws {
        let canvas = try Canvas(width: 64, height: 48)
        Self.place(canvas.context)
        let raster = try canvas.context.rasterize(in: nil) { Self.drawPicture($0) }
        #expect(canvas.context.canDraw(raster))
        #expect(raster.transform == canvas.context.ctm)

        canvas.context.translateBy(x: 0.5, y: 0)
        #expect(!canvas.context.canDraw(raster))
        #expect(!canvas.context.draw(raster))
        #expect(canvas.positions { $0.alpha > 0 }.isEmpty, "A raster that does not apply draws nothing.")

        let other = try Canvas(width: 32, height: 48)
        Self.place(other.context)
        #expect(other.context.ctm == raster.transform)
        #expect(!other.context.canDraw(raster), "Another surface size needs a raster of its own.")
    }

    @Test func aRectKeepsOnlyThePixelsUnderIt() throws {
        let canvas = try Canvas(width: 200, height: 100)
        canvas.context.translateBy(x: 10.5, y: 20)
        let raster = try canvas.context.rasterize(in: CGRect(x: 0, y: 0, width: 30, height: 20)) { layer in
            layer.setFillColor(.red)
            layer.fill(CGRect(x: 0, y: 0, width: 30, height: 20))
            layer.fill(CGRect(x: 100, y: 50, width: 20, height: 20))  // Outside the rect: not kept.
        }
        // The rect's device box (10.5…40.5, 20…40) with a pixel of slack, in whole pixels.
        #expect(raster.deviceRect == CGRect(x: 9, y: 19, width: 33, height: 22))
        #expect(raster.byteCount == 33 * 4 * 22)
        canvas.context.draw(raster)
        #expect(canvas.pixel(x: 25, y: 30) == Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(canvas.pixel(x: 120, y: 80).alpha == 0)
    }

    @Test func aRectOutsideTheSurfaceGivesAnEmptyRasterThatDrawsNothing() throws {
        let canvas = try Canvas(width: 40, height: 40)
        let raster = try canvas.context.rasterize(in: CGRect(x: 100, y: 100, width: 10, height: 10)) { layer in
            layer.fill(CGRect(x: 0, y: 0, width: 40, height: 40))
        }
        #expect(raster.byteCount == 0)
        #expect(canvas.context.draw(raster))
        #expect(canvas.positions { $0.alpha > 0 }.isEmpty)
    }

    @Test func compositingFollowsTheClipAndTheGlobalAlpha() throws {
        let canvas = try Canvas(width: 40, height: 40)
        let raster = try canvas.context.rasterize(in: nil) { layer in
            layer.setFillColor(.white)
            layer.fill(layer.bounds)
        }
        canvas.context.clip(to: CGRect(x: 0, y: 0, width: 20, height: 40))
        canvas.context.setAlpha(0.5)
        canvas.context.draw(raster, alpha: 0.5)
        #expect(abs(Int(canvas.pixel(x: 10, y: 10).alpha) - 64) <= 1, "alpha 0.5 × global alpha 0.5")
        #expect(canvas.pixel(x: 30, y: 10).alpha == 0, "outside the clip")
    }

    @Test func drawingErrorsInsideAreThrown() throws {
        let canvas = try Canvas(width: 40, height: 40)
        #expect(throws: FrameDrawError.self) {
            _ = try canvas.context.rasterize(in: nil) { layer in
                layer.scaleBy(x: 0, y: 0)  // Cairo refuses a singular matrix and records an error.
                layer.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
            }
        }
    }
}
