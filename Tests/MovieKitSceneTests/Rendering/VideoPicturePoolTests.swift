import Foundation
import LibAV
import MovieKitLog
import Synchronization
import Testing

/// Video decoders take their pictures from a pool of anonymous mappings of their own
/// (`mk_use_picture_pool`), laid out by MovieKit rather than by libavcodec.
@Suite("Video pictures in mappings", .enabled(if: VideoFixtures.isAvailable, "needs the ffmpeg tool to make clips"))
struct VideoPicturePoolTests {
    /// A picture handed out keeps its mapping after its decoder, and the pool, are freed.
    @Test func aPictureOutlivesItsDecoder() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("ramp.mp4")
        try VideoFixtures.ramp(url, seconds: 1)
        var kept: Frame?
        do {
            let decoder = try VideoFrameDecoder(path: url.path)
            kept = try #require(try decoder.picture(at: 0.5)).frame
        }
        let frame = try #require(kept)
        let luma = try frame.withFirstPlane { bytes, stride in
            Int(bytes.load(fromByteOffset: 32 * stride + 32, as: UInt8.self))
        }
        #expect(luma == 16 + 5 * 7)
    }

    /// Sizes that are not multiples of the codecs' blocks, 8 and 10 bits: each picture is laid out in
    /// the mapping as libavcodec asks (aligned, padded) and shows the clip's grey.
    @Test(arguments: [("libx264", "yuv420p"), ("libx265", "yuv420p10le")])
    func oddSizesAndDeepPicturesDecodeExactly(codec: String, format: String) throws {
        let folder = try TemporaryFolder()
        let url = folder.file("odd-\(codec).mp4")
        try VideoFixtures.make(
            url,
            [
                "-f", "lavfi", "-i",
                "color=c=black:s=38x22:r=10:d=1,format=yuv420p,geq=lum='16+N*7':cb=128:cr=128,format=\(format)",
                "-c:v", codec, "-qp", "0"
            ] + (codec == "libx265" ? ["-x265-params", "log-level=none:lossless=1"] : []))
        let messages = Mutex<[String]>([])
        let token = Log.addHandler(level: .warning) { line in
            if line.text.contains("get_buffer2") { messages.withLock { $0.append(line.text) } }
        }
        defer { Log.removeHandler(token) }
        let decoder = try VideoFrameDecoder(path: url.path)
        #expect(decoder.codedSize == (38, 22))
        for frame in [0, 4, 9] {
            let picture = try #require(try decoder.picture(at: Double(frame) / 10 + 0.01))
            var pixels = [UInt8](repeating: 0, count: 38 * 22 * 4)
            try pixels.withUnsafeMutableBytes { bytes in
                try decoder.convertUpright(
                    picture.frame, intoBGRA: try #require(bytes.baseAddress), stride: 38 * 4, width: 38, height: 22)
            }
            let grey = Int(pixels[(11 * 38 + 19) * 4 + 1])
            #expect(abs(grey - Int(VideoFixtures.rampGrey(frame: frame).rounded())) <= 3, "frame \(frame): \(grey)")
        }
        // Frame threads call the pool at once; FFmpeg is told it is thread-safe, so it does not warn.
        #expect(messages.withLock { $0 }.isEmpty, "\(messages.withLock { $0 })")
    }
}
