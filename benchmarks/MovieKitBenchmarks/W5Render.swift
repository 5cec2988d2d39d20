import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitKinds
import MovieKitScene

/// W5 as a user renders it with MovieKit: the Lottie file read as a scene document (what
/// `moviemake render anim.json -o out.mp4` does) and rendered by `SceneRenderer`, every core drawing.
enum W5Render {
    /// Renders the Lottie file at `url` to a movie of `width`x`height` (the animation contained in it).
    /// - Returns: The writer's own stage timings.
    static func render(lottie url: URL, width: Int, height: Int, preset: Preset, to output: URL) throws -> StageProfile
    {
        let renderer = try SceneRenderer(scene: ContentRegistry.standard.load(contentsOf: url).scene)
        let settings = try MovieSettings(
            width: width, height: height, fps: renderer.canvas.fps, crf: 23, preset: preset,
            keyframeInterval: 250.0 / 30)
        // One drawing thread per core, as `moviemake` draws (MovieWriter alone defaults to one thread).
        let writer = try MovieWriter(url: output, settings: settings, overwrite: true, concurrency: .automatic)
        try renderer.render(into: writer)
        var profile = StageProfile(frames: renderer.scene.frameCount(at: renderer.canvas.fps))
        profile.writer = writerStages(of: writer)
        return profile
    }

    /// Draws every frame of the Lottie file as MovieKit does, and writes them as raw BGRA to `output`
    /// (the input of W5's encoder floor). Untimed.
    static func prerender(lottie url: URL, width: Int, height: Int, to output: URL) throws {
        let renderer = try SceneRenderer(scene: ContentRegistry.standard.load(contentsOf: url).scene)
        let surface = try CairoSurface(width: width, height: height)
        let context = try DrawingContext(surface: surface)
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw ValidationError("Cannot create \(output.path).")
        }
        let file = try FileHandle(forWritingTo: output)
        defer { try? file.close() }
        let rowBytes = width * 4
        var frameBytes = Data(count: rowBytes * height)
        for frame in 0..<renderer.scene.frameCount(at: renderer.canvas.fps) {
            context.reset()
            surface.fill(argb: 0xFF00_0000)
            renderer.draw(in: context, frame: frame)
            try context.checkStatus()
            surface.copyPackedRows(into: &frameBytes, height: height, rowBytes: rowBytes)
            try file.write(contentsOf: frameBytes)
        }
        try file.synchronize()
    }
}
