import Foundation
import Testing

@testable import LibAV

@Suite("MediaOutput: several streams, interleaved")
struct MediaOutputTests {
    private func configuration(width: Int, height: Int, fps: Int) -> VideoEncoderConfiguration {
        var configuration = VideoEncoderConfiguration(
            encoderName: "libx264", width: width, height: height, frameRateNumerator: fps, frameRateDenominator: 1,
            gopSize: fps)
        configuration.options = [CodecOption("preset", "ultrafast"), CodecOption("crf", "30")]
        return configuration
    }

    @Test func twoVideoStreamsAreMuxedAndReadBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("LibAVTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("two.mp4").path

        let output = try MediaOutput(container: .mp4, path: path, destination: path)
        let first = try VideoEncoder(
            configuration: configuration(width: 64, height: 48, fps: 30), globalHeader: output.wantsGlobalHeader)
        let second = try VideoEncoder(
            configuration: configuration(width: 32, height: 32, fps: 10), globalHeader: output.wantsGlobalHeader)
        let firstStream = try output.addStream(for: first)
        let secondStream = try output.addStream(for: second)
        #expect(firstStream == 0 && secondStream == 1)
        try output.start()

        let bgra = [UInt8](repeating: 0x80, count: 64 * 48 * 4)
        let firstFrame = try Frame(width: 64, height: 48, format: .yuv420p)
        let secondFrame = try Frame(width: 32, height: 32, format: .yuv420p)
        try bgra.withUnsafeBytes { bytes in
            try Scaler(bgraWidth: 64, height: 48).convert(bgra: bytes, stride: 64 * 4, into: firstFrame)
            try Scaler(bgraWidth: 32, height: 32).convert(
                bgra: UnsafeRawBufferPointer(rebasing: bytes[0..<(32 * 32 * 4)]), stride: 32 * 4, into: secondFrame)
        }
        // Three seconds of each: 90 frames at 30 fps and 30 frames at 10 fps, written in time order.
        for index in 0..<90 {
            firstFrame.pts = Int64(index)
            try first.encode(firstFrame) { try output.write($0, toStream: firstStream) }
            if index % 3 == 0 {
                secondFrame.pts = Int64(index / 3)
                try second.encode(secondFrame) { try output.write($0, toStream: secondStream) }
            }
        }
        try first.encode(nil) { try output.write($0, toStream: firstStream) }
        try second.encode(nil) { try output.write($0, toStream: secondStream) }
        try output.finish()

        let input = try FormatInput(path: path)
        try input.findStreamInfo()
        #expect(input.streamCount == 2)
        #expect(input.kind(ofStream: 0) == .video && input.kind(ofStream: 1) == .video)
        var counts = [0, 0]
        let packet = try Packet()
        while try input.read(into: packet) {
            counts[packet.streamIndex] += 1
            packet.unref()
        }
        #expect(counts == [90, 30])
    }

    @Test func anOptionTheEncoderDoesNotKnowIsRefusedByName() throws {
        var bad = configuration(width: 64, height: 48, fps: 30)
        bad.options.append(CodecOption("no-such-option", "1"))
        #expect {
            _ = try VideoEncoder(configuration: bad, globalHeader: false)
        } throws: { error in
            (error as? LibAVError)?.kind == .settingsRefused(setting: "no-such-option")
        }
    }

    @Test func aMissingEncoderIsReportedAsUnavailable() throws {
        var bad = configuration(width: 64, height: 48, fps: 30)
        bad.encoderName = "no-such-encoder"
        #expect(
            throws: LibAVError(
                .unavailable(component: "no-such-encoder"), operation: "Opening the no-such-encoder encoder",
                message: "this FFmpeg build has no no-such-encoder encoder")
        ) {
            _ = try VideoEncoder(configuration: bad, globalHeader: false)
        }
    }

    @Test func aTooSmallPixelBufferIsAnErrorNotAStalePicture() throws {
        let frame = try Frame(width: 64, height: 48, format: .yuv420p)
        let tooSmall = [UInt8](repeating: 0, count: 100)
        #expect {
            try tooSmall.withUnsafeBytes {
                try Scaler(bgraWidth: 64, height: 48).convert(bgra: $0, stride: 256, into: frame)
            }
        } throws: { error in
            guard let error = error as? LibAVError, error.kind == .internalFailure else { return false }
            return error.message == "the pixel buffer holds 100 bytes, fewer than the 12288 a 64x48 picture needs"
        }
    }

    @Test func outOfMemoryIsClassifiedWhateverTheCallSiteExpects() throws {
        #expect {
            try LibAVError.check(-12, .writeFailed, "Writing")  // AVERROR(ENOMEM)
        } throws: { error in
            (error as? LibAVError)?.kind == .outOfMemory
        }
        #expect(throws: Never.self) { try LibAVError.check(0, .writeFailed, "Writing") }
        #expect(LibAVError.errorText(-28) == "No space left on device")
    }
}

@Suite("Resampler")
struct ResamplerTests {
    @Test func aMonoToneAt44100BecomesStereoAt48000WithTheSameFrequencyAndLevel() throws {
        let resampler = try Resampler(inputRate: 44100, inputChannels: 1, outputRate: 48000, outputChannels: 2)
        let input = (0..<44100).map { Float(0.5 * sin(2 * Double.pi * 1000 * Double($0) / 44100)) }
        var output = try resampler.convert(interleaved: input, inputChannels: 1)
        output += try resampler.convert(interleaved: [], inputChannels: 1)
        let frames = output.count / 2
        #expect(abs(frames - 48000) <= 64, "one second in gives one second out: \(frames) frames")
        // Both channels carry the tone; check level and zero crossings in the steady middle.
        let left = stride(from: 0, to: output.count, by: 2).map { output[$0] }
        let right = stride(from: 1, to: output.count, by: 2).map { output[$0] }
        #expect(zip(left, right).allSatisfy { abs($0 - $1) < 1e-6 })
        let middle = left[4800..<43200]
        let peak = middle.map(abs).max() ?? 0
        #expect(abs(peak - 0.5) < 0.02, "peak \(peak)")
        var crossings = 0
        for i in middle.indices.dropFirst() where (middle[i - 1] < 0) != (middle[i] < 0) { crossings += 1 }
        // 0.8 s of a 1 kHz tone crosses zero 1600 times.
        #expect(abs(crossings - 1600) <= 2, "crossings \(crossings)")
    }
}
