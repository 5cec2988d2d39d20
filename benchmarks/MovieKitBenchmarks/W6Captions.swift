import Foundation
import LibAV
import MovieKitCore
import MovieKitScene
import MovieKitSubtitles

/// The W6 "burned-in subtitles" workload (benchmarks/README.md): a 60 s 1920x1080 clip at 30 fps
/// with an ASS file of karaoke lines and an SRT file burned in, at `medium`. The peer is the
/// `ffmpeg` CLI's `subtitles` filter (libass as well) with the same x264 settings: the floor.
///
/// The clip and the two files are made by the benchmark and cached under the work folder.
enum W6Captions {
    static let width = 1920
    static let height = 1080
    static let fps = 30
    static let seconds = 60
    static var frames: Int { fps * seconds }
    static let folderName = "captions-1080-v1"

    static func clip(in folder: URL) -> URL { folder.appendingPathComponent("clip.mp4") }
    static func ass(in folder: URL) -> URL { folder.appendingPathComponent("karaoke.ass") }
    static func srt(in folder: URL) -> URL { folder.appendingPathComponent("talk.srt") }

    /// An ASS line every 3 s, each word timed with `\k` (the fill sweeping across it), and an SRT cue
    /// every 2.5 s at the top (`{\an8}`), so that both files show on most frames.
    static func assText() -> String {
        var text = """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 1920
            PlayResY: 1080
            ScaledBorderAndShadow: yes

            [V4+ Styles]
            Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
            Style: Karaoke,DejaVu Sans,72,&H0000D7FF,&H00FFFFFF,&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,4,2,2,60,60,80,1

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

            """
        let words = ["Every", "word", "lights", "up", "as", "it", "is", "sung", "along"]
        for line in 0..<(seconds / 3) {
            let start = Double(line * 3)
            let karaoke = words.map { "{\\k30}\($0) " }.joined()
            text += "Dialogue: 0,\(time(start)),\(time(start + 2.9)),Karaoke,,0,0,0,,{\\fad(150,150)}\(karaoke)\n"
        }
        return text
    }

    static func srtText() -> String {
        var text = ""
        for cue in 0..<(seconds * 2 / 5) {
            let start = Double(cue) * 2.5
            text +=
                "\(cue + 1)\n\(srtTime(start)) --> \(srtTime(start + 2.3))\n{\\an8}Subtitle \(cue + 1): <i>said</i> at the top\n\n"
        }
        return text
    }

    private static func time(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        return String(
            format: "%d:%02d:%02d.%02d", hundredths / 360_000, hundredths / 6000 % 60, hundredths / 100 % 60,
            hundredths % 100)
    }

    private static func srtTime(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        return String(
            format: "%02d:%02d:%02d,%03d", milliseconds / 3_600_000, milliseconds / 60000 % 60,
            milliseconds / 1000 % 60,
            milliseconds % 1000)
    }

    /// Makes the clip and the two subtitle files that are not in `folder` yet (untimed).
    static func generateMissing(in folder: URL, ffmpeg: String, logPath: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(assText().utf8).write(to: ass(in: folder))
        try Data(srtText().utf8).write(to: srt(in: folder))
        let clip = clip(in: folder)
        guard !FileManager.default.fileExists(atPath: clip.path) else { return }
        let partial = folder.appendingPathComponent("partial-clip.mp4").path
        _ = try ChildProcess.run(
            ffmpeg,
            arguments: [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i",
                "testsrc2=s=\(width)x\(height):r=\(fps):d=\(seconds)", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", partial
            ], logPath: logPath)
        try FileManager.default.moveItem(atPath: partial, toPath: clip.path)
    }

    /// The SRT file's look, as libass draws an SRT file that the CLI's `subtitles` filter burns in: white
    /// text with a black border (FFmpeg's default style: a border of 1 at a font size of 16, at 288 lines:
    /// 3.8 pixels here) and no box behind it, so that both encoders get the same kind of picture. The
    /// outline is a stroke under the glyphs, half of it outside them. In a scene file:
    /// `backing: none, outline: 0.14`.
    static var srtStyle: SubtitleStyle {
        var style = SubtitleStyle()
        style.backing = nil
        style.outlineWidth = 0.14
        return style
    }

    /// Renders the clip with both files burned in, as `moviemake render` renders a scene of a video
    /// layer and two `subtitles` layers, the SRT file's in `srtStyle`.
    static func render(folder: URL, srtStyle: SubtitleStyle, preset: Preset, to url: URL) throws -> StageProfile {
        var canvas = Canvas(width: width, height: height, fps: FrameRate(fps), duration: Double(seconds))
        canvas.background = .black
        let scene = Scene(
            canvas: canvas,
            layers: [
                Layer(.video(VideoContent(url: clip(in: folder)))),
                try Layer.subtitles(contentsOf: ass(in: folder)),
                try Layer.subtitles(contentsOf: srt(in: folder), style: srtStyle)
            ])
        // 1080 rows, as the source clips have: x264 codes them as 1088 and crops, as the floor's does.
        let settings = try MovieSettings(
            width: width, height: 1088, fps: FrameRate(fps), crf: 23, preset: preset,
            keyframeInterval: 250.0 / Double(fps)
        ).keepingSourceSize(width: width, height: height)
        let renderer = try SceneRenderer(scene: scene)
        let writer = try MovieWriter(url: url, settings: settings, overwrite: true, concurrency: .automatic)
        try renderer.render(into: writer)
        var profile = StageProfile(frames: frames)
        profile.writer = writerStages(of: writer)
        return profile
    }

    /// The `ffmpeg` CLI arguments of the floor: the `subtitles` filter (libass) twice, with the same
    /// x264 settings.
    static func cliArguments(folder: URL, preset: String, output: String) -> [String] {
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-i", clip(in: folder).path]
        arguments += ["-vf", "subtitles=\(ass(in: folder).path),subtitles=\(srt(in: folder).path),format=yuv420p"]
        arguments += BenchmarkDriver.floorCodecArguments(codec: "h264", preset: preset)
        arguments += ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", output]
        return arguments
    }
}

extension BenchmarkDriver {
    /// W6: MovieKit burning an ASS file with karaoke and an SRT file into a 60 s 1080p clip, against
    /// the `ffmpeg` CLI's `subtitles` filter doing the same, at `medium`.
    func runCaptions() throws {
        let folder = workDirectory.appendingPathComponent(W6Captions.folderName)
        print("== W6 captions: making the clip and the subtitle files (cached in \(folder.lastPathComponent))")
        try W6Captions.generateMissing(in: folder, ffmpeg: ffmpeg, logPath: logPath)
        print("== W6 at \(W6Captions.width)x\(W6Captions.height), \(W6Captions.frames) frames, medium")
        var job = movieKit(
            "w6", "W6", "w6", W6Captions.width, W6Captions.height, W6Captions.frames,
            tool: "MovieKit (video layer, ASS and SRT subtitles layers)", floor: "w6-cli")
        job.arguments += ["--input", folder.path, "--preset", "medium"]
        // The SRT file in WebVTT's default look instead: another picture, so not the floor's work.
        var boxed = movieKit(
            "w6-box", "W6", "w6-box", W6Captions.width, W6Captions.height, W6Captions.frames,
            tool: "MovieKit, the SRT cues on WebVTT's default box", floor: "w6-cli")
        boxed.arguments += ["--input", folder.path, "--preset", "medium"]
        let output = workDirectory.appendingPathComponent("w6-cli.mp4").path
        let arguments = W6Captions.cliArguments(folder: folder, preset: "medium", output: output)
        floorCommands.append((["ffmpeg"] + arguments).joined(separator: " "))
        let cli = Job(
            measurement: Measurement(
                id: "w6-cli", workload: "W6", width: W6Captions.width, height: W6Captions.height,
                frames: W6Captions.frames, tool: "ffmpeg CLI (subtitles filter, libass)"),
            executable: ffmpeg, arguments: arguments, takesStats: false)
        var jobs = [job, cli, boxed]
        // MovieKit runs x264 without AVX-512, whose code makes the bytes depend on the heap (LibAV's
        // `X264CPU`); the floor again with the same instruction sets shows what that choice costs.
        if let flags = X264CPU.flagsWithoutAVX512 {
            let sameOutput = workDirectory.appendingPathComponent("w6-cli-same-asm.mp4").path
            var same = W6Captions.cliArguments(folder: folder, preset: "medium", output: sameOutput)
            same.insert(contentsOf: ["-x264-params", "asm=\(flags)"], at: same.count - 1)
            floorCommands.append((["ffmpeg"] + same).joined(separator: " "))
            jobs.append(
                Job(
                    measurement: Measurement(
                        id: "w6-cli-same-asm", workload: "W6", width: W6Captions.width, height: W6Captions.height,
                        frames: W6Captions.frames,
                        tool: "ffmpeg CLI (subtitles filter, libass), x264 without AVX-512 as MovieKit runs it"),
                    executable: ffmpeg, arguments: same, takesStats: false))
        }
        try runInterleaved(jobs, rounds: plan.runs)
    }
}
