import Foundation
import FrameDraw
import TestSupport
import Testing

@testable import LibAV
@testable import MovieKitCore

@Suite("Chunked rendering")
struct ChunkTests {
    static let settings = { () -> MovieSettings in
        // 30 fps with a keyframe every second: 12 s hold 12 GOPs.
        (try? MovieSettings(width: 32, height: 32, fps: 30, crf: 10, preset: .ultrafast, keyframeInterval: 1))
            ?? { preconditionFailure("valid settings") }()
    }()

    struct Split: Sendable, CustomTestStringConvertible {
        var frames: Int, gop: Int, chunks: Int, expected: [Range<Int>]
        var testDescription: String { "\(frames) frames, GOP \(gop), \(chunks) chunks" }
    }

    /// A chunk's x264 parameters (fixed keyframes) join the ones every H.264 movie gets (no AVX-512,
    /// see `X264CPU`) in one option: libavcodec keeps only the last of two `x264-params`.
    @Test func aChunksX264ParametersKeepTheInstructionSetsOfEveryMovie() {
        let base = Self.settings.encoderConfiguration(for: .h264, encoderName: "libx264")
        let chunk = Self.settings.chunkConfiguration(base)
        let parameters = chunk.options.filter { $0.name == "x264-params" }.map(\.value)
        #expect(parameters.count == 1)
        #expect(parameters.first?.hasSuffix("scenecut=0:open-gop=0:keyint=30:min-keyint=30") == true)
        if let flags = X264CPU.flagsWithoutAVX512 {
            #expect(parameters.first?.hasPrefix("asm=\(flags):") == true)
            #expect(base.options.contains(CodecOption("x264-params", "asm=\(flags)")))
        }
    }

    static let splits: [Split] = [
        Split(frames: 300, gop: 30, chunks: 1, expected: [0..<300]),
        Split(frames: 300, gop: 30, chunks: 10, expected: (0..<10).map { ($0 * 30)..<($0 * 30 + 30) }),
        Split(frames: 300, gop: 30, chunks: 3, expected: [0..<90, 90..<180, 180..<300]),
        Split(frames: 301, gop: 30, chunks: 11, expected: (0..<10).map { ($0 * 30)..<($0 * 30 + 30) } + [300..<301]),
        Split(frames: 100, gop: 30, chunks: 4, expected: [0..<30, 30..<60, 60..<90, 90..<100]),
        Split(frames: 250, gop: 48, chunks: 2, expected: [0..<144, 144..<250])  // 6 GOPs, the last one short.
    ]

    @Test(arguments: splits)
    func boundariesAreWholeGOPsAsEqualAsPossible(_ split: Split) throws {
        let plan = try ChunkPlan(frameCount: split.frames, gopSize: split.gop, chunkCount: split.chunks)
        #expect(plan.ranges == split.expected)
        #expect(plan.ranges.allSatisfy { !$0.isEmpty && $0.lowerBound % split.gop == 0 })
    }

    @Test func tooManyChunksSaysTheLargestUsefulCount() {
        #expect {
            _ = try ChunkPlan(frameCount: 100, gopSize: 30, chunkCount: 5)
        } throws: { error in
            "\(error)"
                == "5 chunks is not possible: 100 frames hold 4 keyframe intervals of 30 frames, and every chunk starts on a keyframe; use 1 to 4 chunks."
        }
    }

    /// `--jobs 8` on a movie of 4 GOPs renders 4 chunks; 0 chunks is still refused.
    @Test func atMostAsManyChunksAsTheMovieHasGOPs() throws {
        // 100 frames at 30 fps with a keyframe every second: GOPs of 30 frames, 4 of them.
        #expect(ChunkPlan.gopCount(frameCount: 100, gopSize: 30) == 4)
        #expect(ChunkPlan.gopCount(frameCount: 90, gopSize: 30) == 3)
        #expect(ChunkPlan.gopCount(frameCount: 0, gopSize: 30) == 0)
        let plan = try ChunkPlan(frameCount: 100, settings: Self.settings, atMost: 8)
        #expect(plan.ranges == [0..<30, 30..<60, 60..<90, 90..<100])
        #expect(try ChunkPlan(frameCount: 100, settings: Self.settings, atMost: 2).ranges == [0..<60, 60..<100])
        #expect(throws: ChunkError.self) { try ChunkPlan(frameCount: 100, settings: Self.settings, atMost: 0) }
    }

    @Test func theChunkIndexComesFromKubernetesOrSlurm() throws {
        #expect(try ChunkPlan.indexFromEnvironment(["JOB_COMPLETION_INDEX": "3"]) == 3)
        #expect(try ChunkPlan.indexFromEnvironment(["SLURM_ARRAY_TASK_ID": "2"]) == 2)
        #expect {
            _ = try ChunkPlan.indexFromEnvironment([:])
        } throws: { error in
            "\(error)"
                == "A chunk that takes its index from the scheduler found none: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set; run it as a Kubernetes Indexed Job or a Slurm job array, or give the index yourself."
        }
    }

    static let draw: @Sendable (DrawingContext, FrameTime) throws -> Void = { context, frame in
        context.setFillColor(PipelineTests.colour(forFrame: frame.index))
        context.fill(context.bounds)
    }

    /// Renders chunk `range` of the numbered movie of `total` frames into `dir`.
    static func renderChunk(
        _ range: Range<Int>, total: Int, to url: URL, settings: MovieSettings = settings, movie: String = "numbered"
    ) throws {
        let identity = ChunkIdentity(frames: range, totalFrames: total, settings: settings, movie: movie)
        let writer = try MovieWriter(url: url, settings: settings, chunk: identity, concurrency: .fixed(2))
        try writer.render(frameCount: range.count, draw: draw)
    }

    /// Renders the numbered movie of `total` frames as `count` chunks, `p0.mp4`, `p1.mp4`… in `dir`, in order.
    static func renderChunks(_ count: Int, total: Int, in dir: borrowing TemporaryDirectory) throws -> [URL] {
        try ChunkPlan(frameCount: total, settings: settings, chunkCount: count).ranges.enumerated().map {
            index, range in
            let url = dir.file("p\(index).mp4")
            try renderChunk(range, total: total, to: url)
            return url
        }
    }

    @Test func fiveChunksJoinIntoEveryFrameInOrderAndMatchASingleRender() throws {
        let dir = try TemporaryDirectory()
        let total = 360
        let plan = try ChunkPlan(frameCount: total, settings: Self.settings, chunkCount: 5)
        var parts: [URL] = []
        for (index, range) in plan.ranges.enumerated().reversed() {  // Any order.
            let url = dir.file("part-\(index).mp4")
            try Self.renderChunk(range, total: total, to: url)
            parts.append(url)
        }
        let joined = dir.file("joined.mp4")
        try MovieChunks.join(parts: parts, to: joined)
        let single = dir.file("single.mp4")
        try MovieWriter.render(
            to: single, settings: Self.settings, frameCount: total, concurrency: .fixed(2), draw: Self.draw)

        let a = try MovieProbe(url: joined)
        let b = try MovieProbe(url: single)
        #expect(a.frames.count == total)
        #expect(a.startTime == 0 && b.startTime == 0, "joined starts at \(a.startTime) s")
        #expect(a.frameTimes == b.frameTimes, "the joined frames are presented when the single render's are")
        #expect(a.frames.map { PipelineTests.frameNumber($0.pixel(x: 16, y: 16)) } == Array(0..<total))
        #expect(abs(a.streamDuration - 12) < 1e-6 && abs(a.containerDuration - 12) < 0.01)
        for (x, y) in zip(a.frames, b.frames) {
            #expect(psnr(x.rgb, y.rgb) > 45)
        }
    }

    @Test func reRenderingAChunkGivesTheSameBytes() throws {
        let dir = try TemporaryDirectory()
        try Self.renderChunk(30..<90, total: 360, to: dir.file("a.mp4"))
        try Self.renderChunk(30..<90, total: 360, to: dir.file("b.mp4"))
        #expect(try Data(contentsOf: dir.file("a.mp4")) == Data(contentsOf: dir.file("b.mp4")))
    }

    @Test func concatRefusesPartsThatDoNotMakeOneMovie() throws {
        let dir = try TemporaryDirectory()
        let total = 120
        for (index, range) in [0..<30, 30..<60, 60..<90, 90..<120].enumerated() {
            try Self.renderChunk(range, total: total, to: dir.file("p\(index).mp4"))
        }
        try Self.renderChunk(30..<90, total: total, to: dir.file("overlap.mp4"))
        try Self.renderChunk(30..<60, total: total, to: dir.file("other.mp4"), movie: "another scene")
        let otherSettings = try MovieSettings(
            width: 32, height: 32, fps: 30, crf: 20, preset: .ultrafast, keyframeInterval: 1)
        try Self.renderChunk(30..<60, total: total, to: dir.file("settings.mp4"), settings: otherSettings)
        let out = dir.file("out.mp4")
        let p = (0..<4).map { dir.file("p\($0).mp4") }

        func refusal(_ parts: [URL]) -> String {
            do {
                try MovieChunks.join(parts: parts, to: out)
                return "joined"
            } catch { return "\(error)" }
        }
        #expect(
            refusal([p[0], p[2], p[3]])
                == "The parts do not make one whole movie: frames 30..<60 are missing; render them and join again."
        )
        #expect(
            refusal([p[0], p[1], p[2]])
                == "The parts do not make one whole movie: frames 90..<120 are missing; render them and join again."
        )
        #expect(
            refusal([p[0], p[1], dir.file("overlap.mp4"), p[3]]).hasSuffix(
                "repeats frames 30..<60, which \(p[1].path) already holds; leave one of them out."))
        #expect(
            refusal([p[0], dir.file("other.mp4"), p[2], p[3]])
                == "The part \(dir.file("other.mp4").path) cannot be joined: it is a part of another movie than \(p[0].path)."
        )
        #expect(
            refusal([p[0], dir.file("settings.mp4"), p[2], p[3]])
                == "The part \(dir.file("settings.mp4").path) cannot be joined: it was rendered with different encoding settings than \(p[0].path)."
        )

        // A part cut short, as by a crashed copy.
        let whole = try Data(contentsOf: p[1])
        try whole.prefix(whole.count * 2 / 3).write(to: dir.file("short.mp4"))
        #expect(
            refusal([p[0], dir.file("short.mp4"), p[2], p[3]]).hasPrefix(
                "The part \(dir.file("short.mp4").path) cannot be joined: it holds "))
        // A movie that is not a part.
        try MovieWriter.render(to: dir.file("plain.mp4"), settings: Self.settings, frameCount: 30, draw: Self.draw)
        #expect(
            refusal([dir.file("plain.mp4")])
                == "The part \(dir.file("plain.mp4").path) cannot be joined: it has no MovieKit chunk tag; join only parts rendered as chunks of one movie."
        )
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func audioJoinedOverTheWholeLengthHasNoSeams() throws {
        let dir = try TemporaryDirectory()
        let tone = dir.file("tone.wav")
        let amplitude = 0.5
        let frequency = 440.0
        try AudioTests.writeWAV(
            (0..<(48000 * 5)).map { Float(amplitude * sin(2 * .pi * frequency * Double($0) / 48000)) }, rate: 48000,
            to: tone)
        let total = 120
        let parts = try Self.renderChunks(4, total: total, in: dir)
        let joined = dir.file("joined.mp4")
        try MovieChunks.join(parts: parts, to: joined, audio: [AudioTrack(url: tone)])
        let samples = try AudioReader(path: joined.path).read(frameCount: 48000 * 10)
        let left = stride(from: 0, to: samples.count, by: 2).map { samples[$0] }
        #expect(abs(Double(left.count) / 48000 - 4) < 1024.0 / 48000)
        // The largest step between neighbouring samples stays within what the pure tone has
        // (2π·f/rate·A ≈ 0.029), with room for AAC's error; a seam would jump far more.
        let pureStep = 2 * Double.pi * frequency / 48000 * amplitude
        let steps = zip(left.dropFirst(), left).map { abs(Double($0) - Double($1)) }
        let interior = steps[2400..<(steps.count - 2400)]
        #expect(
            (interior.max() ?? 1) < pureStep * 1.5, "largest step \(interior.max() ?? 0) against the tone's \(pureStep)"
        )
    }

    /// The sound's loudness and the subtitle tracks belong to the whole movie: the join measures the mix over
    /// the movie's length and carries the tracks, as a movie written in one piece has them.
    @Test func aJoinReachesTheLoudnessTargetAndCarriesSubtitleTracksAsAWholeRenderDoes() throws {
        let dir = try TemporaryDirectory()
        let music = try LoudnessNormalizationTests.music(clicks: true, in: dir)
        let target = try LoudnessNormalization(integratedLoudness: -14, truePeak: -1)
        let track = SubtitleTrack(cues: SubtitleTrackTests.cues, language: "eng", isDefault: true)
        let total = 120
        let parts = try Self.renderChunks(3, total: total, in: dir)
        let joined = dir.file("joined.mp4")
        let reported = try #require(
            try MovieChunks.join(
                parts: parts, to: joined, audio: [AudioTrack(url: music)], loudness: target, subtitleTracks: [track]))

        var settings = Self.settings
        settings.loudness = target
        let whole = dir.file("whole.mp4")
        let writer = try MovieWriter(url: whole, settings: settings)
        try writer.addAudio(AudioTrack(url: music))
        try writer.addSubtitles(track)
        try writer.render(frameCount: total, draw: Self.draw)

        #expect(abs(reported.integratedLoudness + 14) <= 0.5 && reported.truePeak <= -1, "reported \(reported)")
        let decoded = try LoudnessNormalizationTests.measure(joined)
        let wholeDecoded = try LoudnessNormalizationTests.measure(whole)
        #expect(abs(decoded.integratedLoudness + 14) <= 0.5 && decoded.truePeak <= -1, "joined \(decoded)")
        // One measurement over the same mix: the same gain as the whole movie's, not one per chunk.
        #expect(abs(decoded.integratedLoudness - wholeDecoded.integratedLoudness) <= 0.1, "\(decoded) \(wholeDecoded)")

        let streams = try SubtitleTrackTests.subtitleStreams(of: joined)
        try #require(streams.count == 1)
        #expect(streams[0].codec == "mov_text" && streams[0].language == "eng" && streams[0].isDefault)
        #expect(streams[0].events.map(\.start) == [500, 2001] && streams[0].events.map(\.duration) == [750, 1998])
        #expect(try SubtitleTrackTests.subtitleStreams(of: whole).first?.events.map(\.start) == [500, 2001])
    }
}

/// Peak signal-to-noise ratio of two RGB byte arrays, in dB.
func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
    guard a.count == b.count, !a.isEmpty else { return 0 }
    var sum = 0.0
    for (x, y) in zip(a, b) {
        let d = Double(x) - Double(y)
        sum += d * d
    }
    let mse = sum / Double(a.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}
