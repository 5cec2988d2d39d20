// snippet.hide
import Foundation
import FrameDraw
import MovieKitAnimation

let frameTime = 1.25
// snippet.show

// snippet.easing
let half = Easing.easeInOut.value(at: 0.5)  // 0.5; input is clamped to 0…1
let back = Easing.cubicBezier(0.68, -0.55, 0.265, 1.55)  // y may overshoot; x1 and x2 must be in 0…1
let ticks = Easing.steps(4, .jumpEnd)  // also .jumpStart, .jumpNone, .jumpBoth
let bounce = Easing.penner(.bounce, .easeOut)  // the same as .easeOutBounce
print(Easing.ease)  // ease (CSS syntax)
// snippet.end

// snippet.keyframes
let x = Keyframes<Double>([
    Keyframe(time: 0.0, value: 0, easing: .easeIn),  // shapes the segment from 0.0 to 0.3
    Keyframe(time: 0.3, value: 200, easing: .easeOut),
    Keyframe(time: 0.8, value: 1000),
    Keyframe(time: 1.0, value: 400)
])
let x05 = x.value(at: 0.5)  // the first value before 0.0, the last after 1.0
let path = Keyframes(
    [
        Keyframe(time: 0, value: CGPoint(x: 0, y: 0)),
        Keyframe(time: 1, value: CGPoint(x: 300, y: 0)),
        Keyframe(time: 2, value: CGPoint(x: 300, y: 400))
    ], mode: .paced)  // constant speed along the points
let point = path.value(at: 1)
// snippet.end

// snippet.springs
let spring = Spring(response: 0.5, dampingRatio: 0.6)
let y = spring.value(at: 0.2, from: 0, to: 100)  // also initialVelocity:
let settled = spring.settlingDuration  // seconds until within 0.1 % of the target
let physical = Spring(mass: 1, stiffness: 170, damping: 26)
let ratio = physical.dampingRatio  // about 1.0: critically damped
let pop = SpringAnimation(from: 0.2, to: 1.0, spring: .bouncy)
let popped = pop.value(at: 0.3)
// snippet.end

// snippet.timelines
let slide = Tween(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 600, y: 0), duration: 1, easing: .easeOut)
let fade = Tween(from: Color.red, to: .clear, duration: 0.5).delay(1)
let both = Timeline.parallel(slide.then(slide.reversed()).repeat(count: 2), fade)
let (position, colour) = both.value(at: frameTime)
let blink = Tween(from: 0.0, to: 1, duration: 0.25).repeat(count: 4, autoreverses: true).speed(2)
let label = Tween(from: 0.0, to: 100, duration: 2).map { "\(Int($0)) %" }
// snippet.end
_ = (half, back, ticks, bounce, x05, point, y, settled, ratio, popped, position, colour, blink, label)

// snippet.validation
do {
    let easing = try Easing.cubicBezier(1.5, 0, 0.5, 1).validated()
    _ = easing
} catch {
    // Easing cubic-bezier(1.5, 0, 0.5, 1) is invalid: x1 1.5 is outside 0…1; …
    print(error)
}
let keys = try Keyframes.validated([Keyframe(time: 0, value: 0.0), Keyframe(time: 1, value: 1.0)], mode: .linear)
let checked = try Spring(response: 0.4, dampingRatio: 0.8).validated()
try Tween(from: 0.0, to: 1, duration: 2).validate()
// snippet.end
_ = (keys, checked)
