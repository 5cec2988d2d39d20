/// Which frame is being drawn, and when it is shown.
public struct FrameTime: Sendable, Hashable {
    /// The frame number, from 0.
    public let index: Int
    /// The presentation time in seconds: exactly `index / fps`.
    public let time: Double

    public init(index: Int, time: Double) {
        self.index = index
        self.time = time
    }
}
