import ArgumentParser
import Foundation
import FrameDraw
import MovieKitCore
import MovieKitSubtitles

/// The hidden child command: runs one measured render (or one untimed preparation step) in its own
/// process, so the driver can read its wall time and peak RSS from `wait4`.
struct RunWorkload: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run-workload",
        abstract: "Runs one workload in this process (used by the benchmark driver).",
        shouldDisplay: false
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        /// W1 rendered and encoded by MovieWriter.
        case w1
        /// W1 with a blurred shadow under every circle.
        case w1Shadow = "w1-shadow"
        /// W1 drawn into an off-screen surface, not encoded.
        case w1Draw = "w1-draw"
        /// W1-shadow drawn into an off-screen surface, not encoded.
        case w1ShadowDraw = "w1-shadow-draw"
        /// W1 through `MovieWriter.render(…concurrency:…)` with `--threads`, `--preset` and `--codec`.
        case w1Parallel = "w1-parallel"
        /// W1 drawn on `--threads` threads into off-screen surfaces, not encoded.
        case w1DrawParallel = "w1-draw-parallel"
        /// W2 slideshow rendered and encoded by MovieWriter (`--input` is the photo folder).
        case w2
        /// W2 through MovieKitScene's `Slideshow` engine (what `moviemake slideshow` runs).
        case w2Engine = "w2-engine"
        /// `--count` slides of 0.5 s (the W2 photos in turn) through the engine at `ultrafast`, for peak memory.
        case w2Memory = "w2-memory"
        /// Every frame of a captioned `contain-blur` slideshow drawn through `SceneRenderer` without
        /// encoding, with still groups cached (`--raster-cache on`) or drawn in place (`off`).
        case sceneDraw = "scene-draw"
        /// W4: a montage of `--count` clips from the `--input` folder at `--preset`.
        case w4
        /// W5: the Lottie file `--input` rendered to a movie at `--preset`, 1920x1088.
        case w5
        /// W6: the clip in the `--input` folder with its ASS and SRT files burned in, at `--preset`.
        case w6
        /// W6 with the SRT file in WebVTT's default look (white text on a translucent black box).
        case w6Box = "w6-box"
        /// Untimed: W5's Lottie file written to `--output`.
        case w5Fixture = "w5-fixture"
        /// Untimed: W5's frames drawn by MovieKit, as raw BGRA, written to `--output` (for its encoder floor).
        case w5Prerender = "w5-prerender"
        /// Untimed: W1's raw BGRA frames written to `--output`.
        case prerender
        /// Untimed: the W2 photos generated into the `--output` folder.
        case fixtures
    }

    @Argument(help: "What to run.")
    var kind: Kind

    @Option(help: "Frame width.")
    var width = 1280

    @Option(help: "Frame height.")
    var height = 720

    @Option(help: "Number of frames (W1 kinds) or photos (w2).")
    var count = 300

    @Option(help: "The movie, raw file or folder to write.")
    var output: String

    @Option(help: "The folder of input photos (w2).")
    var input: String?

    @Option(help: "Where to write the stage profile as JSON.")
    var statsFile: String?

    @Option(help: "Drawing threads for the parallel kinds; 0 is one per core.")
    var threads = 0

    @Option(help: "Where w1-draw-parallel writes the seconds its drawing loop took (without start-up).")
    var loopTimeFile: String?

    @Option(help: "Whether scene-draw caches still groups: on or off.")
    var rasterCache = "on"

    @Option(help: "Preset for w1-parallel.")
    var preset = "medium"

    @Option(help: "Codec for w1-parallel: h264, hevc, vp9, av1 or prores.")
    var codec = "h264"

    func run() throws {
        let outputURL = URL(fileURLWithPath: output)
        var profile: StageProfile?
        switch kind {
        case .w1, .w1Shadow:
            profile = try renderW1(to: outputURL, shadowed: kind == .w1Shadow)
        case .w1Parallel:
            try renderW1Parallel(to: outputURL)
        case .w1DrawParallel:
            let seconds = try drawW1Parallel()
            if let loopTimeFile {
                try Data("\(seconds)\n".utf8).write(to: URL(fileURLWithPath: loopTimeFile))
            }
        case .sceneDraw:
            guard let input else { throw ValidationError("scene-draw needs --input, the folder of photos.") }
            let photos = PhotoFixtures(cacheRoot: URL(fileURLWithPath: input))
            let urls = PhotoFixtures.photos.prefix(count).map { photos.url(of: $0) }
            let seconds = try drawSlideshowScene(photos: urls, cachesStillGroups: rasterCache == "on")
            if let loopTimeFile {
                try Data("\(seconds)\n".utf8).write(to: URL(fileURLWithPath: loopTimeFile))
            }
        case .w1Draw, .w1ShadowDraw:
            try drawW1Offscreen(shadowed: kind == .w1ShadowDraw, rawOutput: nil)
        case .prerender:
            try drawW1Offscreen(shadowed: false, rawOutput: outputURL)
        case .w2:
            guard let input else { throw ValidationError("w2 needs --input, the folder of photos.") }
            let photos = PhotoFixtures(cacheRoot: URL(fileURLWithPath: input))
            let urls = PhotoFixtures.photos.prefix(count).map { photos.url(of: $0) }
            profile = try Slideshow(photos: urls).render(to: outputURL)
        case .w2Engine:
            guard let input else { throw ValidationError("w2-engine needs --input, the folder of photos.") }
            let photos = PhotoFixtures(cacheRoot: URL(fileURLWithPath: input))
            try renderW2Engine(photos: PhotoFixtures.photos.prefix(count).map { photos.url(of: $0) }, to: outputURL)
        case .w2Memory:
            guard let input else { throw ValidationError("w2-memory needs --input, the folder of photos.") }
            let photos = PhotoFixtures(cacheRoot: URL(fileURLWithPath: input))
            let all = PhotoFixtures.photos.map { photos.url(of: $0) }
            try renderW2Memory(photos: (0..<count).map { all[$0 % all.count] }, to: outputURL)
        case .w4:
            guard let input else { throw ValidationError("w4 needs --input, the folder of clips.") }
            let folder = URL(fileURLWithPath: input)
            profile = try W4Montage.render(
                clips: W4Montage.clips(in: folder, count: count), music: W4Montage.music(in: folder),
                preset: try Preset(named: preset), to: outputURL)
        case .w5:
            guard let input else { throw ValidationError("w5 needs --input, the Lottie file.") }
            profile = try W5Render.render(
                lottie: URL(fileURLWithPath: input), width: width, height: height, preset: try Preset(named: preset),
                to: outputURL)
        case .w6, .w6Box:
            guard let input else { throw ValidationError("w6 needs --input, the folder of the clip and subtitles.") }
            profile = try W6Captions.render(
                folder: URL(fileURLWithPath: input), srtStyle: kind == .w6 ? W6Captions.srtStyle : SubtitleStyle(),
                preset: try Preset(named: preset), to: outputURL)
        case .w5Fixture:
            try W5Lottie.json().write(to: outputURL)
        case .w5Prerender:
            guard let input else { throw ValidationError("w5-prerender needs --input, the Lottie file.") }
            try W5Render.prerender(lottie: URL(fileURLWithPath: input), width: width, height: height, to: outputURL)
        case .fixtures:
            guard let ffmpeg = ChildProcess.which("ffmpeg") else {
                throw ValidationError(
                    "The ffmpeg CLI is needed to convert the fixtures; install it (apt-get install ffmpeg).")
            }
            try PhotoFixtures(cacheRoot: outputURL).generateMissing(ffmpeg: ffmpeg)
        }
        if let statsFile, let profile {
            try JSONEncoder().encode(profile).write(to: URL(fileURLWithPath: statsFile))
        }
    }

    /// Renders W1 end to end with MovieWriter.
    private func renderW1(to url: URL, shadowed: Bool) throws -> StageProfile {
        let scene = try W1Scene(width: width, height: height, shadowed: shadowed)
        let writer = try ProfiledWriter(url: url, width: width, height: height)
        for frame in 0..<count {
            try writer.addFrame { context in scene.draw(context: context, frame: frame) }
        }
        try writer.finish()
        return writer.profile
    }

    /// Draws W1 into one off-screen surface per frame, cleared to black first as the writer does;
    /// with `rawOutput`, appends each frame's BGRA bytes to that file.
    private func drawW1Offscreen(shadowed: Bool, rawOutput: URL?) throws {
        let scene = try W1Scene(width: width, height: height, shadowed: shadowed)
        let surface = try CairoSurface(width: width, height: height)
        let context = try DrawingContext(surface: surface)
        var file: FileHandle?
        if let rawOutput {
            guard FileManager.default.createFile(atPath: rawOutput.path, contents: nil) else {
                throw ValidationError("Cannot create \(rawOutput.path).")
            }
            file = try FileHandle(forWritingTo: rawOutput)
        }
        defer { try? file?.close() }
        let rowBytes = width * 4
        var frameBytes = Data(count: rowBytes * height)
        for frame in 0..<count {
            context.reset()
            surface.fill(argb: 0xFF00_0000)
            scene.draw(context: context, frame: frame)
            try context.checkStatus()
            guard let file else { continue }
            surface.copyPackedRows(into: &frameBytes, height: height, rowBytes: rowBytes)
            try file.write(contentsOf: frameBytes)
        }
        // Writing the file back is part of the untimed pre-render: otherwise the kernel writes
        // gigabytes of dirty pages back while the first timed runs are encoding.
        try file?.synchronize()
    }
}

extension CairoSurface {
    /// Copies the surface's pixels into `bytes` without the padding at the end of each row: the raw
    /// frames the ffmpeg CLI reads from a file or a pipe.
    func copyPackedRows(into bytes: inout Data, height: Int, rowBytes: Int) {
        withPixelBytes { pixels in
            bytes.withUnsafeMutableBytes { destination in
                for row in 0..<height {
                    let source = UnsafeRawBufferPointer(
                        rebasing: pixels[(row * stride)..<(row * stride + rowBytes)])
                    UnsafeMutableRawBufferPointer(rebasing: destination[(row * rowBytes)..<((row + 1) * rowBytes)])
                        .copyMemory(from: source)
                }
            }
        }
    }
}
