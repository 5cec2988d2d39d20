import Foundation
import Testing

@testable import FrameDraw

/// The shape operations Lottie's modifiers use: offsetting, round corners, pucker and bloat, zig-zag,
/// arc-length sampling, gradient strokes and luminance masks.
@Suite struct PathShapeOperationTests {
    let square = Path(rect: CGRect(x: 0, y: 0, width: 100, height: 100))

    @Test func offsettingASquareMovesEverySideByTheAmount() {
        let grown = square.offset(by: 10, lineJoin: .miter)
        #expect(grown.boundingBox == CGRect(x: -10, y: -10, width: 120, height: 120))
        #expect(grown.contains(CGPoint(x: -9, y: -9)))
        let shrunk = square.offset(by: -10, lineJoin: .miter)
        #expect(shrunk.boundingBox == CGRect(x: 10, y: 10, width: 80, height: 80))
        // A square drawn the other way round grows outwards too.
        let reversed = Path(elements: [
            .move(to: .zero), .line(to: CGPoint(x: 0, y: 100)), .line(to: CGPoint(x: 100, y: 100)),
            .line(to: CGPoint(x: 100, y: 0)), .closeSubpath
        ])
        #expect(reversed.offset(by: 10, lineJoin: .miter).boundingBox == grown.boundingBox)
    }

    @Test func roundJoinsCutTheCornersOffAndZeroChangesNothing() {
        let rounded = square.offset(by: 10, lineJoin: .round)
        #expect(abs(rounded.boundingBox.minX + 10) < 1e-9)
        #expect(!rounded.contains(CGPoint(x: -9, y: -9)))
        #expect(rounded.contains(CGPoint(x: -5, y: 50)))
        #expect(square.offset(by: 0) == square)
        #expect(square.offset(by: .nan) == square)
    }

    @Test func anOpenLineIsOffsetOnBothSidesIntoAClosedOutline() {
        var line = Path()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 100, y: 0))
        let outline = line.offset(by: 5, lineJoin: .bevel)
        #expect(outline.boundingBox == CGRect(x: 0, y: -5, width: 100, height: 10))
        #expect(outline.elements.last == .closeSubpath)
    }

    @Test func roundingCornersKeepsTheBoxAndRoundsEachCorner() {
        let rounded = square.roundingCorners(radius: 20)
        #expect(rounded.boundingBox == square.boundingBox)
        #expect(!rounded.contains(CGPoint(x: 1, y: 1)))
        #expect(rounded.contains(CGPoint(x: 50, y: 1)))
        #expect(rounded.elements.filter { if case .curve = $0 { true } else { false } }.count == 4)
        #expect(square.roundingCorners(radius: 0) == square)
        // The radius is at most half of each side.
        #expect(square.roundingCorners(radius: 1000).contains(CGPoint(x: 50, y: 50)))
    }

    @Test func puckerPullsVerticesInAndBloatPushesHandlesOut() {
        let bloated = square.puckeredOrBloated(amount: 0.5)
        #expect(!bloated.contains(CGPoint(x: 2, y: 2)))
        #expect(bloated.contains(CGPoint(x: 50, y: -5)))
        let puckered = square.puckeredOrBloated(amount: -0.5)
        #expect(puckered.contains(CGPoint(x: -20, y: -20)))
        #expect(!puckered.contains(CGPoint(x: 50, y: 5)))
        #expect(square.puckeredOrBloated(amount: 0) == square)
        #expect(Path().puckeredOrBloated(amount: 0.5).isEmpty)
    }

    @Test func zigZagAddsPointsOnEachSideAlternately() {
        let zigzag = square.zigZagged(ridges: 1, amplitude: 5, smooth: false)
        // Four corners and one point on each side, the last line closing the outline.
        #expect(zigzag.elements.filter { if case .line = $0 { true } else { false } }.count == 8)
        #expect(zigzag.boundingBox.minX < -4 && zigzag.boundingBox.minX > -6)
        #expect(square.zigZagged(ridges: 3, amplitude: 0, smooth: true) == square)
        #expect(square.zigZagged(ridges: -1, amplitude: 5, smooth: false).elements.count == 6)
    }

    @Test func pointsAtFractionsOfTheLengthMoveAtConstantSpeed() throws {
        var path = Path()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let quarter = try #require(path.point(atFraction: 0.25))
        #expect(abs(quarter.x - 50) < 1e-9 && abs(quarter.y) < 1e-9)
        #expect(path.point(atFraction: 1) == CGPoint(x: 100, y: 100))
        #expect(path.point(atFraction: -3) == .zero)
        #expect(Path().point(atFraction: 0.5) == nil)
    }

    @Test func gradientStrokesPaintAlongTheLine() throws {
        let gradient = Gradient(colors: [.red, .blue])
        let image = try Image(size: CGSize(width: 100, height: 20)) { context in
            context.move(to: CGPoint(x: 0, y: 10))
            context.addLine(to: CGPoint(x: 100, y: 10))
            context.setLineWidth(10)
            context.strokePath(with: gradient, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 0))
            context.move(to: CGPoint(x: 0, y: 0))
            context.addLine(to: CGPoint(x: 100, y: 0))
            context.setLineWidth(2)
            context.strokePath(
                with: gradient, startCenter: CGPoint(x: 50, y: 0), startRadius: 0, endCenter: CGPoint(x: 50, y: 0),
                endRadius: 50)
        }
        let left = image.pixel(atX: 1, y: 10)
        let right = image.pixel(atX: 98, y: 10)
        #expect(left.red > 0.9 && left.blue < 0.1)
        #expect(right.blue > 0.9 && right.red < 0.1)
        #expect(image.pixel(atX: 50, y: 18).alpha == 0)
        #expect(image.pixel(atX: 50, y: 0).red > 0.9)
    }

    @Test func luminanceBecomesAlpha() throws {
        let image = try Image(size: CGSize(width: 20, height: 10)) { context in
            context.beginTransparencyLayer()
            context.setFillColor(.white)
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            context.setFillColor(.black)
            context.fill(CGRect(x: 10, y: 0, width: 10, height: 10))
            context.convertLuminanceToAlpha()
            context.endTransparencyLayer()
        }
        #expect(image.pixel(atX: 5, y: 5).alpha == 1)
        #expect(image.pixel(atX: 15, y: 5).alpha == 0)
    }
}
