// snippet.hide
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitScene

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviekit-snippets/scenes")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
// Examples/scenes in this repository.
let scenes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples/scenes")
// snippet.show

// snippet.titleCard
let navy = Color(red: 0.05, green: 0.1, blue: 0.17)
let scene = Scene(width: 640, height: 352, fps: 30, duration: 3, background: navy) {
    Layer.rect()
        .named("backdrop")
        .size(width: 640, height: 352)
        .fill(
            .radialGradient(
                Gradient(colors: [Color(red: 0.11, green: 0.21, blue: 0.34), navy]),
                center: CGPoint(x: 0.5, y: 0.4), radius: 0.7))
    Layer.image(contentsOf: scenes.appendingPathComponent("assets/badge.png"))
        .size(width: 120, height: 120)
        .position(x: 320, y: 120)
        .shadow(color: Color(white: 0, alpha: 0.5), offset: CGSize(width: 0, height: 6), blur: 12)
        .scale(
            .spring(
                from: CGSize(width: 0.2, height: 0.2), to: CGSize(width: 1, height: 1), start: 0.2,
                spring: Spring(response: 0.6, dampingRatio: 0.55))
        )
        .opacity(.keyframes([Keyframe(time: 0.2, value: 0, easing: .easeOut), Keyframe(time: 0.5, value: 1)]))
    Layer.text("MovieKit", style: TextStyle(font: .system(size: 44, weight: .bold)))
        .opacity(.keyframes([Keyframe(time: 0.8, value: 0, easing: .ease), Keyframe(time: 1.4, value: 1)]))
        .position(
            .keyframes([
                Keyframe(time: 0.8, value: CGPoint(x: 320, y: 252), easing: .easeOutCubic),
                Keyframe(time: 1.4, value: CGPoint(x: 320, y: 232))
            ]))
    Layer.text("Scripted animation", style: TextStyle(font: .system(size: 22)))
        .fill(Color(red: 0.66, green: 0.85, blue: 0.86))
        .position(x: 320, y: 282)
        .opacity(.tween(from: 0, to: 1, start: 1.3, duration: 0.6, easing: .cubicBezier(0.4, 0, 0.2, 1)))
}
// snippet.end

// snippet.render
let renderer = try SceneRenderer(scene: scene)  // loads image files once
try renderer.render(to: folder.appendingPathComponent("title.mp4"), overwrite: true)
try renderer.image(at: 1.5).write(to: folder.appendingPathComponent("poster.png"))
let sheet = try ContactSheet(count: 8, columns: 4, thumbnailWidth: 200).image(of: renderer)
try sheet.write(to: folder.appendingPathComponent("sheet.png"))
// snippet.end

// snippet.shapes
let shapes = try Scene(width: 640, height: 352, duration: 2) {
    Layer.ellipse().size(width: 80, height: 80).position(x: 100, y: 176).fill(.orange)
    Layer.polygon(sides: 6).size(width: 90, height: 90).position(x: 220, y: 176).stroke(.white, width: 3)
    Layer.star(points: 5, innerRadius: 0.45).size(width: 100, height: 100).position(x: 340, y: 176).fill(.yellow)
    try Layer.path(svg: "M0 0 L 60 0 L 30 50 Z").position(x: 460, y: 176).fill(.cyan)
        .rotation(.tween(from: 0, to: 360, duration: 2, easing: .linear))
    Layer.group(clipsContent: true, timeOffset: 0.5) {
        Layer.rect().cornerRadius(12).fill(.purple)
        Layer.text("in a group").position(x: 50, y: 40)
    }
    .size(width: 100, height: 80).position(x: 570, y: 176)
    .scale(1.2)
    .visible(from: 0.5)
}
// snippet.end

// snippet.animated
let bounce = Animated(Tween(from: 0.0, to: 1, duration: 1).then(Tween(from: 1.0, to: 0, duration: 1)), start: 0.5)
let wobble = Animated<Double>(kind: .custom) { time in 10 * sin(time * 6) }  // any pure function of time
let custom = Layer.custom { context, time in  // your own drawing, the same picture for the same time
    context.setFillColor(Color(white: 1, alpha: 0.5))
    context.fill(CGRect(x: 20, y: 20, width: 100 * time, height: 10))
}
let animated = Scene(width: 640, height: 352, duration: 2.5) {
    Layer.rect().size(width: 120, height: 120).opacity(bounce).rotation(wobble).fill(.red)
    custom
}
let countdown = Layer.text(.steps([(time: 0, value: "3"), (time: 1, value: "2"), (time: 2, value: "1")]))
// snippet.end
_ = (shapes, animated, countdown)

// snippet.load
let lowerThird = try SceneFile.load(
    from: scenes.appendingPathComponent("lower-third.yaml"),
    variables: ["name": "Ada Lovelace"])
try SceneRenderer(scene: lowerThird).render(to: folder.appendingPathComponent("lower.mp4"), overwrite: true)
// snippet.end
