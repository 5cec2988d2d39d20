import Foundation
import TestSupport
import Testing

@testable import FrameDraw

/// Clips, fills and images through a transform that takes them far past the surface: a zoom into a
/// shape, or an animation that overshoots. Cairo keeps a path's points in 24.8 fixed point, and its
/// rasteriser goes wrong well before that range ends on long slanted edges; FrameDraw cuts such paths
/// to the clip in device space first (`DrawingContext.addArea(of:)`).
@Suite("Paths far past the surface")
struct FarPathTests {
    private let green = Pixel(red: 0, green: 255, blue: 0, alpha: 255)
    private let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)

    /// The transform of `FuzzSceneRender`'s finding: a 1×1 picture stretched about 10¹¹² times along
    /// a diagonal and flipped, which put the corners of its rectangle 7.7×10¹¹¹ pixels out.
    static let fuzzFinding = AffineTransform(
        a: 1.5371886547533641e+112, b: 1.5371886547533639e+112, c: 0.015371886547533639, d: -0.015371886547533643,
        tx: -7.6859432737668207e+111, ty: -7.6859432737668196e+111)

    /// Cairo 1.16 dereferenced a null pointer (SEGV) painting through two such clips, which an image
    /// layer makes (its bounds, then the picture's rectangle). Now the clips are cut to the surface.
    @Test(arguments: [1, 20])
    func twoClipsThroughTheFuzzersStretchPaintWithoutCrashing(side: Int) throws {
        let canvas = try Canvas(width: side, height: side)
        let context = canvas.context
        context.clip(to: context.bounds)
        context.concatenate(Self.fuzzFinding)
        context.draw(try Image(width: 1, height: 1, pixels: [0xFF33_6699]), in: CGRect(x: 0, y: 0, width: 1, height: 1))
        context.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        context.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        context.setFillColor(.green)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        try context.checkStatus()
    }

    /// A band 20 pixels wide along the diagonal, made by a rectangle turned 45° and stretched a
    /// million times: Cairo alone fills nothing of it once it reaches about 2×10⁵ pixels out.
    static func diagonalBand(_ context: DrawingContext) {
        context.translateBy(x: 50, y: 50)
        context.rotate(by: .pi / 4)
        context.scaleBy(x: 1e6, y: 1)
    }

    static let bandRect = CGRect(x: -0.5, y: -10, width: 1, height: 20)

    @Test func aClipStretchedFarPastTheSurfaceKeepsWhatItCovers() throws {
        let canvas = try Canvas(width: 100, height: 100)
        let context = canvas.context
        Self.diagonalBand(context)
        context.clip(to: Self.bandRect)
        context.setFillColor(.green)
        context.fill(Self.bandRect)
        try context.checkStatus()
        for i in [2, 30, 50, 70, 97] { #expect(canvas.pixel(x: i, y: i) == green, "on the diagonal at \(i)") }
        // 7 pixels from the diagonal, inside the band's 10; 14 and 57 pixels from it, outside.
        #expect(canvas.pixel(x: 55, y: 45) == green)
        #expect(canvas.pixel(x: 60, y: 40) == clear)
        #expect(canvas.pixel(x: 70, y: 30) == clear)
        #expect(canvas.pixel(x: 10, y: 90) == clear)
    }

    @Test func anImageStretchedFarPastTheSurfaceShowsWhereItLies() throws {
        let picture = try Canvas(width: 2, height: 2)
        picture.context.setFillColor(.green)
        picture.context.fill(picture.context.bounds)
        let canvas = try Canvas(width: 100, height: 100)
        Self.diagonalBand(canvas.context)
        canvas.context.draw(try picture.context.makeImage(), in: Self.bandRect)
        try canvas.context.checkStatus()
        #expect(canvas.pixel(x: 50, y: 50) == green)
        #expect(canvas.pixel(x: 10, y: 10) == green)
        #expect(canvas.pixel(x: 70, y: 30) == clear)
    }

    @Test func aShapeThatStaysNearTheSurfaceIsGivenToCairoAsItIs() throws {
        let canvas = try Canvas(width: 20, height: 20)
        let rect = CGRect(x: 2, y: 2, width: 16, height: 16)
        let path = Path(ellipseIn: rect)
        #expect(path.fits(within: DrawingContext.farthestPathReach, through: canvas.context.ctm))
        #expect(canvas.context.staysNearSurface(rect) && canvas.context.staysNearSurface(path))
        canvas.context.scaleBy(x: 1e5, y: 1)
        #expect(!path.fits(within: DrawingContext.farthestPathReach, through: canvas.context.ctm))
        #expect(!canvas.context.staysNearSurface(rect) && !canvas.context.staysNearSurface(path))
        #expect(!canvas.context.staysNearSurface(CGRect(x: Double.nan, y: 0, width: 1, height: 1)))
    }
}

/// The geometry under ``FarPathTests``: a path mapped through a transform and cut to a window.
@Suite("Paths cut to a window")
struct PathWindowTests {
    static let window = CGRect(x: 0, y: 0, width: 100, height: 100)

    /// A circle of radius 10⁹ whose edge passes through the window's middle is split only where it
    /// passes: its polygon stays small, and fills the left half of the window.
    @Test func aHugeCircleIsFlattenedOnlyWhereItCrossesTheWindow() throws {
        let radius = 1e9
        let circle = Path(ellipseIn: CGRect(x: 50 - 2 * radius, y: 50 - radius, width: 2 * radius, height: 2 * radius))
        let polygons = circle.polygons(through: .identity, cutTo: Self.window)
        #expect(polygons.count == 1)
        let points = polygons.flatMap { $0 }
        #expect(points.count < 2000, "\(points.count) points")
        #expect(points.allSatisfy { Self.window.insetBy(dx: -1e-9, dy: -1e-9).contains($0) })
        let cut = Path(polygons: polygons)
        #expect(cut.contains(CGPoint(x: 25, y: 50)))
        #expect(cut.contains(CGPoint(x: 49, y: 2)))
        #expect(!cut.contains(CGPoint(x: 51, y: 50)))
        #expect(!cut.contains(CGPoint(x: 75, y: 98)))
    }

    @Test func pathsOutsideTheWindowEmptyPathsAndNonFinitePointsGiveNoPolygons() {
        let outside = Path(rect: CGRect(x: 200, y: 0, width: 10, height: 10))
        #expect(outside.polygons(through: .identity, cutTo: Self.window).isEmpty)
        #expect(Path().polygons(through: .identity, cutTo: Self.window).isEmpty)
        let infinite = AffineTransform(scaleX: .infinity, y: 1)
        #expect(
            Path(rect: CGRect(x: 1, y: 1, width: 1, height: 1)).polygons(through: infinite, cutTo: Self.window).isEmpty)
        #expect(outside.polygons(through: .identity, cutTo: .null).isEmpty)
    }

    /// The property the cut keeps: at any point of the window, the polygons' winding number is the
    /// path's, so both fill rules give the same area. Random paths of lines, quadratic and cubic curves,
    /// with overlapping, open and reversed subpaths, turned, stretched and moved, most of them past the
    /// window's edges. Points within half a pixel of an edge are skipped: the path's own test flattens
    /// curves more coarsely than the cut does.
    @Test func insideTheWindowTheCutPathFillsWhatThePathFills() {
        var random = SeededGenerator(seed: 0x5EED)
        var compared = 0
        for round in 0..<200 {
            var path = Path()
            for _ in 0..<random.int(1...3) {
                path.move(to: random.point(spread: 160))
                for _ in 0..<random.int(1...5) {
                    switch random.int(0...2) {
                    case 0: path.addLine(to: random.point(spread: 160))
                    case 1: path.addQuadCurve(to: random.point(spread: 160), control: random.point(spread: 160))
                    default:
                        path.addCurve(
                            to: random.point(spread: 160), control1: random.point(spread: 160),
                            control2: random.point(spread: 160))
                    }
                }
                if random.int(0...1) == 0 { path.closePath() }
            }
            let scale = [1.0, 10, 30][random.int(0...2)]
            let transform = AffineTransform(rotationAngle: random.unit() * 6.3)
                .concatenating(AffineTransform(scaleX: scale, y: scale * (0.5 + random.unit())))
                .concatenating(AffineTransform(translationX: 50 + random.unit() * 20, y: 50 - random.unit() * 20))
            let cut = Path(polygons: path.polygons(through: transform, cutTo: Self.window, tolerance: 0.01))
            let mapped = path.applying(transform)
            for _ in 0..<20 {
                let point = CGPoint(x: 1 + random.unit() * 98, y: 1 + random.unit() * 98)
                for rule in [FillRule.winding, .evenOdd] {
                    let expected = mapped.contains(point, using: rule)
                    let neighbours = [(-0.5, -0.5), (0.5, -0.5), (-0.5, 0.5), (0.5, 0.5)].map {
                        mapped.contains(CGPoint(x: point.x + $0.0, y: point.y + $0.1), using: rule)
                    }
                    guard neighbours.allSatisfy({ $0 == expected }) else { continue }
                    compared += 1
                    #expect(cut.contains(point, using: rule) == expected, "round \(round), \(point), \(rule)")
                }
            }
        }
        #expect(compared > 6000, "only \(compared) points were away from an edge")
    }
}

extension Path {
    /// A path of closed polygons.
    fileprivate init(polygons: [[CGPoint]]) {
        self.init()
        for polygon in polygons {
            addLines(between: polygon)
            closePath()
        }
    }
}

extension SeededGenerator {
    fileprivate mutating func unit() -> Double { Double.random(in: 0..<1, using: &self) }
    fileprivate mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    fileprivate mutating func point(spread: Double) -> CGPoint {
        CGPoint(x: (unit() - 0.5) * spread, y: (unit() - 0.5) * spread)
    }
}
