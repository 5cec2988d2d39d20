import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene
import PropertyBased
import RandomScenes
import TestSupport
import Testing

/// Properties of random valid scenes: the choices of `FuzzSceneRender`'s generator, drawn from
/// random bytes, so a failing input here is also a fuzzer input (write its bytes to a file and run
/// `swift run FuzzSceneRender FILE`). Each check has a fixed, small count, to keep `make test` fast;
/// `make fuzz` runs the same generator for as long as it is given.
@Suite("Random scenes", .shrinking(false))
struct RandomScenePropertyTests {
    /// The choices of one random scene.
    static let choices = Gen.uint8().array(of: 0...600)

    @Test func aRandomSceneRendersAtAnyTimeInItsRange() async {
        await propertyCheck(count: 30, input: Self.choices, Gen.double(in: 0...1)) { bytes, fraction in
            #expect(SceneRenderCheck.problem(bytes) == nil)
            let sample = try SceneRenderCheck.sample(bytes)
            let canvas = sample.scene.canvas
            let time = min(fraction * canvas.duration, canvas.time(ofFrame: canvas.frameCount - 1))
            var rest = sample.bytes
            let size = SceneRenderCheck.drawingSize(for: canvas, &rest)
            let image = try SceneRenderer(scene: sample.scene).image(at: time, size: size)
            #expect(image.size == size)
        }
    }

    @Test func theFuzzersCommittedSeedsRender() throws {
        let corpus = PackagePaths.root.appendingPathComponent("Fuzz/Corpus/FuzzSceneRender")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted()
        #expect(!seeds.isEmpty)
        for seed in seeds {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(seed)))
            #expect(SceneRenderCheck.problem(bytes) == nil, "seed \(seed)")
        }
    }

    /// A random scene made a movie of 32×32 pixels: at most a second of it (4 frames at 4 fps), so
    /// that a scene of a day still renders in a moment, with a keyframe every 2 frames for chunks.
    /// The encoding is lossless (CRF 0): chunks are encoded apart, and a lossy encoder spends its
    /// bits differently without the frames of the other chunk ahead, so only lossless pixels can be
    /// compared exactly.
    static func movieScene(_ bytes: [UInt8]) throws -> (renderer: SceneRenderer, settings: MovieSettings) {
        var scene = try SceneRenderCheck.sample(bytes).scene
        scene.canvas.duration = min(scene.canvas.duration, 1)
        scene.canvas.fps = 4
        let settings = try MovieSettings(
            width: 32, height: 32, fps: 4, crf: 0, preset: .ultrafast, keyframeInterval: 0.5)
        return (try SceneRenderer(scene: scene), settings)
    }

    @Test func aParallelRenderOfARandomSceneDecodesToTheSequentialOne() async {
        await propertyCheck(count: 4, input: Self.choices) { bytes in
            let folder = try TemporaryDirectory()
            let (renderer, settings) = try Self.movieScene(bytes)
            let frameCount = renderer.scene.frameCount(at: settings.fps)
            // The middle of each frame's time, decoded in-process (both files have the same timestamps).
            let times = (0..<frameCount).map { (Double($0) + 0.5) / settings.fps.framesPerSecond }
            var decoded: [[[UInt8]]] = []
            for threads in [1, 3] {
                let url = folder.file("threads-\(threads).mp4")
                try renderer.render(to: url, settings: settings, concurrency: .fixed(threads))
                decoded.append(try DecodedMovie.frames(of: url, at: times).map(\.bytes))
            }
            #expect(decoded[0].count == frameCount)
            #expect(decoded[0] == decoded[1])
        }
    }

    @Test func aChunkedRenderOfARandomSceneJoinsToTheSingleOne() async {
        await propertyCheck(count: 3, input: Self.choices) { bytes in
            let folder = try TemporaryDirectory()
            let (renderer, settings) = try Self.movieScene(bytes)
            let frameCount = renderer.scene.frameCount(at: settings.fps)
            let single = folder.file("single.mp4")
            try renderer.render(to: single, settings: settings)
            let plan = try ChunkPlan(frameCount: frameCount, settings: settings, chunkCount: frameCount >= 4 ? 2 : 1)
            var parts: [URL] = []
            for (index, range) in plan.ranges.enumerated() {
                let part = folder.file("part-\(index).mp4")
                let identity = ChunkIdentity(
                    frames: range, totalFrames: frameCount, settings: settings, movie: "random")
                let writer = try MovieWriter(url: part, settings: settings, chunk: identity, concurrency: .fixed(2))
                try writer.render(frameCount: range.count) { context, frame in
                    renderer.draw(in: context, at: frame.time)
                }
                parts.append(part)
            }
            let joined = folder.file("joined.mp4")
            try MovieChunks.join(parts: parts, to: joined)
            // Every frame in decoding order, pixels only: the join's timestamps are checked by ChunkTests.
            let expected = try MovieProbe(url: single).frames.map(\.rgb)
            #expect(expected.count == frameCount)
            #expect(try MovieProbe(url: joined).frames.map(\.rgb) == expected)
        }
    }
}
