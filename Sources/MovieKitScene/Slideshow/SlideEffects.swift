import Foundation
import FrameDraw
import MovieKitCore

/// The timed changes transitions make to one slide, composed: its opacity, offset and scale as
/// functions of the scene's time, and the mask of the transition into it.
struct SlideEffects {
    var opacity: [@Sendable (Double) -> Double] = []
    var offset: [@Sendable (Double) -> CGPoint] = []
    var scale: [@Sendable (Double) -> Double] = []
    /// The mask that reveals the slide during the transition into it (full when it is over).
    var mask: Mask?

    /// The slide's top-level layers: a masked copy while the transition into it runs (only when
    /// it has a mask), then the slide itself until it ends. The copy shares the slide's children,
    /// so nothing is drawn twice; outside its window a mask would only cost time.
    func layers(children: [Layer], start: Double, end: Double, transitionEnd: Double, canvas: CGSize) -> [Layer] {
        var slide = Layer(.group(GroupContent(layers: children, clipsContent: true, timeOffset: start)))
        slide.size = .constant(canvas)
        slide.inPoint = start
        slide.outPoint = end
        let opacity = self.opacity
        if !opacity.isEmpty {
            slide.opacity = Animated(kind: .tween) { time in opacity.reduce(1) { $0 * $1(time) } }
        }
        let offset = self.offset
        if !offset.isEmpty {
            slide.position = Animated(kind: .tween) { time in
                offset.reduce(CGPoint(x: canvas.width / 2, y: canvas.height / 2)) { point, shift in
                    let delta = shift(time)
                    return CGPoint(x: point.x + delta.x, y: point.y + delta.y)
                }
            }
        }
        let scale = self.scale
        if !scale.isEmpty {
            slide.scale = Animated(kind: .tween) { time in
                let factor = scale.reduce(1) { $0 * $1(time) }
                return CGSize(width: factor, height: factor)
            }
        }
        guard let mask, transitionEnd > start else { return [slide] }
        var revealing = slide
        revealing.outPoint = transitionEnd
        revealing.mask = mask
        slide.inPoint = transitionEnd
        return [revealing, slide]
    }
}

/// When a transition runs, and its eased progress at any time.
struct TransitionWindow: Sendable {
    let start: Double
    let duration: Double
    let easing: Easing

    /// Progress from 0 (before the window) to 1 (after it), eased.
    func progress(_ time: Double) -> Double {
        guard duration > 0 else { return time >= start ? 1 : 0 }
        return easing.value(at: min(max((time - start) / duration, 0), 1))
    }

    /// Whether `time` is inside the window.
    func contains(_ time: Double) -> Bool { time >= start && time < start + duration }
}
