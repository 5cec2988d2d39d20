import Foundation
import MovieKitCore
import MovieKitScene
import TestSupport
import Testing

@testable import MovieKitBatch

/// `BatchPlanner`: each row checked and planned before the first frame, as every front end plans a movie.
@Suite("Batch planner")
struct BatchPlannerTests {
    /// A template whose `size` variable sets the square's side, over a 64x48 canvas of 1 s at 10 fps.
    static func batch(in folder: borrowing TemporaryDirectory, csv: String) throws -> BatchPlanner {
        let template = try folder.write(
            Data(
                """
                canvas: {width: 64, height: 48, fps: 10, duration: 1, background: "#000000"}
                layers:
                  - {type: rect, size: ["${size}", "${size}"], fill: "#ffffff", position: [32, 24]}
                """.utf8), to: "card.yaml")
        let data = try folder.write(Data(csv.utf8), to: "rows.csv")
        return BatchPlanner(
            template: try BatchTemplate(contentsOf: template), data: try BatchData(contentsOf: data),
            pattern: try OutputPattern("out/{id}.mp4", relativeTo: folder.url))
    }

    @Test func rowsThatCannotRenderFailBeforeTheFirstFrameAndTheOthersRender() throws {
        let folder = try TemporaryDirectory()
        var planner = try Self.batch(in: folder, csv: "id,size\na,10\nb,ten\nc,30\n")
        planner.overrides.preset = .ultrafast
        let plan = try planner.plan(rows: planner.data.rows)
        #expect(plan.items.map(\.row.number) == [1, 3])
        let failed = try #require(plan.outcomes[2])
        #expect(failed.status == .failed && failed.line == 3)
        #expect(failed.error?.contains("ten") == true, "\(failed.error ?? "")")
        // The items render through the same loop as every front end, at the overrides' settings.
        let runner = BatchRunner(
            jobs: 1, ledger: BatchLedger(outputFolder: planner.pattern.folder), dataPath: "rows.csv")
        let results = runner.run(plan.items)
        #expect(results.values.allSatisfy { $0.status == .succeeded }, "\(results)")
        let probe = try MovieProbe(url: folder.file("out/c.mp4"))
        #expect(probe.frames.count == 10)
        let white = probe.frames[0].pixel(x: 32, y: 24)
        let black = probe.frames[0].pixel(x: 32 - 20, y: 24)
        #expect(white.r > 230 && black.r < 25, "a 30-pixel square: \(white) inside, \(black) outside")

        // Run again: the rows done are up to date and skipped; a changed override renders them again.
        let again = try planner.plan(rows: planner.data.rows)
        #expect(again.items.isEmpty && again.outcomes[1]?.status == .skipped && again.outcomes[3]?.status == .skipped)
        planner.overrides.crf = 30
        #expect(try planner.plan(rows: planner.data.rows).items.map(\.row.number) == [1, 3])
    }

    @Test func aSizeTheEncoderRefusesFailsEachRowInTheCallersWords() throws {
        let folder = try TemporaryDirectory()
        var planner = try Self.batch(in: folder, csv: "id,size\na,10\nb,12\n")
        planner.overrides.width = 100
        planner.overrides.height = 50
        let refused = try planner.plan(rows: planner.data.rows)
        #expect(refused.items.isEmpty)
        #expect(
            refused.outcomes[1]?.error?.hasSuffix("row 1: Width 100 is not a multiple of 16; use 96 or 112.") == true,
            "\(refused.outcomes)")
        planner.wording = { _ in "worded by the command line" }
        #expect(
            try planner.plan(rows: planner.data.rows).outcomes[2]?.error?.hasSuffix("worded by the command line")
                == true)
    }
}
