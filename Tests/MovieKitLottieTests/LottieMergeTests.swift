import Foundation
import FrameDraw
import MovieKitScene
import Testing

@testable import MovieKitLottie

/// Merge paths (`mm`): the fill of two overlapping squares, merged by each mode, checked on pixels.
@Suite struct LottieMergeTests {
    /// Square A spans x 10…50, square B x 30…70 (both y 30…70); they overlap at x 30…50.
    static func animation(mode: Int, stroked: Bool = false) -> String {
        let stroke = stroked ? #", {"ty": "st", "c": {"a": 0, "k": [0, 0, 1, 1]}, "w": {"a": 0, "k": 2}}"# : ""
        return """
            {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 80, "h": 100, "layers": [
              {"ty": 4, "nm": "Shapes", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
                {"ty": "gr", "it": [
                  {"ty": "rc", "p": {"a": 0, "k": [30, 50]}, "s": {"a": 0, "k": [40, 40]}},
                  {"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}},
                  {"ty": "mm", "mm": \(mode)},
                  {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}\(stroke),
                  {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}]}]}]}
            """
    }

    static func content(_ json: String) throws -> LottieContent {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("merge.json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return try LottieContent(contentsOf: url)
    }

    /// Whether the only-A, both and only-B parts are filled, in that order.
    @Test(arguments: [
        (1, [true, true, true]), (2, [true, true, true]), (3, [true, false, false]), (4, [false, true, false]),
        (5, [true, false, true])
    ])
    func eachModeCombinesTheShapes(_ mode: Int, _ filled: [Bool]) throws {
        let content = try Self.content(Self.animation(mode: mode))
        let image = try Image(size: content.size) { content.renderer.draw(in: $0, frame: 0) }
        for (x, expected) in zip([20, 40, 60], filled) {
            let pixel = image.pixel(atX: x, y: 50)
            if expected {
                #expect(pixel.alpha > 0.99 && pixel.red > 0.99, "mode \(mode) at x \(x): \(pixel)")
            } else {
                #expect(pixel.alpha == 0, "mode \(mode) at x \(x): \(pixel)")
            }
        }
        #expect(image.pixel(atX: 5, y: 50).alpha == 0 && image.pixel(atX: 75, y: 50).alpha == 0)
    }

    @Test func aStrokedMergeDoesNotWarn() throws {
        let warnings = Warnings()
        let token = Log.addHandler(level: .warning) { warnings.append($0.text) }
        defer { Log.removeHandler(token) }
        for mode in 2...5 { _ = try Self.content(Self.animation(mode: mode, stroked: true)) }
        // The log is the process's: keep the lines about this suite's files, not other tests' decoders.
        let ours = warnings.all.filter { $0.contains("merge.json") }
        #expect(ours.isEmpty, "\(ours)")
    }

    /// Square A spans x 10…50 and y 20…60, square B x 30…70 and y 40…80 (their edges cross at
    /// (50, 40) and (30, 60)), merged by `mode` and stroked 2 wide in blue with mitred joins and no
    /// fill; `dashes` adds a dash pattern.
    static func strokedAnimation(mode: Int, dashes: String = "") -> String {
        """
        {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 80, "h": 100, "layers": [
          {"ty": 4, "nm": "Shapes", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
            {"ty": "gr", "it": [
              {"ty": "rc", "p": {"a": 0, "k": [30, 40]}, "s": {"a": 0, "k": [40, 40]}},
              {"ty": "rc", "p": {"a": 0, "k": [50, 60]}, "s": {"a": 0, "k": [40, 40]}},
              {"ty": "mm", "mm": \(mode)},
              {"ty": "st", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2},
               "lj": 1, "ml": 4\(dashes)},
              {"ty": "tr", "p": {"a": 0, "k": [0, 0]}}]}]}]}
        """
    }

    /// Points on the edges, each at least 10 from a crossing: A's left (10, 40), A's right inside B
    /// (50, 50), B's left inside A (30, 50), B's right (70, 60), then A's top (20, 20), B's bottom
    /// (50, 80), A's bottom outside B (20, 60), A's bottom inside B (40, 60), B's top inside A (40, 40).
    static let edgePoints = [(10, 40), (50, 50), (30, 50), (70, 60), (20, 20), (50, 80), (20, 60), (40, 60), (40, 40)]

    /// Which edge points the merged outline of each mode has: add, subtract, intersect, exclude.
    @Test(arguments: [
        (2, [true, false, false, true, true, true, true, false, false]),
        (3, [true, false, true, false, true, false, true, false, true]),
        (4, [false, true, true, false, false, false, false, true, true]),
        (5, [true, true, true, true, true, true, true, true, true])
    ])
    func theStrokeFollowsTheMergedOutline(_ mode: Int, _ stroked: [Bool]) throws {
        let content = try Self.content(Self.strokedAnimation(mode: mode))
        let image = try Image(size: content.size) { content.renderer.draw(in: $0, frame: 0) }
        for (index, ((x, y), expected)) in zip(Self.edgePoints, stroked).enumerated() {
            // The stroke is 2 wide, centred on the edge: the pixels on both sides of it.
            let pixels = index < 4 ? [(x - 1, y), (x, y)] : [(x, y - 1), (x, y)]
            for (px, py) in pixels {
                let pixel = image.pixel(atX: px, y: py)
                if expected {
                    #expect(pixel.alpha > 0.99 && pixel.blue > 0.99, "mode \(mode) at (\(px), \(py)): \(pixel)")
                } else {
                    #expect(pixel.alpha < 0.01, "mode \(mode) at (\(px), \(py)): \(pixel)")
                }
            }
        }
        // Nothing away from the edges.
        #expect(image.pixel(atX: 20, y: 30).alpha == 0 && image.pixel(atX: 5, y: 5).alpha == 0)
        // The joins are mitred: the pixel just outside A's top-left corner is stroked.
        if mode != 4 { #expect(image.pixel(atX: 9, y: 19).alpha > 0.99) }
    }

    @Test func aDashedStrokeOfAMergeIsCutFromTheShapesDashes() throws {
        let dashes = #", "d": [{"n": "d", "v": {"a": 0, "k": 5}}, {"n": "g", "v": {"a": 0, "k": 5}}]"#
        let content = try Self.content(Self.strokedAnimation(mode: 2, dashes: dashes))
        let image = try Image(size: content.size) { content.renderer.draw(in: $0, frame: 0) }
        // Along A's left edge (x 9 and 10): both dashes and gaps.
        let column = (21..<59).map { image.pixel(atX: 9, y: $0).alpha }
        #expect(column.contains { $0 > 0.99 } && column.contains { $0 < 0.01 }, "\(column)")
        // Nothing on A's right edge where it is inside B.
        #expect(
            (43..<58).allSatisfy {
                image.pixel(atX: 49, y: $0).alpha < 0.01 && image.pixel(atX: 50, y: $0).alpha < 0.01
            })
    }
}
