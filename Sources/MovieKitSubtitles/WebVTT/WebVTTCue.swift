import Foundation

/// One cue of a WebVTT file, with the values the WebVTT specification's parser gives it: the same
/// values a browser's `VTTCue` shows for the file (https://w3c.github.io/webvtt/#webvtt-cue).
public struct WebVTTCue: Sendable, Hashable {
    /// Where the cue's line is: a number of lines (``snapsToLines``) or a percentage of the video's
    /// height (or width, for vertical text), or `auto` for the renderer to choose.
    public enum Line: Sendable, Hashable {
        case auto
        case value(Double)
    }

    /// The edge of the cue box a line position refers to (`VTTCue.lineAlign`).
    public enum LineAlignment: String, Sendable, Hashable, CaseIterable {
        case start, center, end
    }

    /// The edge of the cue box a position refers to (`VTTCue.positionAlign`).
    public enum PositionAlignment: String, Sendable, Hashable, CaseIterable {
        case lineLeft = "line-left"
        case center
        case lineRight = "line-right"
        case auto
    }

    /// How each line of text is aligned in the cue box (`VTTCue.align`).
    public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
        case start, center, end, left, right
    }

    /// Horizontal text, or vertical text whose lines grow to the left (`rl`) or right (`lr`)
    /// (`VTTCue.vertical`: the empty string, `rl` or `lr`).
    public enum WritingDirection: String, Sendable, Hashable, CaseIterable {
        case horizontal = ""
        case verticalGrowingLeft = "rl"
        case verticalGrowingRight = "lr"
    }

    /// The cue's identifier: the line above its timing line, or empty.
    public var id: String
    /// When the cue appears, in seconds.
    public var startTime: Double
    /// When the cue disappears, in seconds. The specification keeps a cue that ends before it starts
    /// (it is never shown); ``WebVTTFile/warnings`` names it.
    public var endTime: Double
    /// The cue's text as written, with its tags (`<b>`, `<v Speaker>`, timestamps…).
    public var text: String
    /// The region the cue is shown in, if its `region` setting names one defined before it.
    public var region: WebVTTRegion?
    public var writingDirection: WritingDirection = .horizontal
    /// Whether ``line`` counts lines (`true`) or is a percentage.
    public var snapsToLines = true
    public var line: Line = .auto
    public var lineAlignment: LineAlignment = .start
    /// The position as a percentage of the video's width (or height, for vertical text), or `nil`
    /// for `auto`.
    public var position: Double?
    public var positionAlignment: PositionAlignment = .auto
    /// The cue box's size as a percentage of the video's width (or height, for vertical text).
    public var size: Double = 100
    public var textAlignment: TextAlignment = .center
    /// The 1-based line of the file where the cue's timing line is.
    public var sourceLine: Int

    /// A cue with the specification's defaults for every setting.
    public init(id: String = "", startTime: Double, endTime: Double, text: String, sourceLine: Int = 0) {
        self.id = id
        self.startTime = startTime
        self.endTime = endTime
        self.text = text
        self.sourceLine = sourceLine
    }
}

/// A region of a WebVTT file: a rectangle of the video that cues roll up in
/// (https://w3c.github.io/webvtt/#webvtt-region), with the values of a browser's `VTTRegion`.
public struct WebVTTRegion: Sendable, Hashable {
    /// Whether cues scroll up in the region as new ones arrive (`VTTRegion.scroll`: `""` or `up`).
    public enum Scroll: String, Sendable, Hashable {
        case none = ""
        case up
    }

    public var id = ""
    /// The width as a percentage of the video's width.
    public var width: Double = 100
    /// The height in lines of text. A number, not an `Int`: the file may write any run of digits,
    /// and the specification reads it as a number (`VTTRegion.lines`), however large.
    public var lines: Double = 3
    /// The point of the region, in percentages of its width and height, that sits at
    /// ``viewportAnchorX``, ``viewportAnchorY``.
    public var regionAnchorX: Double = 0
    public var regionAnchorY: Double = 100
    /// Where the region's anchor sits, in percentages of the video's width and height.
    public var viewportAnchorX: Double = 0
    public var viewportAnchorY: Double = 100
    public var scroll: Scroll = .none

    /// A region with the specification's defaults.
    public init() {}
}
