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

    /// Converts the slot's pixels, calls `converted` (so the slot can be reused), then encodes frame `index`.
    func encode(_ slot: FrameSlot, index: Int, converted: () -> Void) throws {
        do {
            try slot.surface.withFlushedPixelBytes { bytes in
                try converter.convert(bgra: bytes, stride: slot.surface.stride)
            }
        } catch {
            converted()
            throw error
        }
        converted()
        converter.frame.pointee.pts = Int64(index)
        try encoder.encode(converter.frame) { packet in
            try output.write(packet, from: encoder.context.pointee.time_base)
        }
    }

    /// Drains the encoder and writes the trailer.
    func finish() throws {
        try encoder.encode(nil) { packet in
            try output.write(packet, from: encoder.context.pointee.time_base)
        }
        try output.finish()
    }
}
