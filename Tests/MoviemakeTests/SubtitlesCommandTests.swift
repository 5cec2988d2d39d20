import Foundation
import FrameDraw
import LibAV
import TestSupport
import Testing

/// `moviemake subtitles inspect` and `render --subtitles`, run as a user would: the built `moviemake` in a child process.
@Suite("moviemake: subtitles inspect and --subtitles")
struct SubtitlesCommandTests {
    struct Run {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs the built `moviemake` with `arguments`, in `folder` when given.
    static func moviemake(_ arguments: [String], in folder: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = try SignalTests.moviemakeExecutable()
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, output: String(decoding: printed, as: UTF8.self),
            errors: String(decoding: said, as: UTF8.self))
    }

    static func write(_ text: String, as name: String) throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subtitles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return (folder, url.path)
    }

    /// Each subtitle stream of `movie` as ffprobe reports it, a line each: `codec,default,language`.
    static func subtitleStreams(of movie: String) throws -> String {
        try #require(
            try FFmpegTools.run(
                "ffprobe",
                [
                    "-v", "error", "-select_streams", "s", "-show_entries",
                    "stream=codec_name:stream_tags=language:stream_disposition=default", "-of", "csv=p=0", movie
                ])
        ).standardOutput
    }

    @Test func printsEachCueAsVTTCueWouldAndNamesWhatItSkipped() throws {
        let (folder, path) = try Self.write(
            "WEBVTT\n\nREGION\nid:low lines:2\n\nhi\n00:01.000 --> 00:02.500 region:low line:80% position:20%,line-left\nHello\n\n00:03,000 --> 00:04,000\nskipped\n",
            as: "talk.vtt")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.moviemake(["subtitles", "inspect", path, "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let cues = try #require(json["cues"] as? [[String: Any]])
        try #require(cues.count == 1)
        let cue = cues[0]
        #expect(cue["id"] as? String == "hi" && cue["startTime"] as? Double == 1 && cue["endTime"] as? Double == 2.5)
        #expect(
            cue["text"] as? String == "Hello" && cue["line"] as? Double == 80 && cue["snapToLines"] as? Bool == false)
        #expect(cue["position"] as? Double == 20 && cue["positionAlign"] as? String == "line-left")
        #expect(
            cue["align"] as? String == "center" && cue["vertical"] as? String == "" && cue["size"] as? Double == 100)
        let region = try #require(cue["region"] as? [String: Any])
        #expect(
            region["id"] as? String == "low" && region["lines"] as? Double == 2 && region["scroll"] as? String == "")
        #expect(run.errors.contains("warning: \(path):10: `00:03,000 --> 00:04,000` is not a WebVTT timing line"))

        let list = try Self.moviemake(["subtitles", "inspect", path])
        #expect(list.status == 0)
        #expect(list.output.contains("hi  00:00:01.000 --> 00:00:02.500  Hello"))
    }

    @Test func readsAnSRTFileInWindows1252AndNamesABadTimingLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("srt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("talk.srt")
        try Data([UInt8]("1\r\n00:00:01,000 --> 00:00:02,000\r\n{\\an8}Caf".utf8) + [0xE9] + [UInt8]("\r\n".utf8))
            .write(to: good)
        let run = try Self.moviemake(["subtitles", "inspect", good.path])
        #expect(run.status == 0)
        #expect(run.output == "\(good.path): SRT, 1 cues\n1  00:00:01.000 --> 00:00:02.000  Café\n")
        let bad = folder.appendingPathComponent("bad.srt")
        try Data("1\n00:00:01 --> 00:00:02,000\nx\n".utf8).write(to: bad)
        let failed = try Self.moviemake(["subtitles", "inspect", bad.path])
        #expect(failed.status == 1)
        #expect(failed.errors.contains("\(bad.path):2:9: `00:00:01 --> 00:00:02,000` is not an SRT timing line"))
    }

    @Test func renderBurnsInSubtitlesFromTheMoviesStartAndRefusesABadFileBeforeTheFirstFrame() throws {
        let (folder, scene) = try Self.write(
            "canvas: {width: 320, height: 176, fps: 10, duration: 1, background: \"#0000FF\"}\nlayers: []\n",
            as: "plain.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let srt = folder.appendingPathComponent("talk.srt")
        try Data("1\n00:00:00,500 --> 00:00:01,000\nHello there\n".utf8).write(to: srt)
        let movie = folder.appendingPathComponent("out.mp4").path
        let run = try Self.moviemake(["render", scene, "--subtitles", srt.path, "-o", movie, "--crf", "10", "--quiet"])
        #expect(run.status == 0, "\(run.errors)")
        // Decoded, in-process: blue (255) before the cue; from 0.5 s the dark backing under the text
        // (51 drawn, about 96 after 4:2:0 next to the glyphs).
        let reader = try MovieFrameReader(path: movie)
        var bottom: [Double: (b: UInt8, r: UInt8)] = [:]
        try reader.frames(at: [0.4, 0.5, 0.9], width: 320, height: 176) { _, time, frame in
            bottom[(time * 10).rounded() / 10] = try frame.withFirstPlane { base, stride in
                let offset = 172 * stride + 160 * 4
                return (
                    base.load(fromByteOffset: offset, as: UInt8.self),
                    base.load(fromByteOffset: offset + 2, as: UInt8.self)
                )
            }
        }
        #expect((bottom[0.4]?.b ?? 0) > 230, "\(bottom)")
        #expect((bottom[0.5]?.b ?? 255) < 130 && (bottom[0.9]?.b ?? 255) < 130, "\(bottom)")

        let missing = folder.appendingPathComponent("none.srt").path
        let failed = try Self.moviemake(["render", scene, "--subtitles", missing, "-o", movie + ".2.mp4", "--quiet"])
        #expect(failed.status == 1)
        #expect(failed.errors.contains("Could not read the subtitle file \(missing)"))
        #expect(!FileManager.default.fileExists(atPath: movie + ".2.mp4"))
    }

    /// An ASS file alone is an overlay: ProRes 4444 in a .mov, with alpha, at the size asked; a
    /// broken file is refused with its line and column before anything is written.
    @Test func anASSFileRendersAloneAsATransparentOverlayAndABrokenOneIsNamed() throws {
        let script = """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 160
            PlayResY: 96

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: 0,0:00:00.50,0:00:01.00,Default,,0,0,0,,{\\an7\\pos(10,10)\\bord0\\shad0\\1c&H00FF00&\\p1}m 0 0 l 40 0 40 40 0 40{\\p0}

            """
        let (folder, path) = try Self.write(script, as: "talk.ass")
        defer { try? FileManager.default.removeItem(at: folder) }
        let overlay = folder.appendingPathComponent("overlay.mov").path
        let run = try Self.moviemake(["render", path, "--size", "320x192", "-o", overlay, "--quiet"])
        #expect(run.status == 0, "\(run.errors)")
        let probe = try MovieProbe(url: URL(fileURLWithPath: overlay), codecName: "prores")
        #expect(probe.codecName == "prores" && probe.pixelFormat.hasPrefix("yuva444p"), "\(probe.pixelFormat)")
        #expect(probe.width == 320 && probe.height == 192 && probe.frames.count == 30)
        // The green square, laid out at twice the script's size: 20 to 100 pixels.
        let square = probe.frames[20].pixel(x: 60, y: 60)
        #expect(square.g > 200 && square.r < 40, "\(square)")

        let png = folder.appendingPathComponent("still.png").path
        let still = try Self.moviemake(["still", path, "--time", "0.75", "--size", "161x97", "-o", png])
        #expect(still.status == 0, "\(still.errors)")
        let image = try Image(contentsOf: URL(fileURLWithPath: png))
        #expect(image.width == 161 && image.height == 97)
        #expect(image.pixel(atX: 30, y: 30).alpha > 0.99 && image.pixel(atX: 100, y: 80).alpha == 0)

        let broken = script.replacingOccurrences(of: "Effect, Text", with: "Text, Effect")
        let (other, brokenPath) = try Self.write(broken, as: "broken.ass")
        defer { try? FileManager.default.removeItem(at: other) }
        let failed = try Self.moviemake(["render", brokenPath, "-o", overlay + ".2.mov", "--quiet"])
        #expect(failed.status == 1)
        #expect(
            failed.errors.contains("\(brokenPath):7:9: In this ASS file, the [Events] Format line ends with `Effect`"))
        #expect(!FileManager.default.fileExists(atPath: overlay + ".2.mov"))
        let noFolder = try Self.moviemake(["still", path, "--fonts-dir", "/nonexistent", "-o", png, "-y"])
        #expect(noFolder.status == 64 && noFolder.errors.contains("--fonts-dir /nonexistent is not a folder"))
    }

    /// `--subtitle-track FILE[:LANG]`: streams players switch on, the first the default, in the
    /// container's own codec; a language by two letters is written in ISO 639-2.
    @Test func subtitleTracksAreCarriedWithTheirLanguages() throws {
        let (folder, scene) = try Self.write(
            "canvas: {width: 160, height: 96, fps: 10, duration: 2}\nlayers: []\n", as: "plain.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let srt = folder.appendingPathComponent("talk.srt")
        try Data("1\n00:00:00,500 --> 00:00:01,250\n<i>Hello</i>\n".utf8).write(to: srt)
        let vtt = folder.appendingPathComponent("talk.vtt")
        try Data("WEBVTT\n\n00:01.000 --> 00:01.500\nBonjour\n".utf8).write(to: vtt)
        let movie = folder.appendingPathComponent("out.mkv").path
        let run = try Self.moviemake([
            "render", scene, "-o", movie, "--subtitle-track", srt.path + ":eng", "--subtitle-track", vtt.path + ":fr",
            "--quiet"
        ])
        #expect(run.status == 0, "\(run.errors)")
        let streams = try Self.subtitleStreams(of: movie)
        #expect(streams == "subrip,1,eng\nsubrip,0,fra\n", "\(streams)")
        for (arguments, message) in [
            (["--subtitle-track", srt.path + ":xx"], "\"xx\" is not a language MovieKit knows by two letters"),
            (["--subtitle-track", srt.path, "--chunk", "0/2"], "Pass --subtitle-track to moviemake concat instead")
        ] {
            let failed = try Self.moviemake(["render", scene, "-o", movie + ".2.mkv"] + arguments)
            #expect(failed.status == 64 && failed.errors.contains(message), "\(arguments): \(failed.errors)")
        }
        // `--jobs` adds the tracks when it joins its chunks.
        let jobs = folder.appendingPathComponent("jobs.mp4").path
        let joined = try Self.moviemake([
            "render", scene, "-o", jobs, "--jobs", "2", "--keyframe-interval", "0.5", "--subtitle-track",
            srt.path + ":eng", "--quiet"
        ])
        #expect(joined.status == 0, "\(joined.errors)")
        let joinedStreams = try Self.subtitleStreams(of: jobs)
        #expect(joinedStreams == "mov_text,1,eng\n", "\(joinedStreams)")
        let gif = try Self.moviemake(["render", scene, "-o", movie + ".gif", "--subtitle-track", srt.path])
        #expect(gif.status == 1 && gif.errors.contains("has no text subtitles"), "\(gif.errors)")
    }

    /// A scene with an ASS layer (libass in each process) and an SRT layer renders the same pictures
    /// as one local job and as three joined (chunked renders encode alike, so the pictures compare).
    @Test func subtitleLayersDrawTheSameInChunkedRenders() throws {
        let script = """
            [Script Info]
            ScriptType: v4.00+
            PlayResX: 160
            PlayResY: 96

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: 0,0:00:00.00,0:00:03.00,Default,,0,0,0,,{\\an7\\move(0,10,120,60)\\bord0\\shad0\\1c&H00FF00&\\p1}m 0 0 l 30 0 30 20 0 20{\\p0}

            """
        let (folder, ass) = try Self.write(script, as: "move.ass")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("1\n00:00:00,500 --> 00:00:02,500\nChunks agree\n".utf8).write(
            to: folder.appendingPathComponent("talk.srt"))
        let scene = folder.appendingPathComponent("scene.yaml")
        try Data(
            """
            canvas: {width: 160, height: 96, fps: 10, duration: 3, background: "#203040"}
            layers:
              - {type: subtitles, source: \(ass)}
              - {type: subtitles, source: talk.srt}

            """.utf8
        ).write(to: scene)
        let whole = folder.appendingPathComponent("whole.mp4").path
        let joined = folder.appendingPathComponent("joined.mp4").path
        let common = ["--preset", "ultrafast", "--keyframe-interval", "0.5", "--quiet"]
        #expect(try Self.moviemake(["render", scene.path, "-o", whole, "--jobs", "1"] + common).status == 0)
        let run = try Self.moviemake(["render", scene.path, "-o", joined, "--jobs", "3"] + common)
        #expect(run.status == 0, "\(run.errors)")
        let a = try MovieProbe(url: URL(fileURLWithPath: whole))
        let b = try MovieProbe(url: URL(fileURLWithPath: joined))
        #expect(a.frames.count == 30 && b.frames.count == 30)
        let differing = zip(a.frames, b.frames).enumerated().filter { $0.element.0.rgb != $0.element.1.rgb }.map(
            \.offset)
        #expect(differing.isEmpty, "frames \(differing) differ")
        // The square moves: the first and last frames differ.
        #expect(a.frames.first?.rgb != a.frames.last?.rgb)
    }

    /// Edges of `still`: another format's file under the .ass extension, an empty one, and `--size`
    /// on a scene file (scaled, at a size no codec's multiple of 16 would allow).
    @Test func stillRefusesNonASSTextAndScalesOtherDocumentsToTheSizeAsked() throws {
        let (folder, srtNamedASS) = try Self.write("1\n00:00:00,500 --> 00:00:01,000\nHello\n", as: "talk.ass")
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("out.png").path
        for path in [srtNamedASS, try Self.write("", as: "empty.ass").path] {
            let run = try Self.moviemake(["still", path, "-o", png, "-y"])
            #expect(
                run.status == 1
                    && run.errors.contains("check that it is an ASS or SSA file, starting with [Script Info]"),
                "\(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: png))
        }
        let scene = folder.appendingPathComponent("scene.yaml")
        try Data(
            "canvas: {width: 320, height: 176, duration: 1, background: \"#FF0000\"}\nlayers: []\n".utf8
        ).write(to: scene)
        let run = try Self.moviemake(["still", scene.path, "--size", "101x57", "-o", png])
        #expect(run.status == 0, "\(run.errors)")
        let image = try Image(contentsOf: URL(fileURLWithPath: png))
        #expect(image.width == 101 && image.height == 57)
        #expect(image.pixel(atX: 50, y: 28).red > 0.99)
    }

    @Test func aMovieClipIsADocumentThatKeepsItsSizeRateLengthAndSound() throws {
        let (folder, scene) = try Self.write(
            "canvas: {width: 320, height: 176, fps: 25, duration: 2, background: \"#0000FF\"}\nlayers: []\naudio:\n  - path: tone.wav\n",
            as: "source.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        try WAVFile.write(WAVFile.tone(seconds: 2), rate: 44100, to: folder.appendingPathComponent("tone.wav"))
        let clip = folder.appendingPathComponent("clip.mp4").path
        #expect(try Self.moviemake(["render", scene, "-o", clip, "--quiet"]).status == 0)
        let srt = folder.appendingPathComponent("talk.srt")
        try Data("1\n00:00:01,000 --> 00:00:02,000\nOver the clip\n".utf8).write(to: srt)
        let captioned = folder.appendingPathComponent("captioned.mp4").path
        let run = try Self.moviemake([
            "render", clip, "--subtitles", srt.path, "-o", captioned, "--crf", "10", "--quiet"
        ])
        #expect(run.status == 0, "\(run.errors)")
        let probe = try MovieProbe(url: URL(fileURLWithPath: captioned))
        #expect(probe.width == 320 && probe.height == 176 && probe.frameRate == (25, 1))
        #expect(probe.frames.count == 50 && abs(probe.containerDuration - 2) < 0.05)
        let sound = try AudioStreamProbe(url: URL(fileURLWithPath: captioned))
        #expect(abs(sound.duration - 2) < 0.1, "the clip's sound is kept")
        // The clip's blue under the cue's backing from 1 s (the backing shows between the glyphs).
        let before = (140..<180).map { probe.frames[24].pixel(x: $0, y: 172).b }
        let during = (140..<180).map { probe.frames[30].pixel(x: $0, y: 172).b }
        #expect(before.allSatisfy { $0 > 200 } && during.contains { $0 < 130 }, "\(before) \(during)")
    }

    @Test func renderShowsCaptionsFromATranscriptAndChecksItsFlags() throws {
        let (folder, scene) = try Self.write(
            "canvas: {width: 320, height: 176, fps: 10, duration: 1, background: \"#000080\"}\nlayers: []\n",
            as: "plain.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let words = folder.appendingPathComponent("words.json")
        try Data("{\"words\": [{\"word\": \"HELLO\", \"start\": 0.5, \"end\": 1.0}]}".utf8).write(to: words)
        let movie = folder.appendingPathComponent("out.mp4").path
        let run = try Self.moviemake([
            "render", scene, "--captions", words.path, "--active-color", "#FF0000", "-o", movie, "--crf", "10",
            "--quiet"
        ])
        #expect(run.status == 0, "\(run.errors)")
        // Decoded: no red before the word, red glyphs from its frame on.
        let reader = try MovieFrameReader(path: movie)
        var redPixels: [Double: Int] = [:]
        try reader.frames(at: [0.4, 0.5], width: 320, height: 176) { _, time, frame in
            redPixels[(time * 10).rounded() / 10] = try frame.withFirstPlane { base, stride in
                var count = 0
                for y in 0..<176 {
                    for x in 0..<320 {
                        let offset = y * stride + x * 4
                        let b = base.load(fromByteOffset: offset, as: UInt8.self)
                        let g = base.load(fromByteOffset: offset + 1, as: UInt8.self)
                        let r = base.load(fromByteOffset: offset + 2, as: UInt8.self)
                        if r > 180, g < 90, b < 90 { count += 1 }
                    }
                }
                return count
            }
        }
        #expect(redPixels[0.4] == 0 && (redPixels[0.5] ?? 0) > 50, "\(redPixels)")

        let alone = try Self.moviemake(["render", scene, "--caption-style", "karaoke", "-o", movie, "-y"])
        #expect(alone.status == 64 && alone.errors.contains("pass --captions with a transcript too"))
        let unknown = try Self.moviemake([
            "render", scene, "--captions", words.path, "--caption-style", "neon", "-o", movie, "-y"
        ])
        #expect(unknown.status == 64 && unknown.errors.contains("use one of boxed, classic, karaoke"))
    }

    @Test func aSlideshowTakesSubtitlesAndATranscript() throws {
        let dir = try SlideshowCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SlideshowCommandTests.photos(2, in: dir)
        let srt = dir.appendingPathComponent("talk.srt")
        try Data("1\n00:00:00,000 --> 00:00:01,000\nHello\n".utf8).write(to: srt)
        let words = dir.appendingPathComponent("words.json")
        try Data("{\"words\": [{\"word\": \"HI\", \"start\": 0.0, \"end\": 1.0}]}".utf8).write(to: words)
        let plain = dir.appendingPathComponent("plain.mp4").path
        let captioned = dir.appendingPathComponent("captioned.mp4").path
        let photos = dir.appendingPathComponent("photos").path
        #expect(
            try Self.moviemake(["slideshow", photos, "-o", plain, "--crf", "10"] + SlideshowCommandTests.small).status
                == 0)
        let run = try Self.moviemake(
            ["slideshow", photos, "-o", captioned, "--subtitles", srt.path, "--transcript", words.path, "--crf", "10"]
                + SlideshowCommandTests.small)
        #expect(run.status == 0, "\(run.errors)")
        // The same photos, with the overlays drawn over the first second only.
        let first = try MovieProbe(url: URL(fileURLWithPath: plain))
        let second = try MovieProbe(url: URL(fileURLWithPath: captioned))
        #expect(first.frames.count == second.frames.count)
        #expect(first.frames[0].rgb != second.frames[0].rgb, "the overlays show at 0 s")
        let bad = try Self.moviemake(
            ["slideshow", photos, "-o", captioned + ".2.mp4", "--transcript", srt.path] + SlideshowCommandTests.small)
        #expect(bad.status == 1 && bad.errors.contains("The transcript is not JSON"))
    }

    @Test func printsATranscriptsWordsWithTheirTimes() throws {
        let (folder, path) = try Self.write(
            "{\"words\": [{\"word\": \"Hello,\", \"start\": 0.0, \"end\": 0.62}, {\"word\": \"world.\", \"start\": 0.7, \"end\": 1.5}]}",
            as: "words.json")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.moviemake(["subtitles", "inspect", path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output
                == "\(path): OpenAI Whisper verbose_json, 2 words\n00:00:00.000 --> 00:00:00.620  Hello,\n00:00:00.700 --> 00:00:01.500  world.\n"
        )
        let bad = try Self.write("{\"segments\": []}", as: "none.json")
        defer { try? FileManager.default.removeItem(at: bad.folder) }
        let failed = try Self.moviemake(["subtitles", "inspect", bad.path])
        #expect(failed.status == 1 && failed.errors.contains("which is none of the shapes MovieKit reads"))
    }

    @Test func aFileThatIsNotWebVTTIsAFailureAndAnotherExtensionIsAUsageError() throws {
        let (folder, path) = try Self.write("1\n00:00:01,000 --> 00:00:02,000\nHello\n", as: "talk.vtt")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.moviemake(["subtitles", "inspect", path])
        #expect(run.status == 1)
        #expect(run.errors.contains("\(path):1:1: The file is not WebVTT: it does not start with `WEBVTT`."))
        let other = try Self.moviemake(["subtitles", "inspect", folder.appendingPathComponent("talk.txt").path])
        #expect(other.status == 64)
        #expect(
            other.errors.contains(
                "subtitles inspect reads WebVTT (.vtt), SRT (.srt), ASS and SSA (.ass, .ssa) files, and transcripts (.json)"
            )
        )
    }
}

/// `moviemake audiogram`: the clip's size, length and sound, and its checks.
@Suite("moviemake audiogram")
struct AudiogramCommandTests {
    @Test func aClipOfTheEpisodeWithCoverWaveformAndCaptions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audiogram-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let episode = folder.appendingPathComponent("episode.wav")
        try WAVFile.write(WAVFile.tone(seconds: 6, rate: 48000, amplitude: 0.4), rate: 48000, to: episode)
        let cover = folder.appendingPathComponent("cover.png")
        try Image(size: CGSize(width: 64, height: 64)) {
            $0.setFillColor(.red)
            $0.fill($0.bounds)
        }.write(to: cover)
        let words = folder.appendingPathComponent("words.json")
        try Data(
            #"[{"text": "Hello", "startMs": 2000, "endMs": 2500}, {"text": " there", "startMs": 2500, "endMs": 3200}]"#
                .utf8
        ).write(to: words)
        let clip = folder.appendingPathComponent("clip.mp4")
        let run = try SubtitlesCommandTests.moviemake([
            "audiogram", episode.path, "--captions", words.path, "--cover", cover.path, "--title", "Episode 1",
            "--from", "1.5", "--to", "4", "--format", "square", "-o", clip.path, "--preset", "ultrafast", "--quiet"
        ])
        #expect(run.status == 0, "\(run.errors)")
        let probe = try MovieProbe(url: clip)
        #expect(probe.width == 1088 && probe.height == 1088 && probe.frames.count == 75)
        #expect(abs(try AudioStreamProbe(url: clip).duration - 2.5) < 0.05)
        // The cover art, red, in the middle of the upper half.
        let art = probe.frames[10].pixel(x: 544, y: 400)
        #expect(art.r > 200 && art.g < 60, "\(art)")

        let outside = try SubtitlesCommandTests.moviemake([
            "audiogram", episode.path, "--from", "5", "--to", "9", "-o", folder.appendingPathComponent("x.mp4").path
        ])
        #expect(outside.status == 1 && outside.errors.contains("is not inside"), "\(outside.errors)")
        let noWords = try SubtitlesCommandTests.moviemake([
            "audiogram", episode.path, "--captions", words.path, "--from", "4", "--to", "5", "-o",
            folder.appendingPathComponent("y.mp4").path
        ])
        #expect(
            noWords.status == 1 && noWords.errors.contains("has no word between 4.0 s and 5.0 s"), "\(noWords.errors)")
    }
}
