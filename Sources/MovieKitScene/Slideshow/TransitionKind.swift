/// The transitions between slides.
///
/// Each raw value is the name that slideshow manifests, `moviemake slideshow --transition` and
/// ``init(name:)`` accept: ffmpeg `xfade`'s name where the effect is the same (`wipeleft`,
/// `fadeblack`, `diagtl`, …).
public enum TransitionKind: String, Sendable, Hashable, CaseIterable {
    /// A hard cut: the next slide appears at the start of the overlap (`none` is an alias).
    case cut
    /// The next slide fades in over the current one (`fade` is an alias).
    case crossfade
    /// Fade to black, then up from black.
    case fadeBlack = "fadeblack"
    /// Fade to white, then down from white.
    case fadeWhite = "fadewhite"
    /// The next slide is revealed by an edge moving left.
    case wipeLeft = "wipeleft"
    /// The next slide is revealed by an edge moving right.
    case wipeRight = "wiperight"
    /// The next slide is revealed by an edge moving up.
    case wipeUp = "wipeup"
    /// The next slide is revealed by an edge moving down.
    case wipeDown = "wipedown"
    /// The next slide pushes the current one out to the left.
    case slideLeft = "slideleft"
    /// The next slide pushes the current one out to the right.
    case slideRight = "slideright"
    /// The next slide pushes the current one out at the top.
    case slideUp = "slideup"
    /// The next slide pushes the current one out at the bottom.
    case slideDown = "slidedown"
    /// A circle opening from the centre reveals the next slide.
    case circleOpen = "circleopen"
    /// A circle closing onto the centre hides the current slide.
    case circleClose = "circleclose"
    /// A clock hand sweeping round reveals the next slide.
    case radial
    /// The next slide appears in small squares, in a random (seeded) order.
    case dissolve
    /// Both slides turn into growing, then shrinking, blocks.
    case pixelize
    /// The current slide zooms in as the next fades in.
    case zoomIn = "zoomin"
    /// A diagonal edge moving from the top-left corner reveals the next slide.
    case diagonalTopLeft = "diagtl"
    /// A diagonal edge moving from the top-right corner reveals the next slide.
    case diagonalTopRight = "diagtr"
    /// A diagonal edge moving from the bottom-left corner reveals the next slide.
    case diagonalBottomLeft = "diagbl"
    /// A diagonal edge moving from the bottom-right corner reveals the next slide.
    case diagonalBottomRight = "diagbr"
    /// A crossfade through a horizontal blur.
    case horizontalBlur = "hblur"
    /// Any of the others except ``cut``, chosen by the slideshow's seed: the same choice on every run.
    case random

    /// The names accepted besides the raw values, and what they stand for.
    static let aliases: [(name: String, kind: TransitionKind)] = [("fade", .crossfade), ("none", .cut)]

    /// Looks a transition up by its name (the raw value, in any case), accepting `fade` for
    /// ``crossfade`` and `none` for ``cut``.
    /// - Parameter name: A name such as `wipeleft`, `fadeblack` or `fade`.
    public init?(name: String) {
        let lowered = name.lowercased()
        if let alias = Self.aliases.first(where: { $0.name == lowered }) {
            self = alias.kind
            return
        }
        self.init(rawValue: lowered)
    }

    /// Every name ``init(name:)`` accepts, for messages and `--help`: the raw values, then the aliases.
    public static var names: [String] { allCases.map(\.rawValue) + aliases.map(\.name) }
}
