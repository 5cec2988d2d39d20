import Foundation

/// Normalizes a movie's mix to an integrated loudness (EBU R128 / ITU-R BS.1770) under a true-peak
/// ceiling, in two passes: the mix is measured first (libavfilter's `ebur128`), then written with
/// one gain for the whole movie, so that the dynamics are kept, as `loudnorm`'s linear mode does.
/// When that gain would lift the true peak within ``encoderHeadroom`` of the ceiling, a limiter
/// (libavfilter's `alimiter`, with a millisecond's look-ahead) holds the peaks it would lift that
/// far, ``limiterMargin`` under the ceiling; short peaks carry little loudness, so the target is
/// still reached. The figures reached are measured as the audio is written
/// (``RenderStatistics/audioLoudness``), before AAC encoding, which can add a few tenths of a dB
/// to the sharpest peaks: hence the headroom.
///
/// Common targets: −14 LUFS for social platforms, −16 for podcasts, −23 for broadcast (EBU R128).
public struct LoudnessNormalization: Sendable, Hashable {
    /// The integrated loudness to reach, in LUFS, from −70 to −5.
    public let integratedLoudness: Double
    /// The highest true peak allowed, in dBTP, from −9 to 0. Default −1.
    public let truePeak: Double

    /// Creates validated settings.
    /// - Throws: `AudioError.invalidNormalization` naming the setting out of range.
    public init(integratedLoudness: Double, truePeak: Double = -1) throws {
        guard integratedLoudness.isFinite, (-70 ... -5).contains(integratedLoudness) else {
            throw AudioError.invalidNormalization(
                setting: "integrated loudness", value: integratedLoudness,
                rule: "a loudness from -70 to -5 LUFS, such as -14 for social platforms or -23 for broadcast")
        }
        guard truePeak.isFinite, (-9...0).contains(truePeak) else {
            throw AudioError.invalidNormalization(
                setting: "true peak", value: truePeak, rule: "a ceiling from -9 to 0 dBTP, such as -1")
        }
        self.integratedLoudness = integratedLoudness
        self.truePeak = truePeak
    }

    /// How far under the ceiling a gain alone may lift the true peak, in dB: room for the AAC
    /// encoder's overshoot.
    public static let encoderHeadroom = 0.5
    /// How far under the ceiling the limiter holds the peaks, in dB: its peaks are sample peaks,
    /// and the true peak between samples and the encoder's overshoot come on top.
    public static let limiterMargin = 2.0

    /// The filter chain that brings audio measured at `measured` to the target: one gain, and a
    /// limiter when the gain would lift the true peak near the ceiling. Silence (no gated loudness)
    /// keeps its level.
    /// - Parameters:
    ///   - measured: The mix's loudness before the chain.
    ///   - correction: Extra gain in dB, for the loudness a limiter takes away (found by measuring
    ///     the chain's output).
    func chain(for measured: LoudnessMeasurement, correction: Double = 0) -> String {
        guard measured.integratedLoudness.isFinite, measured.integratedLoudness > -70 else { return "anull" }
        let gain = integratedLoudness - measured.integratedLoudness + correction
        let volume = "volume=\(String(format: "%.4f", gain))dB"
        guard needsLimiter(for: measured) else { return volume }
        let limit = max(0.0625, pow(10, (truePeak - Self.limiterMargin) / 20))
        return volume + ",alimiter=limit=\(String(format: "%.5f", limit)):attack=1:release=50:level=0"
    }

    /// Whether the gain that reaches the target would lift the true peak within
    /// ``encoderHeadroom`` of the ceiling.
    func needsLimiter(for measured: LoudnessMeasurement) -> Bool {
        guard measured.integratedLoudness.isFinite, measured.truePeak.isFinite else { return false }
        return measured.truePeak + integratedLoudness - measured.integratedLoudness > truePeak - Self.encoderHeadroom
    }

    /// The `ebur128` filter that measures, with its readings in each frame's metadata.
    static let meter = "ebur128=metadata=1:peak=true"
}

/// Loudness figures of a mix (ITU-R BS.1770, gated as EBU R128 asks).
public struct LoudnessMeasurement: Sendable, Hashable, CustomStringConvertible {
    /// The integrated loudness in LUFS; `-infinity` for silence.
    public var integratedLoudness: Double
    /// The highest true peak (4x oversampled) in dBTP; `-infinity` for silence.
    public var truePeak: Double

    public init(integratedLoudness: Double, truePeak: Double) {
        self.integratedLoudness = integratedLoudness
        self.truePeak = truePeak
    }

    /// The figures `ebur128` left in a frame's metadata (`lavfi.r128.I`, and `lavfi.r128.true_peak`
    /// as a linear amplitude), or `nil` when it left none.
    init?(ebur128 metadata: [String: String]) {
        guard let integrated = metadata["lavfi.r128.I"].flatMap(Double.init) else { return nil }
        let peak = metadata["lavfi.r128.true_peak"].flatMap(Double.init) ?? 0
        integratedLoudness = integrated <= -70 ? -.infinity : integrated
        truePeak = peak > 0 ? 20 * log10(peak) : -.infinity
    }

    /// "-14.0 LUFS integrated, true peak -1.3 dBTP".
    public var description: String {
        func figure(_ value: Double) -> String { value.isFinite ? String(format: "%.1f", value) : "-inf" }
        return "\(figure(integratedLoudness)) LUFS integrated, true peak \(figure(truePeak)) dBTP"
    }
}
