internal import CFFmpeg
import Foundation
import FrameDraw

/// The worker side of the pipeline: encoding and muxing, in that order.
/// Used only on the pipeline's queue once the header is written.
final class EncodeStage: @unchecked Sendable {
    // Confined to the encoder queue after init (the pipeline serialises every call).
    private let encoder: VideoEncoder
    private let output: OutputFile
    private let clock = ContinuousClock()
    /// Time spent per stage on the worker; read on the worker's queue.
    private(set) var statistics = RenderStatistics()

    /// Opens the encoder and muxer and writes the movie header.
    init(settings: MovieSettings, container: OutputFile.Container, path: String, destination: String) throws {
        FFmpegLogBridge.install()
        output = try OutputFile(container: container, path: path, destination: destination)
        encoder = try VideoEncoder(settings: settings, globalHeader: output.wantsGlobalHeader)
        try output.start(encoder: encoder)
    }

    /// Encodes `frame` as frame number `index` and writes the packets that become ready.
    /// - Parameter repeated: Whether the picture is the previous frame's again.
    func encode(_ frame: VideoFrame, index: Int, repeated: Bool) throws {
        frame.pts = Int64(index)
        try encodeAndWrite(frame.pointer)
        if repeated { statistics.repeatedFrames += 1 } else { statistics.drawnFrames += 1 }
    }

    /// Drains the encoder and writes the trailer.
    func finish() throws {
        try encodeAndWrite(nil)
        try output.finish()
    }

    /// Sends the end-of-stream signal to the encoder without writing the trailer (tests only:
    /// any later frame then fails in `avcodec_send_frame`).
    func drainEncoder() throws {
        try encodeAndWrite(nil)
    }

    private func encodeAndWrite(_ frame: UnsafeMutablePointer<AVFrame>?) throws {
        let start = clock.now
        var muxing = Duration.zero
        try encoder.encode(frame) { packet in
            let muxStart = clock.now
            try output.write(packet, from: encoder.context.pointee.time_base)
            muxing += clock.now - muxStart
        }
        statistics.encoding += clock.now - start - muxing
        statistics.muxing += muxing
    }
}
