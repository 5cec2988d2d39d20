internal import CFFmpeg
import Foundation
import FrameDraw

/// The worker side of the pipeline: conversion, encoding and muxing, in that order.
/// Used only on the pipeline's queue once the header is written.
final class EncodeStage: @unchecked Sendable {
    // Confined to the encoder queue after init (the pipeline serialises every call).
    private let converter: FrameConverter
    private let encoder: VideoEncoder
    private let output: OutputFile

    /// Opens the encoder and muxer and writes the movie header.
    init(settings: MovieSettings, container: OutputFile.Container, path: String) throws {
        FFmpegLogBridge.install()
        output = try OutputFile(container: container, path: path)
        encoder = try VideoEncoder(settings: settings, globalHeader: output.wantsGlobalHeader)
        converter = try FrameConverter(width: settings.width, height: settings.height)
        try output.start(encoder: encoder)
    }

    private let clock = ContinuousClock()
    /// Time spent per stage on the worker; read through the pipeline's lock.
    private(set) var statistics = RenderStatistics()

    /// Converts the slot's pixels, calls `converted` (so the slot can be reused), then encodes frame `index`.
    func encode(_ slot: FrameSlot, index: Int, converted: () -> Void) throws {
        let start = clock.now
        do {
            try slot.surface.withFlushedPixelBytes { bytes in
                try converter.convert(bgra: bytes, stride: slot.surface.stride)
            }
        } catch {
            converted()
            throw error
        }
        converted()
        statistics.conversion += clock.now - start
        statistics.drawnFrames += 1
        try encodeConvertedFrame(index: index)
    }

    /// Encodes the last converted frame again as frame `index`: the picture is unchanged, so
    /// neither drawing nor conversion is repeated.
    func repeatLastFrame(index: Int) throws {
        statistics.repeatedFrames += 1
        try encodeConvertedFrame(index: index)
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

    private func encodeConvertedFrame(index: Int) throws {
        converter.frame.pointee.pts = Int64(index)
        try encodeAndWrite(converter.frame)
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
