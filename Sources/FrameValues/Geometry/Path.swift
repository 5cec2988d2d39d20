import Foundation

/// A resolution-independent outline made of straight lines and Bézier curves, stored in Swift.
///
/// Build a path with the same calls as `DrawingContext` (`move(to:)`, `addLine(to:)`, `addArc(…)` …),
/// then draw it with `DrawingContext.addPath(_:)`. Coordinates use FrameDraw's convention: origin at the
/// top-left, y grows down.
///
/// Every subpath in `elements` starts with `.move(to:)`: a segment added without a current point, or
/// after `closePath()`, first moves (to the segment's start, or back to the closed subpath's start), as
/// Cairo does.
public struct Path: Sendable, Hashable, PathBuilding {
    /// One drawing instruction of a path.
    public enum Element: Sendable, Hashable {
        /// Starts a new subpath at the point.
        case move(to: CGPoint)
        /// A straight line from the current point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve from the current point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve from the current point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A straight line back to the start of the current subpath, which joins the ends.
        case closeSubpath

        /// The element with every point mapped through `transform`.
        func applying(_ t: AffineTransform) -> Element {
            switch self {
            case .move(let p): .move(to: t.apply(to: p))
            case .line(let p): .line(to: t.apply(to: p))
            case .quadCurve(let p, let c): .quadCurve(to: t.apply(to: p), control: t.apply(to: c))
            case .curve(let p, let c1, let c2):
                .curve(to: t.apply(to: p), control1: t.apply(to: c1), control2: t.apply(to: c2))
            case .closeSubpath: .closeSubpath
            }
        }
    }

    /// The path's elements, in drawing order.
    public private(set) var elements: [Element] = []

    /// The point where the next segment starts, or `nil` before the first `move(to:)`.
    public private(set) var currentPoint: CGPoint?

    /// The start of the current subpath (where `closePath()` returns to).
    private var subpathStart: CGPoint?
    /// Whether the last element closed a subpath, so the next segment must first move to `subpathStart`.
    private var needsMoveAfterClose = false

    /// Creates an empty path.
    public init() {}

    /// Creates a path from a list of elements, normalised as if each was added with the builder calls.
    public init(elements: [Element]) {
        for element in elements { append(element) }
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    // MARK: - Building

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) {
        elements.append(.move(to: point))
        currentPoint = point
        subpathStart = point
        needsMoveAfterClose = false
    }

    /// Adds a straight line from the current point to `point`. Without a current point this moves to `point`.
    public mutating func addLine(to point: CGPoint) {
        guard beginSegment(defaultStart: point) else { return }
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// Moves to the first point and adds straight lines through the rest, like `CGContext.addLines(between:)`.
    public mutating func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    /// Without a current point the curve starts at `control1`, as in Cairo.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard beginSegment(defaultStart: control1) else { return }
        elements.append(.curve(to: end, control1: control1, control2: control2))
        currentPoint = end
    }

    /// Adds a quadratic Bézier curve from the current point to `end`.
    /// Without a current point the curve starts at `control`.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard beginSegment(defaultStart: control) else { return }
        elements.append(.quadCurve(to: end, control: control))
        currentPoint = end
    }

    /// Closes the current subpath with a straight line back to its start. Does nothing without a current point.
    public mutating func closePath() {
        guard currentPoint != nil, !needsMoveAfterClose, let start = subpathStart else { return }
        elements.append(.closeSubpath)
        currentPoint = start
        needsMoveAfterClose = true
    }

    /// Appends every element of `other`, which starts its own subpaths.
    public mutating func addPath(_ other: Path) {
        for element in other.elements { append(element) }
    }

    /// Appends one element through the builder calls.
    mutating func append(_ element: Element) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: closePath()
        }
    }

    /// Makes sure a segment has a subpath to extend; returns `true` when the segment should be appended.
    private mutating func beginSegment(defaultStart: CGPoint) -> Bool {
        if needsMoveAfterClose, let start = subpathStart {
            move(to: start)
        } else if currentPoint == nil {
            move(to: defaultStart)
        }
        return true
    }

    // MARK: - Transforming

    /// Returns a copy of the path with every point mapped through `transform`.
    /// Quadratic curves stay quadratic, since affine maps preserve Bézier curves.
    public func applying(_ transform: AffineTransform) -> Path {
        var result = self
        result.elements = elements.map { $0.applying(transform) }
        result.currentPoint = currentPoint.map { transform.apply(to: $0) }
        result.subpathStart = subpathStart.map { transform.apply(to: $0) }
        return result
    }

    // MARK: - Walking

    /// Calls `body` with each element and the point the element starts from (the current point
    /// before it); for `.move` the start is the previous current point, or the move target for the first.
    package func forEachSegment(_ body: (_ element: Element, _ start: CGPoint, _ subpathStart: CGPoint) -> Void) {
        var current = CGPoint.zero
        var start = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p):
                body(element, current, p)
                current = p
                start = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _):
                body(element, current, start)
                current = p
            case .closeSubpath:
                body(element, current, start)
                current = start
            }
        }
    }
}
