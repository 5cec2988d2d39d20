import Foundation
internal import LibAV

/// The worker side of the pipeline: encoding, then muxing. Used only on the pipeline's queue
/// once the header is written.
final class EncodeStage {
    private let encoder: VideoEncoder
    private let output: MediaOutput
    private let videoStream: Int
    private let destination: String
    private let clock = ContinuousClock()
    /// Time spent per stage on the worker; read on the worker's queue.
    private(set) var statistics = RenderStatistics()

    /// Opens the encoder and muxer and writes the movie header to `path`.
    /// - Parameter destination: The file the user asked for, named in errors.
    /// - Throws: `MovieKitError` mapped from the LibAV layer.
    init(settings: MovieSettings, container: MediaOutput.Container, path: String, destination: String) throws {
        self.destination = destination
        do {
            output = try MediaOutput(container: container, path: path, destination: destination)
            encoder = try VideoEncoder(configuration: settings.encoderConfiguration, globalHeader: output.wantsGlobalHeader)
            videoStream = try output.addStream(for: encoder)
            try output.start()
        } catch let error as LibAVError {
            throw MovieKitError(writing: destination, encoder: MovieSettings.encoderName, error)
        }
    }

    /// Encodes `frame` as frame number `index` and writes the packets that become ready.
    /// - Parameter repeated: Whether the picture is the previous frame's again.
    func encode(_ frame: Frame, index: Int, repeated: Bool) throws {
        frame.pts = Int64(index)
        try encodeAndWrite(frame)
        if repeated { statistics.repeatedFrames += 1 } else { statistics.drawnFrames += 1 }
    }

    /// Drains the encoder and writes the trailer.
    func finish() throws {
        try encodeAndWrite(nil)
        try mapped { try output.finish() }
    }

    /// Sends the end-of-stream signal to the encoder without writing the trailer (tests only:
    /// any later frame then fails in `avcodec_send_frame`).
    func drainEncoder() throws {
        try encodeAndWrite(nil)
    }

    private func encodeAndWrite(_ frame: Frame?) throws {
        let start = clock.now
        var muxing = Duration.zero
        try mapped {
            try encoder.encode(frame) { packet in
                let muxStart = clock.now
                try output.write(packet, toStream: videoStream)
                muxing += clock.now - muxStart
            }
        }
        statistics.encoding += clock.now - start - muxing
        statistics.muxing += muxing
    }

    private func mapped(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as LibAVError {
            throw MovieKitError(writing: destination, encoder: MovieSettings.encoderName, error)
        }
    }
}
