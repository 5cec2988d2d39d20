import Foundation
import LibAV
import TestSupport
import Testing

/// `moviemake slideshow` on a phone's camera roll: photos mixed with clips.
@Suite(
    "moviemake slideshow: clips among photos",
    .enabled(if: ChildProcess.installedTool(named: "ffmpeg") != nil, "needs the ffmpeg tool to make clips"))
struct SlideshowClipTests {
    static func ffmpeg(_ arguments: [String]) throws {
        let run = try FFmpegTools.run("ffmpeg", ["-v", "error", "-y"] + arguments)
        #expect(run?.exitStatus == 0, "\(String(describing: run))")
    }

    /// A JPEG, a portrait HEVC clip stored landscape with a display matrix, an HLG clip and a
    /// variable-frame-rate clip with sound, named so that they sort in that order.
    static func cameraRoll(in folder: URL) throws {
        try ffmpeg(["-f", "lavfi", "-i", "color=c=green:s=64x48", "-frames:v", "1", folder.path + "/a.jpg"])
        let stored = folder.deletingLastPathComponent().path + "/stored.mp4"
        try ffmpeg([
            "-f", "lavfi", "-i", "color=c=red:s=32x32:r=10:d=1", "-f", "lavfi", "-i", "color=c=blue:s=32x32:r=10:d=1",
            "-filter_complex", "[0][1]hstack,format=yuv420p", "-c:v", "libx265", "-x265-params", "log-level=none",
            "-tag:v", "hvc1", stored
        ])
        try ffmpeg(["-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=90", folder.path + "/b.mov"])
        try ffmpeg([
            "-f", "lavfi", "-i", "color=c=0xC00000:s=64x64:r=10:d=1", "-vf", "format=yuv420p10le", "-c:v", "libx265",
            "-x265-params", "log-level=none", "-color_primaries", "bt2020", "-color_trc", "arib-std-b67",
            "-colorspace", "bt2020nc", "-tag:v", "hvc1", folder.path + "/c.mp4"
        ])
        try ffmpeg([
            "-f", "lavfi", "-i",
            "color=c=white:s=64x64:r=10:d=1,settb=1/1000,setpts='(N*N*0.02)/TB'", "-f", "lavfi", "-i",
            "sine=frequency=440:sample_rate=48000:duration=1", "-fps_mode", "vfr", "-c:v", "libx264", "-c:a", "aac",
            "-video_track_timescale", "1000", folder.path + "/d.mp4"
        ])
    }

    /// The root mean square of the sound from `start` for `length` seconds.
    static func level(of url: URL, from start: Double, length: Double) throws -> Double {
        let reader = try AudioReader(path: url.path)
        try reader.skip(frameCount: Int(start * 48000))
        let samples = try reader.read(frameCount: Int(length * 48000))
        return (samples.reduce(0) { $0 + Double($1 * $1) } / Double(max(1, samples.count))).squareRoot()
    }

    @Test func aCameraRollBecomesASlideshowWithUprightClipsTheirSoundAndDuckedMusic() throws {
        let dir = try SlideshowCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let roll = dir.appendingPathComponent("photos")
        try Self.cameraRoll(in: roll)
        try WAVFile.write(
            WAVFile.tone(seconds: 10, rate: 48000, amplitude: 0.5), rate: 48000,
            to: dir.appendingPathComponent("music.wav"))
        let output = dir.appendingPathComponent("roll.mp4")
        let run = try ChunkCommandTests.moviemake(
            [
                "slideshow", roll.path, "-o", output.path, "--duration", "1", "--transition-duration", "0.2",
                "--audio", dir.appendingPathComponent("music.wav").path, "--audio-fade-out", "0", "--duck",
                "--size", "64x64", "--fps", "10", "--preset", "ultrafast", "--quiet"
            ])
        #expect(run.status == 0, "\(run.errors)")
        let probe = try MovieProbe(url: output)
        // The photo's 1 s (--duration) and each clip's own length, in whole frames, less three 0.2 s transitions.
        let clipFrames = try ["b.mov", "c.mp4", "d.mp4"].map {
            Int((try VideoFrameDecoder(path: roll.appendingPathComponent($0).path).duration * 10).rounded())
        }
        #expect(clipFrames[0] == 10 && clipFrames[1] == 10)
        let expected: Int = 10 + clipFrames.reduce(0, +) - 3 * 2
        #expect(probe.frames.count == expected, "\(probe.frames.count) frames, clips \(clipFrames)")
        // The portrait clip (1.0…1.8 s alone) stands upright: 32 wide, pillarboxed, turned as ffmpeg turns it.
        let portrait = probe.frames[13]
        #expect(
            portrait.pixel(x: 32, y: 10).b > 150 && portrait.pixel(x: 32, y: 54).r > 150,
            "\(portrait.pixel(x: 32, y: 10))")
        // Beside it, contain-blur's backdrop: a blurred, darkened copy, neither black nor as bright as the clip.
        let side = portrait.pixel(x: 2, y: 32)
        #expect(side.r + side.g + side.b > 20 && max(side.r, side.g, side.b) < 180, "\(side)")
        // The HLG clip (1.8…2.6 s) keeps a saturated red.
        let hlg = probe.frames[22].pixel(x: 32, y: 32)
        #expect(hlg.r > 120 && hlg.g < 60 && hlg.b < 60, "\(hlg)")
        // Music alone under the photo; under the clip with sound, the music ducks to a quarter.
        let photo = try Self.level(of: output, from: 0.1, length: 0.6)
        let clip = try Self.level(of: output, from: 2.9, length: 0.4)
        #expect(photo > 0.3, "\(photo)")
        #expect(clip < 0.25 && clip > 0.05, "\(clip)")
    }
}
