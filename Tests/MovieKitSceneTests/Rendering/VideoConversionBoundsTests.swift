import Foundation
import LibAV
import Testing

/// swscale's vector code writes whole vectors, past the end of a row whose width is not a multiple
/// of theirs. Converted straight into a tightly packed picture, that overwrote the memory after it:
/// editly's `commonFeatures` example aborted with a corrupted heap in a release build. These sizes
/// did not reproduce it in a debug build; they check that nothing is written outside the picture,
/// whether converted through the decoder's padded frame or, for rows a multiple of 16 pixels, straight in.
@Suite("Video conversion stays inside the picture", .enabled(if: VideoFixtures.isAvailable, "needs the ffmpeg tool"))
struct VideoConversionBoundsTests {
    @Test(arguments: [(37, 23), (61, 45), (64, 64), (1, 1), (405, 229), (721, 405), (1281, 721), (1920, 1088)])
    func convertingWritesNoByteOutsideThePicture(width: Int, height: Int) throws {
        let folder = try TemporaryFolder()
        let url = folder.file("ramp.mp4")
        try VideoFixtures.ramp(url, seconds: 1)
        let decoder = try VideoFrameDecoder(path: url.path)
        let picture = try #require(try decoder.picture(at: 0.5))
        let stride = width * 4
        let guardBytes = 256
        let count = stride * height + guardBytes
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0xA5)
        try decoder.convertUpright(
            picture.frame, intoBGRA: try #require(buffer.baseAddress), stride: stride, width: width, height: height)
        let after = buffer[(stride * height)...]
        #expect(after.allSatisfy { $0 == 0xA5 }, "bytes written after a \(width)x\(height) picture")
        // The picture itself is the clip's grey at frame 5, opaque.
        #expect(buffer[3] == 255 && abs(Int(buffer[1]) - Int(VideoFixtures.rampGrey(frame: 5).rounded())) <= 3)
    }
}
