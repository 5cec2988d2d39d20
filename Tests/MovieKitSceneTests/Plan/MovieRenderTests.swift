import Foundation
import MovieKitCore
import TestSupport
import Testing

@testable import MovieKitScene

/// ``MovieRender``: the render loop every front end runs a plan with, and ``RenderPlan/Portable``,
/// a plan handed to another process.
@Suite("Render plan: running it, and handing it on")
struct MovieRenderTests {
    /// A scene file with a variable: a red square that moves across a blue canvas for 2 s at 10 fps.
    static func sceneFile(in folder: borrowing TemporaryDirectory) throws -> URL {
        try folder.write(
            Data(
                """
                variables: {colour: "#ff0000"}
                canvas: {width: 64, height: 48, fps: 10, duration: 2, background: "#0000ff"}
                layers:
                  - {type: rect, size: [16, 16], fill: "${colour}", animate: {position: {from: [8, 24], to: [56, 24], duration: 2}}}
                """.utf8), to: "scene.yaml")
    }

    @Test func aPlanRendersWholeAndAsAChunkOfTheSameFrames() throws {
        let folder = try TemporaryDirectory()
        let document = try SceneDocument.load(contentsOf: Self.sceneFile(in: folder))
        let plan = try RenderPlan(document: document, output: folder.file("whole.mp4"))
        let render = try MovieRender(plan: plan)
        #expect(render.frameCount == 20)
        let whole = try render.run(concurrency: .fixed(2))
        #expect(whole.drawnFrames + whole.repeatedFrames == 20)
        let frames = try MovieProbe(url: folder.file("whole.mp4")).frames
        #expect(frames.count == 20)
        // The square is red where the document says, over the blue background.
        let first = frames[0].pixel(x: 8, y: 24)
        #expect(first.r > 200 && first.b < 60, "\(first)")
        #expect(frames[0].pixel(x: 40, y: 24).b > 200)

        var chunk = render
        chunk.output = folder.file("chunk.mp4")
        try chunk.run(frames: 10..<20)
        let chunkFrames = try MovieProbe(url: folder.file("chunk.mp4")).frames
        #expect(chunkFrames.count == 10)
        // The chunk's frames are the movie's frames 10 to 19, drawn at their times in the whole movie
        // (the square has moved on by then): each differs from the whole movie's by coding alone.
        for (offset, frame) in chunkFrames.enumerated() {
            let other = frames[10 + offset]
            let total = zip(frame.rgb, other.rgb).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
            #expect(Double(total) / Double(frame.rgb.count) < 2, "chunk frame \(offset) against frame \(10 + offset)")
        }
        #expect(chunkFrames[0].pixel(x: 8, y: 24).b > 200, "by frame 10 the square has left x 8")
    }

    /// A chunk's frames must lie in the movie: an empty range, one past the end or before 0 is refused
    /// before a file is made; the last frame alone is a chunk.
    @Test func aChunkOutsideTheMovieIsRefusedBeforeAnythingIsWritten() throws {
        let folder = try TemporaryDirectory()
        let document = try SceneDocument.load(contentsOf: Self.sceneFile(in: folder))
        let render = try MovieRender(plan: RenderPlan(document: document, output: folder.file("chunk.mp4")))
        for frames in [5..<5, 10..<21, -1..<3] {
            #expect(throws: ChunkError.framesOutsideMovie(frames, frameCount: 20)) { try render.run(frames: frames) }
            #expect(!FileManager.default.fileExists(atPath: folder.file("chunk.mp4").path))
        }
        #expect(
            ChunkError.framesOutsideMovie(10..<21, frameCount: 20).description
                == "A chunk of frames 10..<21 is not possible: the movie has 20 frames; give a range of at least one frame within 0..<20."
        )
        try render.run(frames: 19..<20)
        #expect(try MovieProbe(url: folder.file("chunk.mp4")).frames.count == 1)
    }

    @Test func aCancelledRenderThrowsAndLeavesNoFile() throws {
        let folder = try TemporaryDirectory()
        let document = try SceneDocument.load(contentsOf: Self.sceneFile(in: folder))
        let render = try MovieRender(plan: RenderPlan(document: document, output: folder.file("out.mp4")))
        let cancellation = WriterCancellation()
        cancellation.cancel()
        let error = try #require(throws: MovieKitError.self) { try render.run(cancellation: cancellation) }
        guard case .cancelled = error else {
            Issue.record("Expected a cancelled render, got \(error)")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.mp4").path))
    }

    /// The portable form goes through JSON and back to a plan with the same settings, the document read
    /// with the same variables.
    @Test func aPlanSurvivesJSONWithItsVariablesAndOverrides() throws {
        let folder = try TemporaryDirectory()
        let document = try SceneDocument.load(
            contentsOf: Self.sceneFile(in: folder), variables: ["colour": "#00ff00"])
        var overrides = RenderOverrides()
        overrides.codec = .prores(.p4444)
        overrides.fps = FrameRate(30000, 1001)
        overrides.crf = nil
        overrides.preset = .fast
        overrides.loudness = try LoudnessNormalization(integratedLoudness: -16, truePeak: -1.5)
        overrides.metadata = MovieMetadata(title: "Plan")
        let plan = try RenderPlan(document: document, output: folder.file("out.mov"), overrides: overrides)
        let data = try JSONEncoder().encode(plan.portable)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""codec":"prores-4444""#), "\(json)")
        let decoded = try RenderPlan(JSONDecoder().decode(RenderPlan.Portable.self, from: data))
        #expect(decoded.settings == plan.settings)
        #expect(decoded.overrides == plan.overrides)
        #expect(decoded.document.variables == ["colour": "#00ff00"])
        #expect(decoded.portable == plan.portable)
    }

    /// A plan written by hand (or by another program): keys left out ask for nothing; a wrong value is
    /// refused with a sentence that names it.
    @Test func aHandWrittenPlanReadsAndAWrongCodecIsNamed() throws {
        let folder = try TemporaryDirectory()
        let scene = try Self.sceneFile(in: folder)
        let json =
            #"{"document": "\#(scene.path)", "variables": {}, "output": "\#(folder.file("o.mp4").path)", "overrides": {"draft": true}}"#
        let plan = try RenderPlan(JSONDecoder().decode(RenderPlan.Portable.self, from: Data(json.utf8)))
        #expect(plan.overrides.draft && plan.settings.preset == .ultrafast)
        let wrong = #"{"codec": "h265"}"#
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(RenderOverrides.self, from: Data(wrong.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("Expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.debugDescription.contains("\"h265\" is not a codec; use one of h264, hevc"))
        let rate = #"{"fps": {"numerator": 0}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RenderOverrides.self, from: Data(rate.utf8)) }
    }
}
