import Foundation
import FrameDraw
import LibAV
import TestSupport
import Testing

/// `moviemake render` of a scene file with an `audio:` list; `still` and `sheet` ignore its sound.
@Suite("moviemake render: scene audio")
struct SceneAudioCommandTests {
    static func scene(audioPath: String) -> String {
        """
        canvas: {width: 160, height: 96, fps: 10, duration: 2, background: "#102030"}
        variables: {song: song}
        layers:
          - {type: ellipse, size: [40, 40], position: [80, 48], fill: orange, in: 1}
        audio:
          - {path: "\(audioPath)", fadeOut: 0.5}
          - {path: music/click.wav, start: 1, volume: 0.5}
        """
    }

    static func folderWithMusic() throws -> URL {
        let dir = try SlideshowCommandTests.folder()
        let music = dir.appendingPathComponent("music")
        try FileManager.default.createDirectory(at: music, withIntermediateDirectories: true)
        try AudioFile.tone(seconds: 5, to: music.appendingPathComponent("song.wav"))
        try AudioFile.tone(seconds: 0.2, to: music.appendingPathComponent("click.wav"))
        return dir
    }

    /// `--loudness` and `--true-peak`: the figures reached are printed; a target out of range, a
    /// ceiling without a target, and a single chunk (which holds no sound) are usage errors.
    @Test func loudnessIsReachedAndPrintedAndItsFlagsChecked() throws {
        let dir = try Self.folderWithMusic()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("scene.yaml")
        try Data(Self.scene(audioPath: "music/song.wav").utf8).write(to: scene)
        let output = dir.appendingPathComponent("loud.mp4")
        let process = Process()
        process.executableURL = try SignalTests.moviemakeExecutable()
        process.arguments = [
            "render", scene.path, "-o", output.path, "--preset", "ultrafast", "--loudness", "-16", "--true-peak", "-2"
        ]
        let printed = Pipe()
        process.standardOutput = printed
        process.standardError = printed
        try process.run()
        let text = String(decoding: printed.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        let line = try #require(text.components(separatedBy: "Sound: ").last)
        let reached = try #require(Double(line.prefix { $0 != " " }), "\(text)")
        #expect(abs(reached + 16) <= 0.5 && line.contains("(target -16.0 LUFS, ceiling -2.0 dBTP)"), "\(text)")
        for (arguments, message) in [
            (["--loudness", "-3"], "integrated loudness -3.0; use a loudness from -70 to -5 LUFS"),
            (["--true-peak", "-1"], "--true-peak is the ceiling of --loudness"),
            (
                ["--loudness", "-14", "--chunk", "0/2"],
                "A chunk holds only pictures; the sound and its loudness are written when the chunks are joined. Pass --loudness to moviemake concat instead"
            )
        ] {
            let run = try ChunkCommandTests.moviemake(
                ["render", scene.path, "-o", dir.appendingPathComponent("x.mp4").path] + arguments)
            #expect(run.status == 64 && run.errors.contains(message), "\(arguments): \(run.errors)")
        }
    }

    @Test func aSceneWithMusicRendersAMovieWithAnAACStreamAsLongAsTheVideo() throws {
        let dir = try Self.folderWithMusic()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("scene.yaml")
        try Data(Self.scene(audioPath: "music/${song}.wav").utf8).write(to: scene)
        let output = dir.appendingPathComponent("out.mp4")
        let run = try ChunkCommandTests.moviemake([
            "render", scene.path, "-o", output.path, "--preset", "ultrafast", "--quiet"
        ])
        #expect(run.status == 0, "\(run.errors)")

        let video = try MovieProbe(url: output, keepPixels: false)
        #expect(video.frames.count == 20)
        let stream = try AudioStreamProbe(url: output)
        #expect(
            stream.codecName == "aac" && stream.profileName == "LC", "\(stream.codecName) \(stream.profileName ?? "")")
        #expect(stream.sampleRate == 48000 && stream.channels == 2)
        let audio = try AudioReader(path: output.path).read(frameCount: 48000 * 10)
        let seconds = Double(audio.count / 2) / 48000
        #expect(abs(seconds - 2) < 1024.0 / 48000, "audio lasts \(seconds) s")
        #expect((audio.map(abs).max() ?? 0) > 0.2, "the music is heard")
        if let ffprobe = try FFmpegTools.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_name", "-of", "csv=p=0",
                output.path
            ])
        {
            #expect(ffprobe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "aac")
        }

        // `still` and `sheet` read the same file and draw its frames; the audio plays no part.
        let still = dir.appendingPathComponent("still.png")
        let sheet = dir.appendingPathComponent("sheet.png")
        #expect(try ChunkCommandTests.moviemake(["still", scene.path, "--time", "1.5", "-o", still.path]).status == 0)
        #expect(try ChunkCommandTests.moviemake(["sheet", scene.path, "--count", "4", "-o", sheet.path]).status == 0)
        #expect(try Image(contentsOf: still).width == 160)
        #expect(FileManager.default.fileExists(atPath: sheet.path))
    }

    /// The figure after "Sound: " in a render's summary.
    static func reachedLoudness(_ text: String) -> Double? {
        guard let range = text.range(of: "Sound: ") else { return nil }
        return Double(text[range.upperBound...].prefix { $0 != " " })
    }

    /// `--jobs` writes the sound when it joins the chunks, measured over the whole movie: the same
    /// loudness as one process reaches. Chunks rendered by hand get theirs from `concat`.
    @Test func loudnessWithJobsOrConcatIsMeasuredOverTheWholeMovie() throws {
        let dir = try Self.folderWithMusic()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("scene.yaml")
        try Data(Self.scene(audioPath: "music/song.wav").utf8).write(to: scene)
        let common = ["--preset", "ultrafast", "--keyframe-interval", "0.5", "--loudness", "-16"]
        let whole = try ChunkCommandTests.moviemake(
            ["render", scene.path, "-o", dir.appendingPathComponent("whole.mp4").path] + common)
        let jobs = try ChunkCommandTests.moviemake(
            ["render", scene.path, "-o", dir.appendingPathComponent("jobs.mp4").path, "--jobs", "2"] + common)
        #expect(whole.status == 0 && jobs.status == 0, "\(whole.errors)\n\(jobs.errors)")
        let one = try #require(Self.reachedLoudness(whole.errors), "\(whole.errors)")
        let joined = try #require(Self.reachedLoudness(jobs.errors), "\(jobs.errors)")
        #expect(abs(one + 16) <= 0.5 && abs(joined - one) <= 0.1, "one process \(one), two \(joined)")

        // By hand: two chunks, then concat with the music, the target and a subtitle track.
        var parts: [String] = []
        for index in 0..<2 {
            let part = dir.appendingPathComponent("part\(index).mp4").path
            let run = try ChunkCommandTests.moviemake(
                [
                    "render", scene.path, "-o", part, "--chunk", "\(index)/2", "--preset", "ultrafast",
                    "--keyframe-interval", "0.5", "--quiet"
                ])
            #expect(run.status == 0, "\(run.errors)")
            parts.append(part)
        }
        let srt = dir.appendingPathComponent("talk.srt")
        try Data("1\n00:00:00,500 --> 00:00:01,250\nHello\n".utf8).write(to: srt)
        let concat = dir.appendingPathComponent("concat.mp4")
        let song = dir.appendingPathComponent("music/song.wav").path
        let joinedByHand = try ChunkCommandTests.moviemake(
            ["concat"] + parts + [
                "-o", concat.path, "--audio", song, "--loudness", "-16", "--subtitle-track", srt.path + ":eng"
            ])
        #expect(joinedByHand.status == 0, "\(joinedByHand.errors)")
        let reached = try #require(Self.reachedLoudness(joinedByHand.errors), "\(joinedByHand.errors)")
        #expect(abs(reached + 16) <= 0.5)
        #expect(try MovieProbe(url: concat, keepPixels: false).frames.count == 20)
        if let probe = try FFmpegTools.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "s", "-show_entries", "stream=codec_name:stream_tags=language", "-of",
                "csv=p=0", concat.path
            ])
        {
            #expect(probe.standardOutput == "mov_text,eng\n", "\(probe.standardOutput)")
        }
        let silent = try ChunkCommandTests.moviemake(
            ["concat"] + parts + ["-o", dir.appendingPathComponent("silent.mp4").path, "--loudness", "-16"])
        #expect(silent.status == 64 && silent.errors.contains("the chunks have none; add it with --audio"))
    }

    @Test func aSceneRenderedInChunksOnTwoProcessesKeepsItsAudio() throws {
        let dir = try Self.folderWithMusic()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("scene.yaml")
        try Data(Self.scene(audioPath: "music/song.wav").utf8).write(to: scene)
        let output = dir.appendingPathComponent("jobs.mp4")
        let run = try ChunkCommandTests.moviemake(
            [
                "render", scene.path, "-o", output.path, "--jobs", "2", "--keyframe-interval", "0.5", "--preset",
                "ultrafast", "--quiet"
            ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(try MovieProbe(url: output, keepPixels: false).frames.count == 20)
        #expect(try AudioStreamProbe(url: output).codecName == "aac")
        let seconds = Double(try AudioReader(path: output.path).read(frameCount: 48000 * 10).count / 2) / 48000
        #expect(abs(seconds - 2) < 1024.0 / 48000, "audio lasts \(seconds) s")
    }

    @Test func aMissingAudioFileExitsOneNamingItAndWritesNothing() throws {
        let dir = try Self.folderWithMusic()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scene = dir.appendingPathComponent("scene.yaml")
        try Data(Self.scene(audioPath: "music/missing.mp3").utf8).write(to: scene)
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        let output = dir.appendingPathComponent("out.mp4")
        let run = try ChunkCommandTests.moviemake([
            "render", scene.path, "-o", output.path, "--preset", "ultrafast", "--quiet"
        ])
        #expect(run.status == 1)
        let missing = dir.appendingPathComponent("music/missing.mp3").standardizedFileURL.path
        #expect(
            run.errors.contains(
                "\(scene.path):6:12: `audio[0].path` names the audio file \(missing), which cannot be read: No file exists at this path; check the spelling and the working directory."
            ),
            "stderr: \(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
    }
}
