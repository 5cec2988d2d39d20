import MovieKitCore

/// The runs of frames in which a scene's picture does not change, at the scene's own frame rate.
///
/// A frame inside a run (after its first frame) looks exactly like the frame before it, so a
/// movie writer can encode it as a repeat without drawing it again
/// (`MovieWriter.render(frameCount:repeatsPrevious:clearsFrames:progress:draw:)`). A slideshow's scene holds
/// its still slides here; a scene built by hand holds none unless you add them, and a wrong run
/// shows as a frozen picture, so add only runs you know are still.
public struct HeldFrames: Sendable, Hashable {
    /// The runs, in frame numbers at the canvas's frame rate, in order and not overlapping.
    public private(set) var runs: [Range<Int>]

    /// No held frames: every frame is drawn.
    public static let none = HeldFrames(runs: [])

    /// Creates the held runs.
    /// - Parameter runs: Frame ranges whose frames all look the same; empty and single-frame runs
    ///   are dropped, and the rest are sorted.
    public init(runs: [Range<Int>]) {
        self.runs = runs.filter { $0.count > 1 }.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Whether frame `index` repeats the frame before it: it lies inside a run, after the run's first frame.
    public func repeatsPrevious(_ index: Int) -> Bool {
        // Binary search: the runs are in order.
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].upperBound <= index { low = middle + 1 } else { high = middle }
        }
        return low < runs.count && runs[low].lowerBound < index && index < runs[low].upperBound
    }
}

extension Scene {
    /// The number of frames in a movie of this scene at `fps`: its duration in whole frames, at least one.
    ///
    /// This is the one rule every render of a scene follows: the writer, `moviemake render`, chunked
    /// and distributed renders, and slideshows.
    public func frameCount(at fps: FrameRate) -> Int {
        max(1, fps.frameCount(forSeconds: canvas.duration))
    }

    /// Which frames of a movie at `fps` repeat the frame before them, for `MovieWriter.render`'s
    /// `repeatsPrevious`; `nil` when none do. Held frames apply only at the canvas's own frame
    /// rate: at another rate every frame is drawn.
    public func repeatsPrevious(at fps: FrameRate) -> (@Sendable (Int) -> Bool)? {
        guard fps == canvas.fps, !heldFrames.runs.isEmpty else { return nil }
        let held = heldFrames
        return { held.repeatsPrevious($0) }
    }
}
