import Foundation
import TestSupport
import Testing

/// `--draft` renders the full frame, scaled: the same layout, wrapping and cropping, at a smaller
/// size of the same shape.
@Suite("moviemake: drafts keep their layout")
struct DraftTests {
    /// A portrait title card whose title wraps onto three lines, with shapes at the edges that any
    /// band or shift would move.
    static let scene = """
        canvas: {width: 720, height: 1280, fps: 10, duration: 0.3, background: "#203040"}
        layers:
          - {type: rect, size: [720, 40], position: [360, 20], fill: orange}
          - {type: rect, size: [40, 1280], position: [700, 640], fill: "#008080"}
          - {type: ellipse, size: [300, 300], position: [360, 1000], fill: "#E0E0E0"}
          - type: text
            text: Colorful backgrounds and a title that wraps
            font: {size: 72, weight: bold}
            fill: white
            wrapWidth: 600
            alignment: center
            position: [360, 420]
        """

    @Test func aDraftFrameIsTheFullFrameScaledDown() throws {
        let dir = try ChunkCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("title.yaml")
        try Data(Self.scene.utf8).write(to: scene)
        let full = dir.appendingPathComponent("full.mp4")
        let draft = dir.appendingPathComponent("draft.mp4")
        for (url, extra) in [(full, ["--crf", "12"]), (draft, ["--draft", "--crf", "12"])] {
            let run = try ChunkCommandTests.moviemake(["render", scene.path, "-o", url.path, "--quiet"] + extra)
            #expect(run.status == 0, "\(run.errors)")
        }
        let big = try MovieProbe(url: full)
        let small = try MovieProbe(url: draft)
        // 720x1280 (9:16) about halved at the same shape: 432x768.
        #expect(small.width == 432 && small.height == 768)
        #expect(small.frames.count == big.frames.count)
        let scaled = ImageComparison.resample(
            ImageComparison.luma(big.frames[1].rgb), width: big.width, height: big.height, toWidth: small.width,
            height: small.height)
        let similarity = ImageComparison.ssim(
            scaled, ImageComparison.luma(small.frames[1].rgb), width: small.width, height: small.height)
        #expect(similarity >= 0.9, "SSIM \(similarity) between the draft and the full frame scaled down")
    }

    /// The editly spec: at full size the title wraps "Colorful backgrounds" over two lines in
    /// a box measured for them; the draft, drawn at 0.6×, once showed "Colorful back…" on one line.
    @Test func aDraftOfAnEditlyTitleWrapsAsTheFullFrameDoes() throws {
        let dir = try ChunkCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("title.json5")
        try Data(
            """
            { width: 720, height: 1280, fps: 25, defaults: { transition: null },
              clips: [ { duration: 0.2, layers: [{ type: "rainbow-colors" }, { type: "title", text: "Colorful backgrounds" }] } ] }
            """.utf8
        ).write(to: spec)
        let full = dir.appendingPathComponent("full.mp4")
        let draft = dir.appendingPathComponent("draft.mp4")
        for (url, extra) in [(full, ["--crf", "12"]), (draft, ["--draft", "--crf", "12"])] {
            let run = try ChunkCommandTests.moviemake(["render", spec.path, "-o", url.path, "--quiet"] + extra)
            #expect(run.status == 0, "\(run.errors)")
        }
        let big = try MovieProbe(url: full)
        let small = try MovieProbe(url: draft)
        #expect(small.width == 360 && small.height == 640, "an editly spec's draft is half its own size")
        let scaled = ImageComparison.resample(
            ImageComparison.luma(big.frames[2].rgb), width: big.width, height: big.height, toWidth: small.width,
            height: small.height)
        let drafted = ImageComparison.luma(small.frames[2].rgb)
        // The title band: the middle 30 % of the frame, where the two lines of the title are.
        let rows = Int(Double(small.height) * 0.35)..<Int(Double(small.height) * 0.65)
        func band(_ luma: [Double]) -> [Double] {
            Array(luma[(rows.lowerBound * small.width)..<(rows.upperBound * small.width)])
        }
        let similarity = ImageComparison.ssim(band(scaled), band(drafted), width: small.width, height: rows.count)
        #expect(similarity >= 0.9, "SSIM \(similarity) on the title band between the draft and the full frame scaled")
    }
}
