/// The case names before 0.2.0, which used ffmpeg `xfade`'s spelling, kept so that code written
/// for them still compiles. The names files and flags accept did not change.
extension TransitionKind {
    /// The name of ``cut`` before 0.2.0.
    @available(*, deprecated, renamed: "cut")
    public static var none: TransitionKind { .cut }

    /// The name of ``fadeBlack`` before 0.2.0.
    @available(*, deprecated, renamed: "fadeBlack")
    public static var fadeblack: TransitionKind { .fadeBlack }

    /// The name of ``fadeWhite`` before 0.2.0.
    @available(*, deprecated, renamed: "fadeWhite")
    public static var fadewhite: TransitionKind { .fadeWhite }

    /// The name of ``wipeLeft`` before 0.2.0.
    @available(*, deprecated, renamed: "wipeLeft")
    public static var wipeleft: TransitionKind { .wipeLeft }

    /// The name of ``wipeRight`` before 0.2.0.
    @available(*, deprecated, renamed: "wipeRight")
    public static var wiperight: TransitionKind { .wipeRight }

    /// The name of ``wipeUp`` before 0.2.0.
    @available(*, deprecated, renamed: "wipeUp")
    public static var wipeup: TransitionKind { .wipeUp }

    /// The name of ``wipeDown`` before 0.2.0.
    @available(*, deprecated, renamed: "wipeDown")
    public static var wipedown: TransitionKind { .wipeDown }

    /// The name of ``slideLeft`` before 0.2.0.
    @available(*, deprecated, renamed: "slideLeft")
    public static var slideleft: TransitionKind { .slideLeft }

    /// The name of ``slideRight`` before 0.2.0.
    @available(*, deprecated, renamed: "slideRight")
    public static var slideright: TransitionKind { .slideRight }

    /// The name of ``slideUp`` before 0.2.0.
    @available(*, deprecated, renamed: "slideUp")
    public static var slideup: TransitionKind { .slideUp }

    /// The name of ``slideDown`` before 0.2.0.
    @available(*, deprecated, renamed: "slideDown")
    public static var slidedown: TransitionKind { .slideDown }

    /// The name of ``circleOpen`` before 0.2.0.
    @available(*, deprecated, renamed: "circleOpen")
    public static var circleopen: TransitionKind { .circleOpen }

    /// The name of ``circleClose`` before 0.2.0.
    @available(*, deprecated, renamed: "circleClose")
    public static var circleclose: TransitionKind { .circleClose }

    /// The name of ``zoomIn`` before 0.2.0.
    @available(*, deprecated, renamed: "zoomIn")
    public static var zoomin: TransitionKind { .zoomIn }

    /// The name of ``diagonalTopLeft`` before 0.2.0.
    @available(*, deprecated, renamed: "diagonalTopLeft")
    public static var diagtl: TransitionKind { .diagonalTopLeft }

    /// The name of ``diagonalTopRight`` before 0.2.0.
    @available(*, deprecated, renamed: "diagonalTopRight")
    public static var diagtr: TransitionKind { .diagonalTopRight }

    /// The name of ``diagonalBottomLeft`` before 0.2.0.
    @available(*, deprecated, renamed: "diagonalBottomLeft")
    public static var diagbl: TransitionKind { .diagonalBottomLeft }

    /// The name of ``diagonalBottomRight`` before 0.2.0.
    @available(*, deprecated, renamed: "diagonalBottomRight")
    public static var diagbr: TransitionKind { .diagonalBottomRight }

    /// The name of ``horizontalBlur`` before 0.2.0.
    @available(*, deprecated, renamed: "horizontalBlur")
    public static var hblur: TransitionKind { .horizontalBlur }
}
