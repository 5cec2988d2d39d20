/// How far a render has come, counted in frames the encoder has taken, not merely handed off.
public struct RenderProgress: Sendable, Hashable, CustomStringConvertible {
    /// Frames the encoder has taken so far.
    public let encodedFrames: Int
    /// Frames in the whole movie.
    public let totalFrames: Int
    /// True once the finished movie is in place at its destination.
    public let isComplete: Bool

    public init(encodedFrames: Int, totalFrames: Int, isComplete: Bool) {
        self.encodedFrames = encodedFrames
        self.totalFrames = totalFrames
        self.isComplete = isComplete
    }

    /// The fraction of frames encoded, from 0 to 1.
    public var fractionCompleted: Double {
        totalFrames > 0 ? Double(encodedFrames) / Double(totalFrames) : 1
    }

    public var description: String {
        "\(encodedFrames)/\(totalFrames) frames encoded" + (isComplete ? ", complete" : "")
    }
}
