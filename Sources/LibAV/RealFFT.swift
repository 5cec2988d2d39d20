internal import CFFmpeg

/// Owns one of FFmpeg's real-to-complex Fourier transforms (`av_tx`, `AV_TX_FLOAT_RDFT`) of a fixed
/// size: `size` real samples in, `size / 2 + 1` complex bins out.
package final class RealFFT {
    private var context: OpaquePointer?
    private let transform: av_tx_fn
    /// The number of samples each transform takes: a power of two.
    package let size: Int
    private var input: [Float]
    private var output: [Float]

    /// Sets the transform up. Corresponds to `av_tx_init`.
    /// - Throws: `LibAVError` of kind `.unavailable` when FFmpeg has no such transform.
    package init(size: Int) throws {
        self.size = size
        input = [Float](repeating: 0, count: size)
        output = [Float](repeating: 0, count: size + 2)
        var context: OpaquePointer?
        var function: av_tx_fn?
        var scale: Float = 1
        // Swift's arrays are not aligned for AVX, so the transform is asked to take unaligned buffers.
        let status = av_tx_init(
            &context, &function, AV_TX_FLOAT_RDFT, 0, Int32(size), &scale, UInt64(AV_TX_UNALIGNED.rawValue))
        guard status >= 0, let context, let function else {
            throw LibAVError(
                .unavailable(component: "av_tx"), operation: "Setting up a Fourier transform of \(size) samples",
                message: "av_tx_init refused it")
        }
        self.context = context
        transform = function
    }

    deinit {
        av_tx_uninit(&context)
    }

    /// The magnitude of each bin (`size / 2 + 1` of them) of `samples` (at most `size`, zero-padded).
    package func magnitudes(of samples: ArraySlice<Float>) -> [Float] {
        for index in 0..<size { input[index] = index < samples.count ? samples[samples.startIndex + index] : 0 }
        input.withUnsafeMutableBytes { source in
            output.withUnsafeMutableBytes { destination in
                transform(context, destination.baseAddress, source.baseAddress, MemoryLayout<Float>.size)
            }
        }
        return (0...(size / 2)).map { bin in
            let real = output[2 * bin]
            let imaginary = output[2 * bin + 1]
            return (real * real + imaginary * imaginary).squareRoot()
        }
    }
}
