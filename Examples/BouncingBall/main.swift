// A red ball dropped onto the floor, bouncing on a spring while it rolls across: a scene built in
// Swift, with a Spring for the bounces and a tween for the roll.
// Run: swift run BouncingBall [output.mp4]
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene

let output = CommandLine.arguments.dropFirst().first ?? "bouncing-ball.mp4"
let floorY = 330.0
let radius = 30.0
let dropHeight = 260.0

// The height above the floor is an under-damped spring from `dropHeight` to 0; reflecting its
// overshoot off the floor turns each swing into a bounce that loses height.
let spring = Spring(response: 0.9, dampingRatio: 0.18)
let roll = Tween(from: 60.0, to: 580.0, duration: 3, easing: .easeOut)
let ballPosition = Animated<CGPoint>(kind: .spring) { time in
    let height = abs(spring.value(at: time, from: dropHeight, to: 0))
    return CGPoint(x: roll.value(at: time), y: floorY - radius - height)
}
// The ball squashes as it hits the floor, more the faster it lands, and is round again at rest.
let ballScale = Animated<CGSize>(kind: .spring) { time in
    let height = abs(spring.value(at: time, from: dropHeight, to: 0))
    let speed = abs(spring.velocity(at: time, from: dropHeight, to: 0))
    let squash = max(0, 1 - height / 12) * min(0.2, speed / 4000)
    return CGSize(width: 1 + squash, height: 1 - squash)
}

let scene = Scene(width: 640, height: 368, fps: 30, duration: 3, background: Color(red: 0.06, green: 0.12, blue: 0.25))
{
    Layer.rect()
        .named("floor")
        .size(width: 640, height: 4)
        .position(x: 320, y: floorY + 2)
        .fill(.white)
    Layer.ellipse()
        .named("ball")
        .size(width: radius * 2, height: radius * 2)
        .anchor(x: 0.5, y: 1)
        .position(ballPosition.map { CGPoint(x: $0.x, y: $0.y + radius) })
        .scale(ballScale)
        .fill(
            .radialGradient(
                Gradient(colors: [Color(red: 1, green: 0.45, blue: 0.4), .red]), center: CGPoint(x: 0.35, y: 0.35),
                radius: 0.6)
        )
        .shadow(color: Color(white: 0, alpha: 0.4), offset: CGSize(width: 0, height: 6), blur: 10)
}

try SceneRenderer(scene: scene).render(to: URL(fileURLWithPath: output), overwrite: true)
print("Wrote \(output)")
