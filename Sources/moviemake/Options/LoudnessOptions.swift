import ArgumentParser
import Foundation
import MovieKitCore

/// `--loudness` and `--true-peak`: the EBU R128 target of a movie's sound, for the commands that
/// write sound (`render`, `slideshow`, `audiogram`, and `concat`, which writes the sound of chunks).
struct LoudnessOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Normalize the sound to this integrated loudness in LUFS (EBU R128), measured first and applied as one gain: -14 for social platforms, -16 for podcasts, -23 for broadcast.",
            valueName: "LUFS"))
    var loudness: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "The highest true peak --loudness may reach, in dBTP, from -9 to 0. Default: -1.", valueName: "dBTP"))
    var truePeak: Double?

    /// `--loudness` and `--true-peak` as settings, or `nil` without `--loudness`.
    func loudnessNormalization() throws -> LoudnessNormalization? {
        if truePeak != nil, loudness == nil {
            throw ValidationError(
                "--true-peak is the ceiling of --loudness; pass --loudness with a target such as -14 too.")
        }
        guard let loudness else { return nil }
        do {
            return try LoudnessNormalization(integratedLoudness: loudness, truePeak: truePeak ?? -1)
        } catch {
            throw ValidationError("\(error)")
        }
    }
}
