import Foundation
import FrameDraw
import MovieKitScene
import Synchronization
import Testing

/// The content seam: a kind of content defined outside MovieKit, through `TimedContent` alone, is
/// prepared once before the first frame, sized, drawn at each time and watched for its files.
@Suite("Timed content: one seam for every kind")
struct TimedContentTests {
    /// Counts how often its content was prepared, shared by the copies of one content value.
    final class Counter: Sendable {
        let count = Mutex(0)
    }

    /// A test kind: a grid of `cells` × `cells` squares, white where row + column + the whole second
    /// is even, whose natural size is 40 × 40 and which refuses to prepare when `fails`.
    struct Checkerboard: TimedContent {
        var cells = 2
        var fails = false
        var counter = Counter()
        var file = URL(fileURLWithPath: "/tmp/checkerboard.txt")

        var typeName: String { "checkerboard" }
        var intrinsicSize: CGSize? { CGSize(width: 40, height: 40) }
        var files: [URL] { [file] }

        struct Refused: Error {}

        func prepared(for layer: Layer, in preparation: ContentPreparation) throws -> any TimedContent {
            counter.count.withLock { $0 += 1 }
            if fails { throw Refused() }
            return self
        }

        func draw(_ drawing: ContentDrawing) {
            let cell = drawing.bounds.width / Double(cells)
            let second = Int(drawing.time.rounded(.down))
            drawing.context.setFillColor(Color(white: 1, alpha: drawing.opacity))
            for row in 0..<cells {
                for column in 0..<cells where (row + column + second) % 2 == 0 {
                    drawing.context.fill(
                        CGRect(
                            x: drawing.bounds.minX + Double(column) * cell, y: drawing.bounds.minY + Double(row) * cell,
                            width: cell, height: cell))
                }
            }
        }
    }

    @Test func aKindOfItsOwnIsPreparedOnceSizedAndDrawnAtEachTime() throws {
        let board = Checkerboard()
        var layer = Layer(.timed(board))
        layer.position = .constant(CGPoint(x: 20, y: 20))
        let scene = Scene(
            canvas: Canvas(width: 64, height: 64, fps: 10, duration: 2, background: .black), layers: [layer])
        let renderer = try SceneRenderer(scene: scene)
        #expect(board.counter.count.withLock { $0 } == 1)
        #expect(renderer.scene.layers[0].content.typeName == "checkerboard")
        #expect(renderer.scene.layers[0].content.timed(as: Checkerboard.self) != nil)
        // Its natural size, 40 × 40, centred on (20, 20): cells of 20 from (0, 0).
        let first = try renderer.image(at: 0)
        #expect(first.pixel(atX: 10, y: 10).red > 0.99)
        #expect(first.pixel(atX: 30, y: 10).red < 0.01)
        #expect(first.pixel(atX: 30, y: 30).red > 0.99)
        #expect(first.pixel(atX: 50, y: 50).red < 0.01)  // Outside its 40 × 40.
        // A second later the board's colours swap: drawn from the time alone.
        let later = try renderer.image(at: 1.5)
        #expect(later.pixel(atX: 10, y: 10).red < 0.01)
        #expect(later.pixel(atX: 30, y: 10).red > 0.99)
        // Drawn again at 0, after 1.5: the same picture.
        #expect(try renderer.image(at: 0).pixel(atX: 10, y: 10).red > 0.99)
        #expect(board.counter.count.withLock { $0 } == 1)
    }

    @Test func aKindThatCannotPrepareStopsTheRendererBeforeAnyFrame() {
        let board = Checkerboard(fails: true)
        let group = Layer(.group(GroupContent(layers: [Layer(.timed(board))])))
        let scene = Scene(canvas: Canvas(width: 32, height: 32, fps: 10, duration: 1), layers: [group])
        #expect(throws: Checkerboard.Refused.self) { try SceneRenderer(scene: scene) }
        #expect(board.counter.count.withLock { $0 } == 1)
    }

    @Test func theTypeNameAndSizeComeFromTheContent() throws {
        var layer = Layer(.timed(Checkerboard(cells: 4)))
        layer.size = .constant(CGSize(width: 64, height: 64))
        layer.position = .constant(CGPoint(x: 32, y: 32))
        let scene = Scene(
            canvas: Canvas(width: 64, height: 64, fps: 10, duration: 1, background: .black), layers: [layer])
        let image = try SceneRenderer(scene: scene).image(at: 0.2)
        // A set size wins over the natural one: four cells of 16 across the canvas.
        #expect(image.pixel(atX: 8, y: 8).red > 0.99)
        #expect(image.pixel(atX: 24, y: 8).red < 0.01)
        #expect(image.pixel(atX: 56, y: 56).red > 0.99)
    }
}
