import Foundation
import FrameDraw
import Testing

@testable import MovieKitScene

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

    @Test func aStrokedMergeWarnsThatTheStrokeIsUnmerged() throws {
        let warnings = Warnings()
        let token = Log.addHandler(level: .warning) { warnings.append($0.text) }
        defer { Log.removeHandler(token) }
        _ = try Self.content(Self.animation(mode: 3))
        #expect(!warnings.all.contains { $0.contains("merged paths") })
        _ = try Self.content(Self.animation(mode: 3, stroked: true))
        #expect(warnings.all.contains { $0.contains("layer `Shapes` (layers[0]) strokes merged paths (`mm`)") })
    }
}
