import Foundation

/// How the open ends of stroked lines are drawn.
public enum LineCap: Sendable, Hashable, CaseIterable {
    /// The stroke stops exactly at the end point.
    case butt
    /// A half-circle is added around the end point.
    case round
    /// A half-square is added around the end point.
    case square
}

/// How the corners between stroked segments are drawn.
public enum LineJoin: Sendable, Hashable, CaseIterable {
    /// A sharp corner, cut to a bevel when it would exceed the miter limit.
    case miter
    /// A rounded corner.
    case round
    /// A corner cut off straight.
    case bevel
}

/// How overlapping subpaths decide what is inside.
public enum FillRule: Sendable, Hashable {
    /// Non-zero winding number: inside where the path winds around the point.
    case winding
    /// Even-odd: inside where a ray crosses the path an odd number of times.
    case evenOdd
}
