import Foundation
import FrameDraw
import TestSupport
import Testing

/// A zoom through a letter: a text layer magnified to 100,000 pixels to the em, past FreeType's glyph sizes
/// (scenes drew nothing over 10,000; FrameDraw asked for such a font, FreeType failed and Cairo kept the
/// font in error for the rest of the process, so the next text in that font stopped the frame). Run in a
/// child process: a font left in error would break every later test in this one.
@Suite("moviemake: a letter magnified past the frame")
struct HugeTextSceneTests {
    static let scene = """
        canvas: {width: 160, height: 96, fps: 10, duration: 1, background: black}
        layers:
          - {type: text, text: "I", font: {size: 100}, fill: white, position: [80, 48], scale: 1000}
          - {type: rect, size: [160, 40], position: [80, 76], fill: black}
          - {type: text, text: "WWW", font: {size: 24}, fill: white, position: [80, 76]}
        """

    @Test func aZoomedLetterFillsTheFrameAndTextAfterItDraws() throws {
        let directory = try TemporaryDirectory()
        let scene = try directory.write(Data(Self.scene.utf8), to: "zoom.yaml")
        let still = directory.file("zoom.png")
        let run = try ChildProcess.run(
            ChildProcess.builtProduct(named: "moviemake"), arguments: ["still", scene.path, "-o", still.path])
        #expect(run.exitStatus == 0, "\(run)")
        let image = try Image(contentsOf: still)
        // The "I" at 100,000 pixels to the em, centred: its stem covers the top of the frame.
        #expect((0..<160).allSatisfy { image.pixel(atX: $0, y: 10).red > 0.99 }, "the stem fills the top row")
        // The second text, in the same font, drew on the black band.
        let lit = (56..<96).flatMap { y in (0..<160).map { image.pixel(atX: $0, y: y) } }.filter { $0.red > 0.5 }
        #expect(lit.count > 100, "\(lit.count) lit pixels in the band")
    }
}
