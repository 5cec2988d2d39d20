import Foundation

@testable import FrameDraw

/// The Lottie conformance metric of `Fixtures/lottie-tests/compare.py`, in Swift: both pictures as
/// premultiplied RGBA (fully transparent pixels zeroed), SSIM with a Gaussian window (σ 1.5, K1 0.01,
/// K2 0.03, scipy's `reflect` borders, truncated at 4σ) averaged over the four channels, and PSNR over
/// all channels. A frame passes with SSIM ≥ 0.95 and PSNR ≥ 30 dB.
struct ImageSimilarity {
    var ssim: Double
    var psnr: Double

    var passes: Bool { ssim >= 0.95 && psnr >= 30 }

    /// Premultiplied RGBA channels of `image`, 0…255, one plane per channel, read straight from its
    /// premultiplied pixels (compare.py premultiplies the PNG's straight values, which differs by at
    /// most half a step).
    static func planes(of image: Image) -> [[Double]] {
        let width = image.width
        let height = image.height
        var planes = Array(repeating: [Double](repeating: 0, count: width * height), count: 4)
        let stride = image.snapshot.stride
        image.snapshot.withPixelBytes { bytes in
            for y in 0..<height {
                for x in 0..<width {
                    let argb = bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                    let index = y * width + x
                    planes[0][index] = Double((argb >> 16) & 0xFF)
                    planes[1][index] = Double((argb >> 8) & 0xFF)
                    planes[2][index] = Double(argb & 0xFF)
                    planes[3][index] = Double(argb >> 24)
                }
            }
        }
        return planes
    }

    /// The metric of `render` against `reference`; zero for pictures of different sizes.
    static func compare(_ reference: Image, _ render: Image) -> ImageSimilarity {
        guard reference.width == render.width, reference.height == render.height else {
            return ImageSimilarity(ssim: 0, psnr: 0)
        }
        let width = reference.width
        let height = reference.height
        let a = planes(of: reference)
        let b = planes(of: render)
        var ssimTotal = 0.0
        var squaredError = 0.0
        for channel in 0..<4 {
            ssimTotal += ssim(a[channel], b[channel], width: width, height: height)
            for index in a[channel].indices {
                let d = a[channel][index] - b[channel][index]
                squaredError += d * d
            }
        }
        let mse = squaredError / Double(4 * width * height)
        let psnr = mse == 0 ? 99 : 10 * log10(255 * 255 / mse)
        return ImageSimilarity(ssim: ssimTotal / 4, psnr: psnr)
    }

    private static func ssim(_ x: [Double], _ y: [Double], width: Int, height: Int) -> Double {
        let c1 = (0.01 * 255) * (0.01 * 255)
        let c2 = (0.03 * 255) * (0.03 * 255)
        var xx = x
        var yy = y
        var xy = x
        for i in x.indices {
            xx[i] = x[i] * x[i]
            yy[i] = y[i] * y[i]
            xy[i] = x[i] * y[i]
        }
        let mx = blur(x, width: width, height: height)
        let my = blur(y, width: width, height: height)
        xx = blur(xx, width: width, height: height)
        yy = blur(yy, width: width, height: height)
        xy = blur(xy, width: width, height: height)
        var total = 0.0
        for i in x.indices {
            let mxi = mx[i]
            let myi = my[i]
            let sxx = xx[i] - mxi * mxi
            let syy = yy[i] - myi * myi
            let sxy = xy[i] - mxi * myi
            total += ((2 * mxi * myi + c1) * (2 * sxy + c2)) / ((mxi * mxi + myi * myi + c1) * (sxx + syy + c2))
        }
        return total / Double(x.count)
    }

    /// scipy's `gaussian_filter(σ = 1.5)`: a separable kernel of radius 6, borders mirrored with the edge repeated.
    private static let kernel: [Double] = {
        let sigma = 1.5
        let radius = Int(4 * sigma + 0.5)
        let weights = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let sum = weights.reduce(0, +)
        return weights.map { $0 / sum }
    }()

    private static func reflect(_ i: Int, _ n: Int) -> Int {
        var i = i
        while i < 0 || i >= n {
            if i < 0 { i = -i - 1 }
            if i >= n { i = 2 * n - i - 1 }
        }
        return i
    }

    /// Blurs rows then columns. Plain `while` loops over unchecked buffers keep the debug build of
    /// the test fast.
    private static func blur(_ values: [Double], width: Int, height: Int) -> [Double] {
        let taps = kernel.count
        let radius = taps / 2
        // For each x (then y), the source offsets of its taps, flattened.
        var columnTaps = [Int](repeating: 0, count: width * taps)
        for x in 0..<width { for i in 0..<taps { columnTaps[x * taps + i] = reflect(x + i - radius, width) } }
        var rowTaps = [Int](repeating: 0, count: height * taps)
        for y in 0..<height { for i in 0..<taps { rowTaps[y * taps + i] = reflect(y + i - radius, height) * width } }
        var rows = [Double](repeating: 0, count: values.count)
        var result = [Double](repeating: 0, count: values.count)
        kernel.withUnsafeBufferPointer { kBuffer in
            columnTaps.withUnsafeBufferPointer { acrossBuffer in
                rowTaps.withUnsafeBufferPointer { downBuffer in
                    values.withUnsafeBufferPointer { inputBuffer in
                        rows.withUnsafeMutableBufferPointer { middleBuffer in
                            result.withUnsafeMutableBufferPointer { outputBuffer in
                                // Raw pointers: their subscripts are inlined even in debug builds.
                                let k = kBuffer.baseAddress!
                                let across = acrossBuffer.baseAddress!
                                let down = downBuffer.baseAddress!
                                let input = inputBuffer.baseAddress!
                                let middle = middleBuffer.baseAddress!
                                let output = outputBuffer.baseAddress!
                                var y = 0
                                while y < height {
                                    let base = y * width
                                    var x = 0
                                    while x < width {
                                        var sum = 0.0
                                        var i = 0
                                        let first = x * taps
                                        while i < taps {
                                            sum += k[i] * input[base + across[first + i]]
                                            i += 1
                                        }
                                        middle[base + x] = sum
                                        x += 1
                                    }
                                    y += 1
                                }
                                y = 0
                                while y < height {
                                    let first = y * taps
                                    var x = 0
                                    while x < width {
                                        var sum = 0.0
                                        var i = 0
                                        while i < taps {
                                            sum += k[i] * middle[down[first + i] + x]
                                            i += 1
                                        }
                                        output[y * width + x] = sum
                                        x += 1
                                    }
                                    y += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }
}
