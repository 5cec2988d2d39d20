/// The transitions between slides. The names match ffmpeg's `xfade` where the effect is the same.
public enum TransitionKind: String, Sendable, Hashable, CaseIterable {
    /// A hard cut: the next slide appears at the start of the overlap.
    case none
    /// The next slide fades in over the current one (`fade` is an alias).
    case crossfade
    /// Fade to black, then up from black.
    case fadeblack
    /// Fade to white, then down from white.
    case fadewhite
    /// The next slide is revealed by an edge moving left, right, up or down.
    case wipeleft, wiperight, wipeup, wipedown
    /// The next slide pushes the current one out to the left, right, top or bottom.
    case slideleft, slideright, slideup, slidedown
    /// A circle opening from the centre reveals the next slide.
    case circleopen
    /// A circle closing onto the centre hides the current slide.
    case circleclose
    /// A clock hand sweeping round reveals the next slide.
    case radial
    /// The next slide appears in small squares, in a random (seeded) order.
    case dissolve
    /// Both slides turn into growing, then shrinking, blocks.
    case pixelize
    /// The current slide zooms in as the next fades in.
    case zoomin
    /// A diagonal edge from the top-left, top-right, bottom-left or bottom-right corner reveals the next slide.
    case diagtl, diagtr, diagbl, diagbr
    /// A crossfade through a horizontal blur.
    case hblur
    /// Any of the others, chosen by the slideshow's seed: the same choice on every run.
    case random

    /// Looks a transition up by name, accepting `fade` for `crossfade`.
    public init?(name: String) {
        let lowered = name.lowercased()
        if lowered == "fade" {
            self = .crossfade
            return
        }
        self.init(rawValue: lowered)
    }

    /// Every name `init(name:)` accepts, for messages and `--help`.
    public static var names: [String] { allCases.map(\.rawValue) + ["fade"] }
}
