import Foundation

extension MovieSettings {
    /// The size whose sides are multiples of `multiple` (from `multiple` to 16384) with the aspect
    /// ratio nearest to `size`'s, among sizes within a sixth of it; of those equally near in aspect,
    /// the one nearest in size. A multiple of 1 gives `size` itself, clamped to 1…16384.
    public static func size(multipleOf multiple: Int, nearestInAspectTo size: (width: Int, height: Int)) -> (
        width: Int, height: Int
    ) {
        let m = max(1, multiple)
        let largest = maximumSide / m * m
        let aspect = Double(size.width) / Double(size.height)
        let low = min(largest, max(m, (size.width * 5 / 6) / m * m))
        let high = min(largest, max(low, (size.width * 7 / 6 + m - 1) / m * m))
        var best = (
            width: min(largest, max(m, (size.width + m / 2) / m * m)),
            height: min(largest, max(m, (size.height + m / 2) / m * m))
        )
        guard m > 1 else { return best }
        var bestScore = (Double.infinity, Int.max)
        for width in stride(from: low, through: high, by: m) {
            let exact = Double(width) / aspect / Double(m)
            for height in [Int(exact.rounded(.down)) * m, Int(exact.rounded(.up)) * m]
            where (m...largest).contains(height) {
                let error = abs(log(Double(width) / Double(height) / aspect))
                let distance = abs(width - size.width) + abs(height - size.height)
                // Aspect errors below one part in a million count as equal.
                let score = ((error * 1e6).rounded(), distance)
                if score < bestScore {
                    bestScore = score
                    best = (width, height)
                }
            }
        }
        return best
    }
}
