import ArgumentParser
import Foundation
import FrameDraw
import GLRender
import MovieKitScene

/// `MovieKitBenchmarks gl-transition`: times one shader transition frame at 1280x720 through the
/// public API: the shader layer's draw (two 1280x720 inputs uploaded, the shader drawn, the picture
/// read back and composited), with inputs that are plain pictures so that Cairo's share stays small.
/// The line names the renderer (llvmpipe or a GPU), which the figure depends on most.
struct GLTransitionBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gl-transition",
        abstract: "Times a 1280x720 shader transition frame (upload, draw, read back) with OpenGL ES on EGL.")

    @Option(help: "The gl-transitions name to time.") var name = "crosswarp"
    @Option(help: "Frames to time.") var frames = 60

    func run() throws {
        guard let transition = ShaderTransition(named: name, in: .builtIn) else {
            throw ValidationError(
                "\"\(name)\" is not a gl-transitions name; use one of \(TransitionCatalog.builtIn.shaderNames.joined(separator: ", "))."
            )
        }
        let size = CGSize(width: 1280, height: 720)
        var show = MovieKitScene.Slideshow(width: 1280, height: 720, fps: 30)
        show.slides = [
            MovieKitScene.Slideshow.Slide(
                .color(Color(red: 0.9, green: 0.3, blue: 0.1)), duration: Double(frames) / 30 + 1),
            MovieKitScene.Slideshow.Slide(
                .color(Color(red: 0.1, green: 0.3, blue: 0.9)), duration: Double(frames) / 30 + 1)
        ]
        show.transition = .shader(transition, duration: Double(frames) / 30)
        let renderer = try SceneRenderer(scene: try show.scene())
        let start = 1.0
        _ = try renderer.image(at: start, size: size)  // Compiles the shader and warms the caches.
        var times: [Double] = []
        for frame in 0..<frames {
            let began = DispatchTime.now().uptimeNanoseconds
            _ = try renderer.image(at: start + Double(frame) / 30, size: size)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - began) / 1e6)
        }
        times.sort()
        let median = times[times.count / 2]
        let drawnOn = GLDevice.sharedRenderer.map { " on \($0)" } ?? ""
        print(
            "\(transition.name ?? name) at 1280x720\(drawnOn): median \(String(format: "%.2f", median)) ms a frame, "
                + "fastest \(String(format: "%.2f", times[0])) ms, over \(frames) frames (whole frame: two inputs drawn, shader, read back, composited)"
        )
    }
}
