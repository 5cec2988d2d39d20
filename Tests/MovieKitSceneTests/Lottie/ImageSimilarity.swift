import FrameDraw
import Foundation

/// The Lottie conformance metric of `Fixtures/lottie-tests/compare.py`, in Swift: both pictures as
/// premultiplied RGBA (fully transparent pixels zeroed), SSIM with a Gaussian window (σ 1.5, K1 0.01,
/// K2 0.03, scipy's `reflect` borders, truncated at 4σ) averaged over the four channels, and PSNR over
/// all channels. A frame passes with SSIM ≥ 0.95 and PSNR ≥ 30 dB.
struct ImageSimilarity {
    var ssim: Double
    var psnr: Double

    var passes: Bool { ssim >= 0.95 && psnr >= 30 }

    /// Premultiplied RGBA channels of `image`, 0…255, one plane per channel.
    static func planes(of image: Image) -> [[Double]] {
        var planes = Array(repeating: [Double](repeating: 0, count: image.width * image.height), count: 4)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let color = image.pixel(atX: x, y: y)
                let index = y * image.width + x
                let alpha = (color.alpha * 255).rounded()
                guard alpha > 0 else { continue }
                // Straight 8-bit components, as a PNG holds them, premultiplied as compare.py does.
                planes[0][index] = (color.red * 255).rounded() * alpha / 255
                planes[1][index] = (color.green * 255).rounded() * alpha / 255
                planes[2][index] = (color.blue * 255).rounded() * alpha / 255
                planes[3][index] = alpha
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
        let mx = blur(x, width: width, height: height)
        let my = blur(y, width: width, height: height)
        let xx = blur(zip(x, x).map(*), width: width, height: height)
        let yy = blur(zip(y, y).map(*), width: width, height: height)
        let xy = blur(zip(x, y).map(*), width: width, height: height)
        var total = 0.0
        for i in x.indices {
            let sxx = xx[i] - mx[i] * mx[i]
            let syy = yy[i] - my[i] * my[i]
            let sxy = xy[i] - mx[i] * my[i]
            total +=
                ((2 * mx[i] * my[i] + c1) * (2 * sxy + c2)) / ((mx[i] * mx[i] + my[i] * my[i] + c1) * (sxx + syy + c2))
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

    /// Blurs rows then columns; unchecked buffer access keeps the debug build of the test fast.
    private static func blur(_ values: [Double], width: Int, height: Int) -> [Double] {
        let radius = kernel.count / 2
        let columns = (0..<width).map { x in (0..<kernel.count).map { reflect(x + $0 - radius, width) } }
        let rowsIndex = (0..<height).map { y in (0..<kernel.count).map { reflect(y + $0 - radius, height) } }
        var rows = [Double](repeating: 0, count: values.count)
        var result = [Double](repeating: 0, count: values.count)
        kernel.withUnsafeBufferPointer { k in
            values.withUnsafeBufferPointer { input in
                rows.withUnsafeMutableBufferPointer { output in
                    for y in 0..<height {
                        let base = y * width
                        for x in 0..<width {
                            var sum = 0.0
                            let taps = columns[x]
                            for i in 0..<k.count { sum += k[i] * input[base + taps[i]] }
                            output[base + x] = sum
                        }
                    }
                }
            }
            rows.withUnsafeBufferPointer { input in
                result.withUnsafeMutableBufferPointer { output in
                    for y in 0..<height {
                        let taps = rowsIndex[y]
                        for x in 0..<width {
                            var sum = 0.0
                            for i in 0..<k.count { sum += k[i] * input[taps[i] * width + x] }
                            output[y * width + x] = sum
                        }
                    }
                }
            }
        }
        return result
    }
}
