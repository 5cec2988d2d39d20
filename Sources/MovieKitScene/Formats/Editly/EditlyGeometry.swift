import Foundation
import FrameDraw
import MovieKitCore

/// How editly places and moves layers: a layer's clock, the `position` parameter, and the Ken
/// Burns zoom (`zoomDirection`, `zoomAmount`), computed as editly's fabric.js sources compute them.
enum EditlyGeometry {
    /// A layer's time span in the clip: editly animates layers by their progress, 0 at `start`
    /// and 1 at `stop` (or the clip's end).
    struct Clock {
        var start: Double
        var duration: Double

        /// The clip time at `progress`.
        func time(_ progress: Double) -> Double { start + progress * duration }

        /// A linear move over the whole span, as editly's progress-driven animations are.
        func tween<Value: Interpolatable & Equatable>(_ from: Value, _ to: Value) -> Animated<Value> {
            from == to ? .constant(from) : .tween(from: from, to: to, start: start, duration: duration, easing: .linear)
        }
    }

    /// Where a layer goes: the point in the canvas, and which point of the layer (its anchor, in
    /// fractions of its size) sits there.
    struct Placement {
        var point: CGPoint
        var anchor: CGPoint
    }

    static let positionNames = [
        "top", "bottom", "center", "top-left", "top-right", "center-left", "center-right", "bottom-left", "bottom-right"
    ]
    static let positionExpected =
        "a position: top, bottom, center, top-left, top-right, center-left, center-right, bottom-left, bottom-right or {x, y, originX, originY}"

    /// editly's `position`: a name (5% in from the edges) or `{x, y, originX, originY}` in
    /// fractions of the canvas. Without one, the layer is centred.
    static func placement(_ reader: NodeReader?, canvas: CGSize) throws -> Placement {
        let (width, height) = (canvas.width, canvas.height)
        let margin = 0.05
        var result = Placement(point: CGPoint(x: width / 2, y: height / 2), anchor: CGPoint(x: 0.5, y: 0.5))
        guard let reader else { return result }
        if case .scalar = reader.node.value {
            let name = try reader.choice(positionNames.map { ($0, $0) }, what: "a position")
            if name.hasPrefix("top") { (result.point.y, result.anchor.y) = (height * margin, 0) }
            if name.hasPrefix("bottom") { (result.point.y, result.anchor.y) = (height * (1 - margin), 1) }
            if name.hasSuffix("left") { (result.point.x, result.anchor.x) = (width * margin, 0) }
            if name.hasSuffix("right") { (result.point.x, result.anchor.x) = (width * (1 - margin), 1) }
            return result
        }
        let map = try reader.mapping(keys: ["x", "y", "originX", "originY"], expected: positionExpected)
        if let x = map.optional("x") {
            result.point.x =
                width * (try x.double(-10...10, expected: "a fraction of the width, 0 the left edge and 1 the right"))
            result.anchor.x =
                try map.optional("originX")?.choice([("left", 0.0), ("center", 0.5), ("right", 1.0)], what: "an origin")
                ?? 0
        }
        if let y = map.optional("y") {
            result.point.y =
                height * (try y.double(-10...10, expected: "a fraction of the height, 0 the top edge and 1 the bottom"))
            result.anchor.y =
                try map.optional("originY")?.choice([("top", 0.0), ("center", 0.5), ("bottom", 1.0)], what: "an origin")
                ?? 0
        }
        return result
    }

    /// A Ken Burns zoom: `in` and `out` scale between 1 and 1 + amount about the centre; `left`
    /// and `right` hold a scale of 1.3 + amount and slide by amount × 1000 pixels.
    struct Zoom: Equatable {
        enum Direction: String, CaseIterable { case `in`, out, left, right }

        /// `nil` when the zoom is off (`zoomDirection: null`).
        var direction: Direction?
        var amount: Double

        /// Reads `zoomDirection` and `zoomAmount`, with the layer type's defaults.
        static func read(_ layer: EditlyLayer, defaultDirection: Direction?, defaultAmount: Double) throws -> Zoom {
            var zoom = Zoom(direction: defaultDirection, amount: defaultAmount)
            if layer.isNull("zoomDirection") {
                zoom.direction = nil
            } else if let direction = layer.optional("zoomDirection") {
                zoom.direction = try direction.choice(
                    Direction.allCases.map { ($0.rawValue, $0) }, what: "a zoom direction (or null for none)")
            }
            if let amount = layer.optional("zoomAmount") {
                zoom.amount = try amount.double(0...10, expected: "a zoom amount from 0 to 10 (0.1 zooms by 10%)")
            }
            return zoom
        }

        /// The scale at progress 0 and 1.
        var scales: (from: Double, to: Double) {
            switch direction {
            case .in: (1, 1 + amount)
            case .out: (1 + amount, 1)
            case .left, .right: (1.3 + amount, 1.3 + amount)
            case nil: (1, 1)
            }
        }

        /// The horizontal offset in pixels at progress 0 and 1.
        var offsets: (from: Double, to: Double) {
            let range = amount * 1000
            switch direction {
            case .right: return (-range / 2, range / 2)
            case .left: return (range / 2, -range / 2)
            default: return (0, 0)
            }
        }

        /// The layer's scale over its clock.
        func scale(_ clock: Clock) -> Animated<CGSize> {
            let (from, to) = scales
            return clock.tween(CGSize(width: from, height: from), CGSize(width: to, height: to))
        }

        /// The layer's position over its clock: `point` moved by the offsets.
        func position(_ point: CGPoint, _ clock: Clock) -> Animated<CGPoint> {
            let (from, to) = offsets
            return clock.tween(CGPoint(x: point.x + from, y: point.y), CGPoint(x: point.x + to, y: point.y))
        }

        /// The same move as Ken Burns framings of a photo slide. The slide's offset in pixels is
        /// turned into a fraction of the photo taking the fitted photo to span the canvas width,
        /// and kept small enough that the view stays inside the photo.
        func kenBurns(canvasWidth: Double) -> Slideshow.KenBurns {
            let (fromZoom, toZoom) = scales
            let (fromOffset, toOffset) = offsets
            let limit = max(0, 0.5 - 0.5 / fromZoom)
            // Moving the picture right by d pixels puts a point left of its centre in the middle.
            func center(_ offset: Double) -> CGPoint {
                CGPoint(x: 0.5 + min(limit, max(-limit, -offset / (canvasWidth * fromZoom))), y: 0.5)
            }
            return Slideshow.KenBurns(
                from: Slideshow.Framing(zoom: fromZoom, center: center(fromOffset)),
                to: Slideshow.Framing(zoom: toZoom, center: center(toOffset)))
        }
    }

    /// Colours for layers whose colours editly picks at random: chosen from this palette by clip
    /// and layer, so a spec renders the same every time.
    static let palette: [Color] = [
        "#264653", "#2A9D8F", "#E9C46A", "#F4A261", "#E76F51", "#6D597A", "#B56576", "#355070", "#43AA8B", "#F94144"
    ]
    .compactMap { try? Color(hex: $0) }

    /// The palette colour for a layer, and the one after it for a gradient's second colour.
    static func randomColors(clip: Int, layer: Int, seed: UInt64) -> (Color, Color) {
        let count = UInt64(palette.count)
        let index = Int((UInt64(clip) &* 7 &+ UInt64(layer) &* 3 &+ seed) % count)
        return (palette[index], palette[(index + 1) % palette.count])
    }
}
