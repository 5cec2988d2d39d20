import Foundation
import TestSupport

/// Small movie clips made by the `ffmpeg` tool for the video layer's tests (tests that need one are
/// enabled only where the tool is installed; `scripts/install-deps.sh` installs it).
enum VideoFixtures {
    static var isAvailable: Bool { ChildProcess.installedTool(named: "ffmpeg") != nil }

    /// The grey level (0…255 RGB) of frame `index` of a `ramp` clip.
    static func rampGrey(frame index: Int) -> Double {
        (Double(16 + index * 7) - 16) * 255 / 219
    }

    /// Makes a clip with `ffmpeg`; the arguments go between the `-y` and the output path.
    static func make(_ url: URL, _ arguments: [String]) throws {
        guard let result = try FFmpegTools.run("ffmpeg", ["-v", "error", "-y"] + arguments + [url.path]) else {
            throw CocoaError(.featureUnsupported)
        }
        guard result.exitStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["ffmpeg": "\(result)"]) }
    }

    /// A 64x64 H.264 clip at 10 fps whose frame n is grey with luma 16 + 7n (lossless), `seconds` long.
    static func ramp(_ url: URL, seconds: Int = 3, extra: [String] = []) throws {
        try make(
            url,
            [
                "-f", "lavfi", "-i",
                "color=c=black:s=64x64:r=10:d=\(seconds),format=yuv420p,geq=lum='16+N*7':cb=128:cr=128",
                "-c:v", "libx264", "-qp", "0", "-g", "8", "-bf", "2"
            ] + extra)
    }

    /// A 64x32 clip, left half red and right half blue, with a display matrix that turns it a quarter
    /// (FFmpeg 5.1's muxer writes the `rotate` tag only when copying, hence the second pass).
    static func rotated(_ url: URL, codec: String = "libx264") throws {
        let stored = url.deletingPathExtension().appendingPathExtension("stored.mp4")
        try make(
            stored,
            [
                "-f", "lavfi", "-i", "color=c=red:s=32x32:r=10:d=1", "-f", "lavfi", "-i",
                "color=c=blue:s=32x32:r=10:d=1",
                "-filter_complex", "[0][1]hstack,format=yuv420p", "-c:v", codec
            ])
        try make(url, ["-i", stored.path, "-c", "copy", "-metadata:s:v:0", "rotate=90"])
    }

    /// A one-second clip whose frames arrive at uneven times: frame n at `vfrTimes[n]` seconds, grey as in `ramp`.
    static func variableRate(_ url: URL) throws {
        let expression = vfrTimes.enumerated().map { "eq(N,\($0.offset))*\($0.element)" }.joined(separator: "+")
        try make(
            url,
            [
                "-f", "lavfi", "-i",
                "color=c=black:s=64x64:r=10:d=\(vfrTimes.count / 10 + 1),format=yuv420p,geq=lum='16+N*7':cb=128:cr=128,"
                    + "trim=end_frame=\(vfrTimes.count),settb=1/1000,setpts='(\(expression))/TB'",
                "-fps_mode", "vfr", "-c:v", "libx264", "-qp", "0", "-video_track_timescale", "1000"
            ])
    }

    static let vfrTimes: [Double] = [0, 0.1, 0.15, 0.5, 0.55, 0.6, 0.9]
}

extension VideoFixtures {
    /// A 64x64 grey H.264 clip with a 440 Hz tone (AAC), `seconds` long.
    static func withTone(_ url: URL, seconds: Int = 2) throws {
        try make(
            url,
            [
                "-f", "lavfi", "-i", "color=c=gray:s=64x64:r=10:d=\(seconds)", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=48000:duration=\(seconds)", "-c:v", "libx264", "-pix_fmt", "yuv420p",
                "-c:a", "aac", "-shortest"
            ])
    }

    /// A 64x64 10-bit HEVC clip tagged HLG BT.2020, left half mid grey and right half saturated red.
    static func hlg(_ url: URL) throws {
        try make(
            url,
            [
                "-f", "lavfi", "-i", "color=c=0x808080:s=32x64:r=10:d=1", "-f", "lavfi", "-i",
                "color=c=0xC00000:s=32x64:r=10:d=1", "-filter_complex", "[0][1]hstack,format=yuv420p10le",
                "-c:v", "libx265", "-x265-params", "log-level=none", "-color_primaries", "bt2020", "-color_trc",
                "arib-std-b67", "-colorspace", "bt2020nc", "-tag:v", "hvc1"
            ])
    }
}
