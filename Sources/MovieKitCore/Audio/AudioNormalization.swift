import Foundation

/// Dynamic loudness normalization of a movie's mixed audio, by libavfilter's `dynaudnorm`: quiet
/// passages are raised towards the loudest peaks (up to `maxGain`), with the gain smoothed over
/// `gaussSize` windows of half a second, so the level evens out without pumping. editly's
/// `audioNorm` option; the mix goes through it after the tracks are summed.
public struct AudioNormalization: Sendable, Hashable {
    /// The number of half-second windows the gain is smoothed over: an odd number from 3 to 301
    /// (dynaudnorm's `g`). Smaller follows the loudness faster. Default 5, as editly's.
    public let gaussSize: Int
    /// The largest gain applied to a quiet passage, from 1 to 100 (dynaudnorm's `m`). Default 30, as editly's.
    public let maxGain: Double
    /// A linear gain applied after the normalization, from 0 to 16: editly's `outputVolume`. Default 1.
    public let outputGain: Double

    /// Creates validated settings.
    /// - Throws: `AudioError.invalidNormalization` naming the setting out of range.
    public init(gaussSize: Int = 5, maxGain: Double = 30, outputGain: Double = 1) throws {
        guard gaussSize % 2 == 1, (3...301).contains(gaussSize) else {
            throw AudioError.invalidNormalization(
                setting: "gaussSize", value: Double(gaussSize), rule: "an odd whole number from 3 to 301")
        }
        guard maxGain.isFinite, (1...100).contains(maxGain) else {
            throw AudioError.invalidNormalization(setting: "maxGain", value: maxGain, rule: "a gain from 1 to 100")
        }
        guard outputGain.isFinite, (0...16).contains(outputGain) else {
            throw AudioError.invalidNormalization(
                setting: "outputGain", value: outputGain, rule: "a gain from 0 to 16, where 1 keeps the level")
        }
        self.gaussSize = gaussSize
        self.maxGain = maxGain
        self.outputGain = outputGain
    }

    /// The libavfilter chain: `dynaudnorm`, then `volume` when the output gain is not 1.
    var filterChain: String {
        let normalize = "dynaudnorm=g=\(gaussSize):m=\(maxGain)"
        return outputGain == 1 ? normalize : normalize + ",volume=\(outputGain)"
    }
}
