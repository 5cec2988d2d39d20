import Foundation
import MovieKitCore
import MovieKitScene

/// The W4 "montage" workload (benchmarks/README.md): 1080p clips of four kinds, the middle 5 s of
/// each, in a 1920x1080 frame, joined by 0.5 s crossfades over music, at 30 fps.
///
/// The clips are made by the benchmark from FFmpeg's test sources with the `ffmpeg` CLI and cached
/// under the work folder. MovieKit renders the montage as a scene of video layers (through the
/// `Slideshow` engine, as `moviemake slideshow` does); the peer is the `ffmpeg` CLI doing the same
/// work with one filtergraph (`trim`, `zscale`/`tonemap` for the HLG clip, `scale`/`pad`, `xfade`)
/// with the same x264 settings.
enum W4Montage {
    static let width = 1920
    static let height = 1080
    static let fps = 30
    /// Each clip's length in its file; the montage shows `cut` of it.
    static let clipSeconds = 6
    static let cut = 0.5..<5.5
    static let fade = 0.5

    /// The cache folder's name; change it when the clips change.
    static let folderName = "montage-v1"

    /// The four kinds of clip, in montage order: the file name and the `ffmpeg` arguments that make it.
    static let clipKinds: [(name: String, arguments: [String])] = {
        let source = { (filter: String) in
            ["-f", "lavfi", "-i", "\(filter)=s=1920x1080:r=30:d=\(clipSeconds)"]
        }
        let x264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
        let x265 = ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=none", "-tag:v", "hvc1"]
        return [
            ("a-h264.mp4", source("testsrc2") + x264),
            // Portrait: stored 1920x1080 with a 90° display matrix (made in two steps, below).
            ("b-h264-portrait.mp4", source("smptehdbars") + x264),
            ("c-hevc.mp4", source("testsrc") + ["-vf", "hue=h=90", "-pix_fmt", "yuv420p"] + x265),
            (
                "d-hevc-hlg.mp4",
                source("testsrc2") + ["-vf", "format=yuv420p10le"] + x265 + [
                    "-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc"
                ]
            )
        ]
    }()

    /// The clips of a montage of `count` clips: the four kinds in turn.
    static func clips(in folder: URL, count: Int) -> [URL] {
        (0..<count).map { folder.appendingPathComponent(clipKinds[$0 % clipKinds.count].name) }
    }

    static func music(in folder: URL) -> URL { folder.appendingPathComponent("music.m4a") }

    /// The montage's length in frames: `count` clips of 5 s overlapping by 0.5 s.
    static func frameCount(clips count: Int) -> Int {
        let seconds = Double(count) * (cut.upperBound - cut.lowerBound) - Double(max(count - 1, 0)) * fade
        return Int((seconds * Double(fps)).rounded())
    }

    static func seconds(clips count: Int) -> Double { Double(frameCount(clips: count)) / Double(fps) }

    /// Makes the clips and the music that are not in `folder` yet (untimed).
    static func generateMissing(in folder: URL, ffmpeg: String, logPath: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let quiet = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"]
        for (name, arguments) in clipKinds {
            let url = folder.appendingPathComponent(name)
            guard !FileManager.default.fileExists(atPath: url.path) else { continue }
            let partial = folder.appendingPathComponent("partial-\(name)").path
            if name.contains("portrait") {
                let stored = folder.appendingPathComponent("stored-\(name)").path
                _ = try ChildProcess.run(ffmpeg, arguments: quiet + arguments + [stored], logPath: logPath)
                _ = try ChildProcess.run(
                    ffmpeg, arguments: quiet + ["-i", stored, "-c", "copy", "-metadata:s:v:0", "rotate=90", partial],
                    logPath: logPath)
                try? FileManager.default.removeItem(atPath: stored)
            } else {
                _ = try ChildProcess.run(ffmpeg, arguments: quiet + arguments + [partial], logPath: logPath)
            }
            try FileManager.default.moveItem(atPath: partial, toPath: url.path)
        }
        let music = music(in: folder)
        if !FileManager.default.fileExists(atPath: music.path) {
            let partial = folder.appendingPathComponent("partial-music.m4a").path
            _ = try ChildProcess.run(
                ffmpeg,
                arguments: quiet + ["-f", "lavfi", "-i", "sine=frequency=330:duration=30", "-c:a", "aac", partial],
                logPath: logPath)
            try FileManager.default.moveItem(atPath: partial, toPath: music.path)
        }
    }

    /// Renders the montage of `clips` with MovieKit: each clip a slide of video contained in the
    /// frame over the background, crossfading linearly (as `xfade`'s fade does), music fading out
    /// over the last second.
    /// - Returns: The writer's own stage timings.
    static func render(clips: [URL], music: URL, preset: Preset, to url: URL) throws -> StageProfile {
        var show = MovieKitScene.Slideshow(width: width, height: height, fps: FrameRate(fps))
        show.slides = clips.map {
            MovieKitScene.Slideshow.Slide(.video(VideoContent(url: $0, cutFrom: cut.lowerBound, cutTo: cut.upperBound)))
        }
        show.slideDuration = cut.upperBound - cut.lowerBound
        show.fit = .contain
        show.backdrop = .background
        show.transition = MovieKitScene.Slideshow.Transition(.crossfade, duration: fade, easing: .linear)
        show.audio = [AudioTrack(url: music, fadeOut: 1)]
        // 1080 rows, as the source clips have: x264 codes them as 1088 and crops, as the floor's does.
        let settings = try MovieSettings(
            width: width, height: 1088, fps: FrameRate(fps), crf: 23, preset: preset,
            keyframeInterval: 250.0 / Double(fps)
        ).keepingSourceSize(width: width, height: height)
        try show.validate()
        let renderer = try SceneRenderer(scene: show.scene())
        // One drawing thread per core, as `moviemake` draws (MovieWriter alone defaults to one thread).
        let writer = try MovieWriter(url: url, settings: settings, overwrite: true, concurrency: .automatic)
        try renderer.render(into: writer)
        var profile = StageProfile(frames: frameCount(clips: clips.count))
        profile.writer = writerStages(of: writer)
        return profile
    }

    /// The `ffmpeg` CLI arguments of the peer: the same montage in one filtergraph, with the same
    /// x264 settings. The CLI turns the portrait clip upright itself (it inserts `transpose` for
    /// the display matrix), as MovieKit does.
    static func cliArguments(clips: [URL], music: URL, preset: String, output: String) -> [String] {
        let fit =
            "scale=\(width):\(height):force_original_aspect_ratio=decrease,"
            + "pad=\(width):\(height):(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p"
        let tone =
            "zscale=tin=arib-std-b67:pin=bt2020:min=bt2020nc:t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
            + "tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv"
        let trim = "trim=\(cut.lowerBound):\(cut.upperBound),setpts=PTS-STARTPTS"
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"]
        var graph: [String] = []
        for (index, clip) in clips.enumerated() {
            arguments += ["-i", clip.path]
            let hdr = clip.lastPathComponent.contains("hlg") ? "\(tone)," : ""
            graph.append("[\(index):v]\(trim),\(hdr)\(fit)[v\(index)]")
        }
        var last = "v0"
        let shown = cut.upperBound - cut.lowerBound
        for index in clips.indices.dropFirst() {
            let offset = Double(index) * (shown - fade)
            graph.append("[\(last)][v\(index)]xfade=transition=fade:duration=\(fade):offset=\(offset)[x\(index)]")
            last = "x\(index)"
        }
        let total = seconds(clips: clips.count)
        graph.append("[\(clips.count):a]atrim=0:\(total),afade=t=out:st=\(total - 1):d=1[a]")
        arguments += [
            "-i", music.path, "-filter_complex", graph.joined(separator: ";"), "-map", "[\(last)]", "-map", "[a]"
        ]
        arguments += BenchmarkDriver.floorCodecArguments(codec: "h264", preset: preset)
        arguments += [
            "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-c:a", "aac", "-b:a", "192k",
            "-movflags", "+faststart", output
        ]
        return arguments
    }
}
