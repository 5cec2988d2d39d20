import Foundation
import TestSupport
import Testing

/// HEVC output decodes to the same pixels in FFmpeg and in an independent decoder, libde265:
/// x265 is told to close its GOPs, so no leading picture refers across a keyframe.
@Suite("moviemake: HEVC decodes the same everywhere")
struct HEVCCrossDecoderTests {
    @Test func anHEVCSlideshowDecodesIdenticallyInLibde265AndFFmpeg() throws {
        guard let dec265 = ChildProcess.installedTool(named: "libde265-dec265"),
            let ffmpeg = ChildProcess.installedTool(named: "ffmpeg")
        else {
            Issue.record("libde265-dec265 and ffmpeg are needed; `make test` installs them (scripts/install-deps.sh).")
            return
        }
        let dir = try SlideshowCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SlideshowCommandTests.photos(5, in: dir)
        let movie = dir.appendingPathComponent("photos.mp4")
        let run = try ChunkCommandTests.moviemake([
            "slideshow", dir.appendingPathComponent("photos").path, "-o", movie.path, "--codec", "hevc", "--size",
            "320x176", "--fps", "30", "--preset", "ultrafast", "--quiet"
        ])
        #expect(run.status == 0, "\(run.errors)")

        // FFmpeg's decode, in this process.
        let probe = try MovieProbe(url: movie, keepPixels: false, strict: true, keepPlanes: true, codecName: "hevc")
        #expect(probe.codecName == "hevc")
        #expect(probe.frames.count == 390, "five photos of 3 s with 0.5 s transitions at 30 fps")
        #expect(probe.frames.allSatisfy { !$0.hadDecodeErrors && $0.planes.count == 320 * 176 * 3 / 2 })

        // libde265's decode of the same bitstream, as Annex B.
        let stream = dir.appendingPathComponent("photos.hevc")
        let extract = try ChildProcess.run(
            ffmpeg,
            arguments: [
                "-v", "error", "-i", movie.path, "-c", "copy", "-bsf:v", "hevc_mp4toannexb", "-f", "hevc", stream.path
            ])
        #expect(extract.exitStatus == 0, "\(extract)")
        let raw = dir.appendingPathComponent("photos.yuv")
        let decode = try ChildProcess.run(dec265, arguments: ["-q", "-o", raw.path, stream.path])
        #expect(decode.exitStatus == 0, "\(decode)")
        #expect(
            !(decode.standardOutput + decode.standardError).contains("WARNING"),
            "libde265 reported: \(decode.standardOutput) \(decode.standardError)")
        let bytes = try Data(contentsOf: raw)
        let frameSize = 320 * 176 * 3 / 2
        #expect(bytes.count == probe.frames.count * frameSize, "libde265 output \(bytes.count / frameSize) frames")
        var differing: [Int] = []
        for (index, frame) in probe.frames.enumerated() where (index + 1) * frameSize <= bytes.count {
            if bytes[(index * frameSize)..<((index + 1) * frameSize)].elementsEqual(frame.planes) == false {
                differing.append(index)
            }
        }
        #expect(differing.isEmpty, "frames decoded differently: \(differing.prefix(10))")
    }
}
