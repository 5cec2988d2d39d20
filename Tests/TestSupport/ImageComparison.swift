import Foundation

/// Comparing pictures of different sizes: area-averaged downscaling and SSIM on luma.
public enum ImageComparison {
    /// The BT.709 luma (0…255) of packed RGB24 pixels.
    public static func luma(_ rgb: [UInt8]) -> [Double] {
        stride(from: 0, to: rgb.count - 2, by: 3).map { (i: Int) -> Double in
            let red = 0.2126 * Double(rgb[i])
            let green = 0.7152 * Double(rgb[i + 1])
            let blue = 0.0722 * Double(rgb[i + 2])
            return red + green + blue
        }
    }

    /// Scales one channel of `width` x `height` to `newWidth` x `newHeight` by averaging the area of
    /// the source each target pixel covers (exact for any ratio, no ringing).
    public static func resample(
        _ plane: [Double], width: Int, height: Int, toWidth newWidth: Int, height newHeight: Int
    ) -> [Double] {
        /// For each target index, the source indices it covers with their weights.
        func weights(from source: Int, to target: Int) -> [[(Int, Double)]] {
            let scale = Double(source) / Double(target)
            return (0..<target).map { index in
                let start = Double(index) * scale
                let end = start + scale
                var result: [(Int, Double)] = []
                var position = Int(start)
                while Double(position) < end, position < source {
                    let covered = min(end, Double(position + 1)) - max(start, Double(position))
                    if covered > 0 { result.append((position, covered / scale)) }
                    position += 1
                }
                return result
            }
        }
        let across = weights(from: width, to: newWidth)
        let down = weights(from: height, to: newHeight)
        var rows = [Double](repeating: 0, count: newWidth * height)
        for y in 0..<height {
            for x in 0..<newWidth {
                rows[y * newWidth + x] = across[x].reduce(0) { $0 + plane[y * width + $1.0] * $1.1 }
            }
        }
        var result = [Double](repeating: 0, count: newWidth * newHeight)
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                result[y * newWidth + x] = down[y].reduce(0) { $0 + rows[$1.0 * newWidth + x] * $1.1 }
            }
        }
        return result
    }

    /// The mean structural similarity of two planes (0…255) of the same size: a Gaussian window of
    /// σ 1.5 (11 taps), K1 0.01, K2 0.03, over the positions where the whole window fits.
    public static func ssim(_ a: [Double], _ b: [Double], width: Int, height: Int) -> Double {
        precondition(a.count == width * height && b.count == a.count, "planes of \(width)x\(height)")
        let radius = 5
        let taps = (-radius...radius).map { exp(-Double($0 * $0) / (2 * 1.5 * 1.5)) }
        let total = taps.reduce(0, +)
        let window = taps.map { $0 / total }
        func blur(_ plane: [Double]) -> [Double] {
            var across = [Double](repeating: 0, count: plane.count)
            for y in 0..<height {
                for x in radius..<(width - radius) {
                    var sum = 0.0
                    for k in -radius...radius { sum += plane[y * width + x + k] * window[k + radius] }
                    across[y * width + x] = sum
                }
            }
            var result = [Double](repeating: 0, count: plane.count)
            for y in radius..<(height - radius) {
                for x in radius..<(width - radius) {
                    var sum = 0.0
                    for k in -radius...radius { sum += across[(y + k) * width + x] * window[k + radius] }
                    result[y * width + x] = sum
                }
            }
            return result
        }
        let (c1, c2) = ((0.01 * 255) * (0.01 * 255), (0.03 * 255) * (0.03 * 255))
        let meanA = blur(a)
        let meanB = blur(b)
        let squaresA = blur(a.map { $0 * $0 })
        let squaresB = blur(b.map { $0 * $0 })
        let products = blur(zip(a, b).map { $0 * $1 })
        var sum = 0.0
        var count = 0
        for y in radius..<(height - radius) {
            for x in radius..<(width - radius) {
                let i = y * width + x
                let (ma, mb) = (meanA[i], meanB[i])
                let varianceA = squaresA[i] - ma * ma
                let varianceB = squaresB[i] - mb * mb
                let covariance = products[i] - ma * mb
                sum +=
                    ((2 * ma * mb + c1) * (2 * covariance + c2))
                    / ((ma * ma + mb * mb + c1) * (varianceA + varianceB + c2))
                count += 1
            }
        }
        return count == 0 ? 1 : sum / Double(count)
    }
}
