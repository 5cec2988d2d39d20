internal import CFFmpeg

/// Owns one `SwrContext` that converts interleaved 32-bit float audio from one rate and channel
/// count to another: decoded audio in, the mixer's 48 kHz stereo out. A mono source plays at full
/// level on both channels.
package final class Resampler {
    private var context: OpaquePointer?
    private let outputChannels: Int
    private let outputRate: Int
    private let inputRate: Int

    /// Creates a resampler from interleaved float audio at `inputRate` with `inputChannels`
    /// to interleaved float at `outputRate` with `outputChannels` (1 or 2 channels each side).
    /// Corresponds to `swr_alloc_set_opts2` and `swr_init`.
    /// - Throws: `LibAVError` of kind `.outOfMemory`, or `.internalFailure` for an unsupported layout.
    package init(inputRate: Int, inputChannels: Int, outputRate: Int, outputChannels: Int) throws {
        var inputLayout = AVChannelLayout()
        var outputLayout = AVChannelLayout()
        av_channel_layout_default(&inputLayout, Int32(inputChannels))
        av_channel_layout_default(&outputLayout, Int32(outputChannels))
        defer {
            av_channel_layout_uninit(&inputLayout)
            av_channel_layout_uninit(&outputLayout)
        }
        try Self.check(
            swr_alloc_set_opts2(
                &context, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(outputRate),
                &inputLayout, AV_SAMPLE_FMT_FLT, Int32(inputRate), 0, nil),
            "Configuring the audio resampler")
        // Mono plays at full level on both sides, as players do, rather than swresample's -3 dB centre mix.
        if inputChannels == 1 {
            let matrix = [Double](repeating: 1, count: outputChannels)
            try Self.check(swr_set_matrix(context, matrix, 1), "Setting the mono-to-\(outputChannels)-channel mix")
        }
        try Self.check(swr_init(context), "Starting the audio resampler")
        self.outputChannels = outputChannels
        self.outputRate = outputRate
        self.inputRate = inputRate
    }

    /// Creates a resampler from the format, layout and rate of decoded `frame` to interleaved
    /// float at `outputRate` with `outputChannels`. Corresponds to `swr_alloc_set_opts2`.
    /// - Throws: `LibAVError` of kind `.outOfMemory`, or `.unreadableInput` for a layout it cannot mix.
    package init(matching frame: Frame, outputRate: Int, outputChannels: Int) throws {
        var outputLayout = AVChannelLayout()
        av_channel_layout_default(&outputLayout, Int32(outputChannels))
        defer { av_channel_layout_uninit(&outputLayout) }
        let input = frame.pointer
        try LibAVError.check(
            swr_alloc_set_opts2(
                &context, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(outputRate),
                &input.pointee.ch_layout, AVSampleFormat(rawValue: input.pointee.format), input.pointee.sample_rate, 0,
                nil),
            .unreadableInput, "Configuring the audio resampler")
        let inputChannels = Int(input.pointee.ch_layout.nb_channels)
        if inputChannels == 1 {
            let matrix = [Double](repeating: 1, count: outputChannels)
            try Self.check(swr_set_matrix(context, matrix, 1), "Setting the mono-to-\(outputChannels)-channel mix")
        }
        try LibAVError.check(swr_init(context), .unreadableInput, "Starting the audio resampler")
        self.outputChannels = outputChannels
        self.outputRate = outputRate
        inputRate = Int(input.pointee.sample_rate)
    }

    deinit {
        swr_free(&context)
    }

    /// Converts a decoded frame (or drains, when `nil`), returning interleaved output samples.
    /// Corresponds to `swr_get_out_samples` and `swr_convert`.
    package func convert(_ frame: Frame?) throws -> [Float] {
        let inputFrames = frame?.sampleCount ?? 0
        let capacity = Int(swr_get_out_samples(context, Int32(inputFrames))) + 32
        var output = [Float](repeating: 0, count: capacity * outputChannels)
        let produced: Int32 = output.withUnsafeMutableBytes { outputBytes in
            var outputPlane: UnsafeMutablePointer<UInt8>? = outputBytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return withUnsafeMutablePointer(to: &outputPlane) { outputPlanes in
                guard let input = frame?.pointer else {
                    return swr_convert(context, outputPlanes, Int32(capacity), nil, 0)
                }
                return input.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 1) {
                    planes in
                    swr_convert(context, outputPlanes, Int32(capacity), planes, Int32(inputFrames))
                }
            }
        }
        try Self.check(produced, "Resampling audio")
        output.removeLast(output.count - Int(produced) * outputChannels)
        return output
    }

    /// Converts interleaved input samples, returning every output sample ready so far.
    /// Pass an empty array to drain what the filter still holds at the end.
    /// Corresponds to `swr_get_out_samples` and `swr_convert`.
    /// - Throws: `LibAVError` of kind `.internalFailure`.
    package func convert(interleaved input: [Float], inputChannels: Int) throws -> [Float] {
        let inputFrames = input.count / max(inputChannels, 1)
        let capacity = Int(swr_get_out_samples(context, Int32(inputFrames))) + 32
        var output = [Float](repeating: 0, count: capacity * outputChannels)
        let produced: Int32 = input.withUnsafeBytes { inputBytes in
            output.withUnsafeMutableBytes { outputBytes in
                var inputPlane: UnsafePointer<UInt8>? =
                    inputFrames > 0
                    ? inputBytes.baseAddress?.assumingMemoryBound(to: UInt8.self) : nil
                var outputPlane: UnsafeMutablePointer<UInt8>? = outputBytes.baseAddress?.assumingMemoryBound(
                    to: UInt8.self)
                return withUnsafeMutablePointer(to: &outputPlane) { outputPlanes in
                    withUnsafeMutablePointer(to: &inputPlane) { inputPlanes in
                        swr_convert(context, outputPlanes, Int32(capacity), inputPlanes, Int32(inputFrames))
                    }
                }
            }
        }
        try Self.check(produced, "Resampling audio")
        output.removeLast(output.count - Int(produced) * outputChannels)
        return output
    }

    private static func check(_ code: Int32, _ operation: String) throws {
        try LibAVError.check(code, .internalFailure, operation)
    }
}
