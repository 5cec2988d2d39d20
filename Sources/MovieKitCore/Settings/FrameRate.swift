import Foundation

/// A frame rate as an exact rational number of frames per second, such as 30 or 30000/1001.
///
/// Frame `n` is presented at exactly `n / rate` seconds, the first frame at 0.
public struct FrameRate: Sendable, Hashable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// Frames counted per `denominator` seconds.
    public let numerator: Int
    /// Seconds per `numerator` frames.
    public let denominator: Int

    /// The largest numerator or denominator MovieKit accepts after reduction.
    static let maximumTerm = 1_000_000
    /// The fastest rate MovieKit accepts, in frames per second.
    static let maximumRate = 240.0

    /// Creates a rate of `numerator / denominator` frames per second. It is validated by `MovieSettings`.
    public init(_ numerator: Int, _ denominator: Int = 1) {
        self.numerator = numerator
        self.denominator = denominator
    }

    public init(integerLiteral value: Int) {
        self.init(value, 1)
    }

    /// The rate as a floating-point number of frames per second.
    public var framesPerSecond: Double { Double(numerator) / Double(denominator) }

    /// The presentation time of frame `index`, in seconds: exactly `index × denominator / numerator`.
    public func time(ofFrame index: Int) -> Double {
        Double(index) * Double(denominator) / Double(numerator)
    }

    /// The duration of `frameCount` frames, in seconds.
    public func duration(ofFrames frameCount: Int) -> Double { time(ofFrame: frameCount) }

    /// The index of the frame on screen at `seconds`: the last frame presented at or before it. This
    /// is the one rounding of a time to a frame that `still --time`, the preview and contact sheets
    /// share. A time within a billionth of a frame of a frame's start counts as that frame, so that
    /// times computed in floating point (0.1 s × 30 fps is 2.9999999999999996 frames) land on the
    /// frame they name. Negative times give negative indices; a NaN gives 0.
    public func frame(at seconds: Double) -> Int {
        let frames = (seconds * framesPerSecond + 1e-9).rounded(.down)
        guard !frames.isNaN else { return 0 }
        // Clamped well inside Int's range, which `Int(_:)` requires.
        return Int(min(max(frames, -9.0e18), 9.0e18))
    }

    /// The number of frames that fit in `seconds`, rounded to the nearest frame.
    public func frameCount(forSeconds seconds: Double) -> Int {
        Int((seconds * Double(numerator) / Double(denominator)).rounded())
    }

    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    /// The rate in lowest terms, or a reason it cannot be used.
    func validated() throws -> FrameRate {
        guard numerator > 0, denominator > 0 else {
            throw MovieKitError.invalidFrameRate(
                self, reason: "both terms must be positive, for example 30 or 30000/1001")
        }
        let divisor = gcd(numerator, denominator)
        let reduced = FrameRate(numerator / divisor, denominator / divisor)
        guard reduced.numerator <= Self.maximumTerm, reduced.denominator <= Self.maximumTerm else {
            throw MovieKitError.invalidFrameRate(
                self,
                reason:
                    "its terms in lowest form must not exceed \(Self.maximumTerm); use a simpler rational such as 30000/1001"
            )
        }
        guard reduced.framesPerSecond <= Self.maximumRate else {
            throw MovieKitError.invalidFrameRate(
                self, reason: "it is faster than \(Int(Self.maximumRate)) frames per second")
        }
        return reduced
    }
}

private func gcd(_ a: Int, _ b: Int) -> Int {
    var (x, y) = (a, b)
    while y != 0 { (x, y) = (y, x % y) }
    return x
}
