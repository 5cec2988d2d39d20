import Foundation
import FrameDraw
import MovieKitCore
import TestSupport
import Testing

/// From the third repeat of a held still on, x264 never sees the frame: the writer splices in an
/// H.264 skipped picture instead (`SkipFrameSplicer`). These tests decode the result strictly, in
/// process and with the `ffmpeg` CLI, at presets whose streams differ in what a spliced picture
/// must agree with: CAVLC without B frames and picture order count type 2 (`ultrafast`), CABAC
/// with weighted P prediction and B pyramids (`veryfast`, `medium`, `slow`), and 16 reference
/// frames with adaptive B-frame placement and direct prediction (`veryslow`).
@Suite("Held stills: spliced copies")
struct SplicedStillTests {
    /// Decoding times rise by one frame per packet and never come after the picture's time, and
    /// the first picture is decoded at most two frames (x264's reorder delay with B pyramids)
    /// before it is shown: not the length of the first still, as x264's own timestamps would have it.
    static func expectDecodingTimes(_ probe: MovieProbe, step: Int64, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let times = probe.packetTimes
        let rising = times.indices.dropFirst().allSatisfy { times[$0].dts - times[$0 - 1].dts == step }
        #expect(rising, "decoding times: \(times.prefix(8).map(\.dts))…", sourceLocation: sourceLocation)
        let leads = times.map { $0.pts - $0.dts }
        #expect(leads.allSatisfy { $0 >= 0 }, "a packet decoded after its time", sourceLocation: sourceLocation)
        #expect(
            (leads.first ?? .max) <= 2 * step, "first packet's lead: \(leads.first ?? 0)",
            sourceLocation: sourceLocation)
    }

    /// A still (frame 0 and 70 repeats, across the keyframe at 60), 20 changing frames, and a
    /// still that ends the movie (frame 91 and 38 repeats, across the keyframe at 120): 130 frames.
    static func writeMovie(to url: URL, preset: Preset, size: (Int, Int) = (320, 240)) throws -> RenderStatistics {
        let settings = try MovieSettings(width: size.0, height: size.1, fps: 30, preset: preset, keyframeInterval: 2)
        let writer = try MovieWriter(url: url, settings: settings)
        try writer.addFrame { try HeldStillTests.drawStill($0, seed: 1) }
        try writer.repeatPreviousFrame(count: 70)
        for frame in 71..<91 { try writer.addFrame { try HeldStillTests.drawStill($0, seed: 3 + frame) } }
        try writer.addFrame { try HeldStillTests.drawStill($0, seed: 2) }
        try writer.repeatPreviousFrame(count: 38)
        try writer.finish()
        return writer.statistics
    }

    @Test(arguments: [Preset.ultrafast, .veryfast, .medium, .slow, .veryslow])
    func splicedCopiesDecodeStrictlyAsExactCopiesAtEveryFrameTime(preset: Preset) throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("spliced-\(preset.rawValue).mp4")
        let statistics = try Self.writeMovie(to: url, preset: preset)
        // Spliced: the repeats after a keyframe (frames 0, 60 and 120), and those after the first
        // two repeats of a still that starts on a frame x264 may code as a B frame (frame 91).
        let spliced = Array(1..<60) + Array(61..<71) + Array(94..<120) + Array(121..<130)
        #expect(statistics.repeatedFrames == 108)
        #expect(statistics.splicedFrames == spliced.count)

        let probe = try MovieProbe(url: url, strict: true)
        try #require(probe.frames.count == 130)
        let step = probe.frames[1].pts
        #expect(step > 0 && probe.frames.indices.allSatisfy { probe.frames[$0].pts == Int64($0) * step })
        #expect(abs(probe.streamDuration - 130.0 / 30) < 1e-9)
        #expect(probe.frames.allSatisfy { !$0.hadDecodeErrors })
        Self.expectDecodingTimes(probe, step: step)
        // Every spliced repeat decodes to exactly the picture before it.
        let different = spliced.filter { probe.frames[$0].rgb != probe.frames[$0 - 1].rgb }
        #expect(different.isEmpty, "spliced frames that differ from the frame before: \(different)")
        // The keyframes inside the stills, and the frame coded after each spliced run, are IDR pictures.
        #expect(probe.frames.indices.filter { probe.frames[$0].isKeyframe } == [0, 60, 71, 120])
        // The stills show what was drawn as closely as a full encode does (`HeldStillTests`),
        // keyframes included, and so does the change after the first still.
        let drawn = { (seed: Int) in try HeldStillTests.drawn { try HeldStillTests.drawStill($0, seed: seed) } }
        for (frame, seed, limit) in [
            (0, 1, 4.8), (30, 1, 4.8), (60, 1, 4.8), (70, 1, 4.8), (71, 74, 6.5), (80, 83, 6.5), (91, 2, 6.5),
            (120, 2, 4.8), (129, 2, 4.8)
        ] {
            let error = HeldStillTests.meanError(probe.frames[frame], against: try drawn(seed), width: 320)
            #expect(error < limit, "frame \(frame): mean error \(error)")
        }
        // A spliced picture is a few bytes.
        #expect((spliced.map { probe.frames[$0].codedBytes }.max() ?? .max) < 64)
    }

    @Test func aStillLongerThanAGOPAtHDSplicesAcrossEveryKeyframe() throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("long.mp4")
        // 1280x720 (3,600 macroblocks, where the CABAC coder's state settles), 1-second GOPs, a
        // 5-second still.
        let settings = try MovieSettings(width: 1280, height: 720, fps: 30, preset: .veryfast, keyframeInterval: 1)
        let writer = try MovieWriter(url: url, settings: settings)
        try writer.addFrame { try HeldStillTests.drawStill($0, seed: 5) }
        try writer.repeatPreviousFrame(count: 149)
        try writer.finish()
        #expect(writer.statistics.splicedFrames == 5 * 29)

        let probe = try MovieProbe(url: url, strict: true)
        try #require(probe.frames.count == 150)
        let step = probe.frames[1].pts
        #expect(step > 0 && probe.frames.indices.allSatisfy { probe.frames[$0].pts == Int64($0) * step })
        #expect(probe.frames.indices.filter { probe.frames[$0].isKeyframe } == [0, 30, 60, 90, 120])
        Self.expectDecodingTimes(probe, step: step)
        let different = (1..<150).filter { $0 % 30 != 0 && probe.frames[$0].rgb != probe.frames[$0 - 1].rgb }
        #expect(different.isEmpty, "spliced frames that differ from the frame before: \(different)")
    }

    /// The parameter sets a spliced picture must match differ by profile (High 4:4:4 Predictive
    /// for 4:4:4 and for lossless), and the muxers by container.
    @Test(arguments: [
        ("mov", ChromaSubsampling.yuv420, 23), ("mkv", .yuv420, 23), ("mp4", .yuv444, 23), ("mp4", .yuv420, 0)
    ])
    func splicedCopiesDecodeInEveryContainerAndProfile(container: String, chroma: ChromaSubsampling, crf: Int) throws {
        let dir = try TemporaryDirectory()
        let url = dir.file("spliced.\(container)")
        let settings = try MovieSettings(
            width: 320, height: 240, fps: 25, chroma: chroma, crf: crf, preset: .veryfast, keyframeInterval: 1)
        let writer = try MovieWriter(url: url, settings: settings)
        for frame in 0..<8 { try writer.addFrame { try HeldStillTests.drawStill($0, seed: 3 + frame) } }
        try writer.repeatPreviousFrame(count: 40)
        for frame in 48..<52 { try writer.addFrame { try HeldStillTests.drawStill($0, seed: 3 + frame) } }
        try writer.finish()
        // Frame 7's repeats: 8 and 9 go to x264, 10…24 and 26…47 are spliced (25 is a keyframe).
        #expect(writer.statistics.splicedFrames == 15 + 22)

        let probe = try MovieProbe(url: url, strict: true)
        try #require(probe.frames.count == 52)
        let step = probe.frames[1].pts - probe.frames[0].pts
        #expect(
            step > 0
                && probe.frames.indices.allSatisfy { probe.frames[$0].pts - probe.frames[0].pts == Int64($0) * step })
        #expect(probe.frames.allSatisfy { !$0.hadDecodeErrors })
        if container != "mkv" { Self.expectDecodingTimes(probe, step: step) }  // Matroska stores no decoding times.
        let different = (Array(10..<25) + Array(26..<48)).filter { probe.frames[$0].rgb != probe.frames[$0 - 1].rgb }
        #expect(different.isEmpty, "spliced frames that differ from the frame before: \(different)")
        #expect(probe.frames[48].isKeyframe)
        let error = HeldStillTests.meanError(
            probe.frames[50], against: try HeldStillTests.drawn { try HeldStillTests.drawStill($0, seed: 53) },
            width: 320)
        #expect(error < 6.5, "frame 50: mean error \(error)")
    }

    @Test func otherCodecsAndChunksCodeEveryRepeat() throws {
        let dir = try TemporaryDirectory()
        let settings = try MovieSettings(width: 160, height: 128, fps: 30, codec: .hevc, preset: .ultrafast)
        let writer = try MovieWriter(url: dir.file("hevc.mp4"), settings: settings)
        try writer.addFrame { try HeldStillTests.drawStill($0, seed: 1) }
        try writer.repeatPreviousFrame(count: 20)
        try writer.finish()
        #expect(writer.statistics.repeatedFrames == 20)
        #expect(writer.statistics.splicedFrames == 0)
    }
}
