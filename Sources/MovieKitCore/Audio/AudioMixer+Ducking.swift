import Foundation

extension AudioMixer {
    /// How long the music takes to go down before a ducking track and back up after it, in samples.
    static var duckingRamp: Int { sampleRate / 4 }

    /// `gain` lowered to `ducked` inside `ranges`, eased linearly over `duckingRamp` samples at each side.
    static func duckedGain(_ gain: Double, to ducked: Double, at position: Int, under ranges: [Range<Int>]) -> Double {
        var nearest = Int.max
        for range in ranges {
            let distance =
                range.contains(position)
                ? 0 : position < range.lowerBound ? range.lowerBound - position : position - range.upperBound + 1
            nearest = min(nearest, distance)
        }
        guard nearest < duckingRamp else { return gain }
        let depth = 1 - Double(nearest) / Double(duckingRamp)
        return gain * (1 - depth) + ducked * depth
    }
}
