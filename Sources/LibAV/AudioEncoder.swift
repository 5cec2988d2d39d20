internal import CFFmpeg

/// Owns an AAC-LC encoder (FFmpeg's native `aac`) for interleaved float input at 48 kHz stereo or
/// any rate and channel count given. The encoder's priming delay is reported in its packets'
/// timestamps, which the MP4 and MOV muxers turn into an edit list, so sample 0 plays at time 0.
package final class AudioEncoder: StreamEncoder {
    package let context: CodecContext
    private let packet: Packet
    private let frame: Frame
    /// Samples per channel in each frame the encoder takes.
    package let frameSize: Int
    private let channels: Int
    private var nextPTS: Int64 = 0
    /// Interleaved samples waiting to fill a whole encoder frame.
    private var buffer: [Float] = []

    /// Opens the encoder. Corresponds to `avcodec_find_encoder_by_name("aac")` and `avcodec_open2`.
    /// - Throws: `LibAVError` of kind `.unavailable` or `.settingsRefused`.
    package init(sampleRate: Int, channels: Int, bitRate: Int, globalHeader: Bool) throws {
        LogBridge.install()
        guard let codec = avcodec_find_encoder_by_name("aac") else {
            throw LibAVError(
                .unavailable(component: "aac"), operation: "Opening the AAC encoder",
                message: "this FFmpeg build has no aac encoder")
        }
        packet = try Packet()
        frame = try Frame()
        context = try CodecContext(codec: codec)
        let c = context.pointer
        c.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        c.pointee.sample_rate = Int32(sampleRate)
        av_channel_layout_default(&c.pointee.ch_layout, Int32(channels))
        c.pointee.bit_rate = Int64(bitRate)
        c.pointee.time_base = AVRational(num: 1, den: Int32(sampleRate))
        if globalHeader { c.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
        try context.open(
            options: [], refusal: .settingsRefused(setting: nil),
            operation: "Opening the AAC encoder at \(bitRate / 1000) kb/s")
        frameSize = Int(c.pointee.frame_size)
        self.channels = channels
        frame.pointer.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
        frame.pointer.pointee.nb_samples = Int32(frameSize)
        frame.pointer.pointee.sample_rate = Int32(sampleRate)
        try LibAVError.check(
            av_channel_layout_copy(&frame.pointer.pointee.ch_layout, &c.pointee.ch_layout), .internalFailure,
            "Setting the audio layout")
        try LibAVError.check(av_frame_get_buffer(frame.pointer, 0), .internalFailure, "Allocating an audio frame")
    }

    /// The encoder's priming delay in samples, which the container's edit list skips.
    package var primingSamples: Int { Int(context.pointer.pointee.initial_padding) }

    /// Adds interleaved samples and writes every packet that becomes ready; pass `flush` at the end
    /// to encode the last partial frame and drain the encoder.
    /// Corresponds to `avcodec_send_frame` and `avcodec_receive_packet`.
    package func encode(interleaved samples: [Float], flush: Bool = false, write: (Packet) throws -> Void) throws {
        buffer += samples
        let perFrame = frameSize * channels
        var offset = 0
        while buffer.count - offset >= perFrame || (flush && buffer.count - offset > 0) {
            let count = min(perFrame, buffer.count - offset) / channels
            try fillFrame(from: offset, sampleCount: count)
            offset += count * channels
            try send(frame, write: write)
        }
        buffer.removeFirst(offset)
        if flush { try send(nil, write: write) }
    }

    /// Copies `sampleCount` interleaved frames from the buffer into the planar encoder frame.
    private func fillFrame(from offset: Int, sampleCount: Int) throws {
        try frame.makeWritable()
        let f = frame.pointer
        f.pointee.nb_samples = Int32(sampleCount)
        f.pointee.pts = nextPTS
        nextPTS += Int64(sampleCount)
        buffer.withUnsafeBufferPointer { source in
            for channel in 0..<channels {
                guard let plane = f.pointee.extended_data[channel] else { continue }
                let destination = UnsafeMutableRawPointer(plane).assumingMemoryBound(to: Float.self)
                for index in 0..<sampleCount { destination[index] = source[offset + index * channels + channel] }
            }
        }
    }

    private func send(_ frame: Frame?, write: (Packet) throws -> Void) throws {
        try LibAVError.check(
            avcodec_send_frame(context.pointer, frame?.pointer), .internalFailure,
            frame == nil ? "Flushing the AAC encoder" : "Sending audio to the AAC encoder")
        while true {
            let status = avcodec_receive_packet(context.pointer, packet.pointer)
            if status == LibAVError.eagain || status == LibAVError.eof { return }
            try LibAVError.check(status, .internalFailure, "Receiving a packet from the AAC encoder")
            defer { packet.unref() }
            try write(packet)
        }
    }
}
