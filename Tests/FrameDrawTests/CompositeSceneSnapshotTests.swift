import Foundation
import FrameDraw
import SnapshotTesting
import Testing

/// Small composite scenes compared with reference PNGs in `__Snapshots__/`.
@Suite("Composite scene snapshots")
struct CompositeSceneSnapshotTests {
    static let size = CGSize(width: 128, height: 96)

    @Test func badgeWithGradientShadowAndText() throws {
        let image = try Image(size: Self.size) { c in
            c.setFillColor(Color(white: 0.95))
            c.fill(c.bounds)
            c.setShadow(offset: CGSize(width: 3, height: 4), blur: 6, color: Color(white: 0, alpha: 0.5))
            c.addRoundedRect(CGRect(x: 14, y: 16, width: 100, height: 60), cornerRadius: 12)
            let gradient = Gradient(colors: [Color(rgb: 0x3A7BD5), Color(rgb: 0x00D2FF)])
            c.fillPath(with: gradient, start: CGPoint(x: 14, y: 16), end: CGPoint(x: 114, y: 76))
            c.clearShadow()
            c.draw(
                "Go", at: CGPoint(x: 44, y: 28), style: TextStyle(font: .system(size: 26, weight: .bold), color: .white)
            )
        }
        assertSnapshot(of: image, as: .image())
    }

    @Test func starClipWithRadialGradientAndDashedOutline() throws {
        let image = try Image(size: Self.size) { c in
            c.setFillColor(Color(red: 0.1, green: 0.1, blue: 0.2))
            c.fill(c.bounds)
            let star = Path.star(center: CGPoint(x: 64, y: 50), outerRadius: 44, innerRadius: 18, points: 5)
            c.saveGState()
            c.clip(to: star)
            let glow = try Gradient(colors: [.yellow, .orange, .red], locations: [0, 0.6, 1])
            c.drawRadialGradient(
                glow, startCenter: CGPoint(x: 64, y: 50), startRadius: 0,
                endCenter: CGPoint(x: 64, y: 50), endRadius: 44, options: [.drawsAfterEndLocation])
            c.restoreGState()
            c.setStrokeColor(.white)
            c.setLineWidth(2)
            c.setLineDash(phase: 0, lengths: [5, 3])
            c.addPath(star)
            c.strokePath()
        }
        assertSnapshot(of: image, as: .image())
    }

    @Test func rotatedSquaresInALayerWithMultiply() throws {
        let image = try Image(size: Self.size) { c in
            c.setFillColor(.white)
            c.fill(c.bounds)
            c.withTransparencyLayer(alpha: 0.8) {
                for i in 0..<3 {
                    c.saveGState()
                    c.translateBy(x: 40 + Double(i) * 24, y: 48)
                    c.rotate(by: Double(i) * .pi / 10)
                    c.setBlendMode(.multiply)
                    c.setFillColor(Color(hue: Double(i) / 3, saturation: 0.6, brightness: 1))
                    c.fill(CGRect(x: -22, y: -22, width: 44, height: 44))
                    c.restoreGState()
                }
            }
        }
        assertSnapshot(of: image, as: .image())
    }

    @Test func imagesFittedAndTiled() throws {
        let tile = try Image(size: CGSize(width: 12, height: 12)) { t in
            t.setFillColor(.orange)
            t.fill(t.bounds)
            t.setFillColor(.purple)
            t.fillEllipse(in: CGRect(x: 2, y: 2, width: 8, height: 8))
        }
        let wide = try Image(size: CGSize(width: 60, height: 20)) { w in
            w.drawLinearGradient(
                Gradient(colors: [.cyan, .blue]), start: .zero, end: CGPoint(x: 60, y: 0),
                options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        let image = try Image(size: Self.size) { c in
            c.setFillColor(.black)
            c.fill(c.bounds)
            c.drawTiled(tile, in: CGRect(x: 4, y: 4, width: 56, height: 88))
            c.draw(wide, in: CGRect(x: 68, y: 4, width: 56, height: 40), fit: .contain)
            c.draw(wide, in: CGRect(x: 68, y: 52, width: 56, height: 40), fit: .cover)
        }
        assertSnapshot(of: image, as: .image())
    }
}
