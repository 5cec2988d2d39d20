import Foundation

/// What the progress bar says about time, worked out from the clock and the frames done alone.
///
/// The rate is the frames done over the time it took to do them. Until the next frame is due at
/// that rate, the time left counts down; once it is late, the estimate assumes the frame in hand
/// ends now, so the time left grows as slower frames show that the rate was too hopeful. Frames
/// reach the encoder in order, so with several drawing threads the first frames arrive together
/// and the rate is, for a moment, as low as one thread's: the estimate errs on the long side.
/// Before the first frame nothing is known, and the bar says so instead of inventing a figure.
struct ProgressEstimate: Equatable {
    /// Frames in the movie (or the chunk).
    var total: Int
    /// Frames done.
    var completed: Int
    /// Seconds since the render began.
    var elapsed: TimeInterval
    /// Seconds from the beginning to the frame that brought `completed` to its value.
    var completedAt: TimeInterval

    /// Seconds a frame took on average, or `nil` before the first frame.
    var secondsPerFrame: Double? {
        guard completed > 0 else { return nil }
        return max(completedAt, 0) / Double(completed)
    }

    /// Seconds left, or `nil` before the first frame; 0 once every frame is done.
    var secondsLeft: Double? {
        guard completed > 0 else { return nil }
        let remaining = total - completed
        guard remaining > 0 else { return 0 }
        let countdown = Double(remaining) * max(completedAt, 0) / Double(completed) - max(elapsed - completedAt, 0)
        // If the frame in hand ended now, the rate would be (completed + 1) / elapsed.
        let late = Double(remaining - 1) * elapsed / Double(completed + 1)
        return max(countdown, late, 0)
    }

    /// The bar's text after "\r": the bar, frames, the rate (frames a second, or seconds a frame
    /// when frames take longer than a second), the time left and the time elapsed.
    var barText: String {
        let fraction = total > 0 ? min(Double(completed) / Double(total), 1) : 1
        let width = 30
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        let elapsedText = Self.clock(elapsed, rounding: .down) + " elapsed"
        guard let secondsPerFrame, let secondsLeft else {
            return "\(bar) \(completed)/\(total) frames, estimating the time left, \(elapsedText)"
        }
        let rate =
            secondsPerFrame > 1
            ? String(format: "%.1f s a frame", secondsPerFrame)
            : String(format: "%.1f fps", secondsPerFrame > 0 ? 1 / secondsPerFrame : 0)
        let left = Self.clock(secondsLeft, rounding: .toNearestOrAwayFromZero) + " left"
        return "\(bar) \(completed)/\(total) frames, \(rate), \(left), \(elapsedText)"
    }

    /// `seconds` as m:ss, or h:mm:ss from an hour on, rounded to whole seconds by `rounding` (down
    /// for the time elapsed, so that it ticks as a clock does).
    static func clock(_ seconds: Double, rounding: FloatingPointRoundingRule) -> String {
        let whole = seconds.isFinite ? Int(min(max(seconds, 0), 1e9).rounded(rounding)) : 0
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
