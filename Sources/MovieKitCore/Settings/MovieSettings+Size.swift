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

    /// These settings at the size of a picture that was sized elsewhere (a movie clip, an editly spec,
    /// a Lottie designer's canvas), kept in the stream rather than rounded to a multiple of 16: H.264,
    /// HEVC and AV1 code a 1920x1080 picture in 1088 rows and store the 8 they add as cropped, as every
    /// encoder does, so the movie shows 1920x1080. The sides need only be even (4:2:0 pictures take
    /// even sizes): an odd side is rounded up to the next even number.
    /// Codecs that take any size (VP9, ProRes, GIF, PNG, WebP) keep the size as it is.
    ///
    /// Settings made with ``init(width:height:fps:codec:alpha:chroma:bitDepth:crf:preset:keyframeInterval:bitRate:metadata:gif:audioBitRate:tune:)``
    /// still refuse such sizes, so that a program chooses its frame size on purpose.
    /// - Parameters:
    ///   - width: The picture's width in pixels.
    ///   - height: The picture's height in pixels.
    /// - Throws: `MovieKitError` for a side that is not positive or is over 16384 pixels.
    public func keepingSourceSize(width: Int, height: Int) throws -> MovieSettings {
        let anySize = codec.map { $0.sizeMultiple == 1 } ?? false
        let even =
            anySize || width <= 0 || height <= 0
            ? (width: width, height: height) : (width: (width + 1) / 2 * 2, height: (height + 1) / 2 * 2)
        var sized = try MovieSettings(
            width: even.width, height: even.height, fps: fps, codec: codec, alpha: alpha, chroma: chroma,
            bitDepth: bitDepth, crf: crf, preset: preset, keyframeInterval: keyframeInterval, bitRate: bitRate,
            metadata: metadata, gif: gif, audioBitRate: audioBitRate, tune: tune, sidesNeedOnlyBeEven: true)
        sized.webp = webp
        sized.audioNormalization = audioNormalization
        sized.loudness = loudness
        return sized
    }
}
