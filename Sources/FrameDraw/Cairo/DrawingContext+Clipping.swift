internal import CCairo
import Foundation

extension DrawingContext {
    /// Intersects the clip with the current path, filled with `rule`, then clears the path.
    /// The clip is part of the graphics state: `restoreGState()` undoes it.
    /// Corresponds to `cairo_clip`.
    public func clip(using rule: FillRule = .winding) {
        let previousRule = cairo_get_fill_rule(cr)
        cairo_set_fill_rule(cr, rule.cairoValue)
        cairo_clip(cr)
        cairo_set_fill_rule(cr, previousRule)
    }

    /// Intersects the clip with `rect`. The current path is left as it was.
    /// Corresponds to `cairo_rectangle` and `cairo_clip`.
    public func clip(to rect: CGRect) {
        preservingCurrentPath {
            cairo_new_path(cr)
            addArea(of: rect)
            cairo_clip(cr)
        }
    }

    /// Intersects the clip with the area `path` fills under `rule`. The current path is left as it was.
    /// Corresponds to `cairo_clip`.
    public func clip(to path: Path, using rule: FillRule = .winding) {
        preservingCurrentPath {
            cairo_new_path(cr)
            addArea(of: path)
            clip(using: rule)
        }
    }

    /// How far from the surface's origin, in pixels, a path to fill or clip with may reach and still
    /// be given to Cairo as it is. Cairo keeps a path's points in 24.8 fixed point (to about 8.4
    /// million pixels), and its rasteriser goes wrong well before that on long slanted edges: a
    /// rectangle turned 45° that reaches a few hundred thousand pixels out fills nothing, and two clips
    /// through a transform that stretches a rectangle 10¹¹² times crash it.
    static let farthestPathReach = 65_536.0

    /// Whether `path` stays within ``farthestPathReach`` of the surface's origin in device space.
    func staysNearSurface(_ path: Path) -> Bool { path.fits(within: Self.farthestPathReach, through: ctm) }

    /// Whether `rect`, and so anything drawn inside it (an ellipse's curves too), stays within
    /// ``farthestPathReach`` of the surface's origin in device space. Builds no path: fills and clips
    /// of rectangles and ellipses run for every shape of every frame.
    func staysNearSurface(_ rect: CGRect) -> Bool {
        let transform = ctm
        let limit = Self.farthestPathReach
        func near(_ x: Double, _ y: Double) -> Bool {
            let point = transform.apply(to: CGPoint(x: x, y: y))
            return abs(point.x) <= limit && abs(point.y) <= limit
        }
        return near(rect.minX, rect.minY) && near(rect.maxX, rect.minY) && near(rect.maxX, rect.maxY)
            && near(rect.minX, rect.maxY)
    }

    /// Appends `rect` for filling or clipping with it, as ``addArea(of:)-(Path)`` appends a path:
    /// Cairo's own rectangle when it stays near the surface.
    func addArea(of rect: CGRect) {
        if staysNearSurface(rect) { addRect(rect) } else { addArea(of: Path(rect: rect.standardized)) }
    }

    /// Appends the area `path` fills to the current path, for filling or clipping with it (not for
    /// stroking): as it is when it stays within ``farthestPathReach`` of the origin, otherwise cut to
    /// the clip's device extents (with two pixels to spare) in device space, which leaves the same
    /// pixels inside the clip under either fill rule. Zooming far into a shape or an image thus still
    /// fills the frame with what lies there.
    package func addArea(of path: Path) {
        guard !staysNearSurface(path) else {
            addPath(path)
            return
        }
        guard let clip = deviceClipExtents() else { return }
        let polygons = path.polygons(through: ctm, cutTo: clip.insetBy(dx: -2, dy: -2))
        // The path is kept in device space, so it stays where it is added when the matrix comes back.
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        for polygon in polygons {
            addLines(between: polygon)
            cairo_close_path(cr)
        }
        cairo_set_matrix(cr, &matrix)
    }

    /// Removes the clip, so drawing may reach the whole surface again. Only the clip of the current graphics
    /// state is reset; `restoreGState()` still brings back the clip that was saved.
    /// Corresponds to `cairo_reset_clip`.
    public func resetClip() { cairo_reset_clip(cr) }

    /// Turns anti-aliasing of fills and strokes on or off. Corresponds to `cairo_set_antialias`.
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        cairo_set_antialias(cr, shouldAntialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }
}
