import Foundation
import FrameDraw
import TestSupport
import Testing

/// `moviemake slideshow` as users meet it: the built tool in a child process.
@Suite("moviemake slideshow")
struct SlideshowCommandTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("slideshow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("photos"), withIntermediateDirectories: true)
        return url
    }

    /// Writes `count` small photos named img1, img2 … into `dir/photos`, each a different colour.
    static func photos(_ count: Int, in dir: URL) throws {
        for index in 1...count {
            let image = try Image(size: CGSize(width: 96, height: 64)) { context in
                context.setFillColor(Color(hue: Double(index) / Double(count + 1), saturation: 1, brightness: 1))
                context.fill(context.bounds)
            }
            try image.write(to: dir.appendingPathComponent("photos/img\(index).png"))
        }
    }

    static let small = ["--size", "160x96", "--fps", "10", "--preset", "ultrafast", "--quiet"]

    @Test func photosBecomeAMovieWithTheExactLengthAndMusic() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.photos(3, in: dir)
        try AudioFile.tone(seconds: 20, to: dir.appendingPathComponent("song.wav"))
        let output = dir.appendingPathComponent("trip.mp4")
        let run = try ChunkCommandTests.moviemake(
            [
                "slideshow", dir.appendingPathComponent("photos").path, "-o", output.path, "--audio",
                dir.appendingPathComponent("song.wav").path,
                "--ken-burns", "--captions", "filename"
            ] + Self.small)
        #expect(run.status == 0, "\(run.errors)")
        let probe = try MovieProbe(url: output)
        // 3 slides × 3 s − 2 transitions × 0.5 s = 8 s at 10 fps.
        #expect(probe.frames.count == 80)
        #expect(abs(probe.containerDuration - 8) < 0.03)
        if let audio = try FFmpegTools.run(
            "ffprobe",
            [
                "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_name,duration", "-of",
                "csv=p=0", output.path
            ])
        {
            let fields = audio.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
            #expect(fields.first == "aac")
            #expect(
                abs((fields.last.flatMap { Double($0) } ?? 0) - 8) < 0.03,
                "audio ends with the video: \(audio.standardOutput)")
        }
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let refusals: [Refusal] = [
        Refusal(
            arguments: ["slideshow", "EMPTY", "-o", "OUT"], status: 1,
            message:
                "No photos were found in EMPTY; hidden files are skipped, and folders inside folders are read only with --recursive."
        ),
        Refusal(
            arguments: ["slideshow", "PHOTOS", "-o", "OUT", "--transition", "whirlpool"], status: 1,
            message:
                "Transition \"whirlpool\" is not one MovieKit knows; use one of cut, crossfade, fadeblack, fadewhite, wipeleft, wiperight, wipeup, wipedown, slideleft, slideright, slideup, slidedown, circleopen, circleclose, radial, dissolve, pixelize, zoomin, diagtl, diagtr, diagbl, diagbr, hblur, random, fade, none, or a gl-transitions name such as Bounce, BowTieHorizontal, BowTieVertical."
        ),
        Refusal(
            arguments: ["slideshow", "PHOTOS", "-o", "OUT", "--duration", "1", "--transition-duration", "0.5"],
            status: 1,
            message:
                "The slideshow cannot be made: slide 2 lasts 1.0 s, no longer than the transitions into and out of it (1.0 s together); make the slides longer or the transitions shorter."
        ),
        Refusal(
            arguments: ["slideshow", "PHOTOS", "-o", "PHOTOS/img1.png", "-y"], status: 1,
            message: "The output PHOTOS/img1.png is also one of the photos; write the movie somewhere else."),
        Refusal(
            arguments: ["slideshow", "PHOTOS", "-o", "EXISTING"], status: 1,
            message: "The file EXISTING already exists; pass -y (--overwrite) to replace it, or choose another path."),
        Refusal(
            arguments: ["slideshow", "PHOTOS", "-o", "OUT", "--size", "1080p"], status: 64,
            message:
                "1080p is 1920x1080, and 1080 is not a multiple of 16; use --size 1920x1088 (a little taller) or 1920x1072."
        ),
        Refusal(
            arguments: ["slideshow", "PHOTOS", "-o", "OUT", "--size", "1000x720"], status: 64,
            message: "Width 1000 is not a multiple of 16; use 992 or 1008."),
        Refusal(
            arguments: ["slideshow", "PHOTOS", "-o", "OUT", "--audio", "NOTAUDIO"], status: 1,
            message: "Could not read NOTAUDIO: "),
        Refusal(
            arguments: ["slideshow", "-o", "OUT"], status: 64,
            message: "No photos were given; pass photo files or folders, or --manifest with a slideshow manifest.")
    ]

    @Test(arguments: refusals)
    func badInputStopsBeforeTheFirstFrameAndWritesNothing(_ refusal: Refusal) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.photos(3, in: dir)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: dir.appendingPathComponent("existing.mp4"))
        try Data("not audio at all".utf8).write(to: dir.appendingPathComponent("notes.mp3"))
        let names = [
            "EMPTY": dir.appendingPathComponent("empty").path, "PHOTOS": dir.appendingPathComponent("photos").path,
            "OUT": dir.appendingPathComponent("out.mp4").path,
            "EXISTING": dir.appendingPathComponent("existing.mp4").path,
            "NOTAUDIO": dir.appendingPathComponent("notes.mp3").path
        ]
        func fill(_ text: String) -> String {
            names.sorted { $0.key.count > $1.key.count }.reduce(text) {
                $0.replacingOccurrences(of: $1.key, with: $1.value)
            }
        }
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        // The row's own options come last, so that they win over the small defaults.
        let arguments = refusal.arguments.map(fill)
        let run = try ChunkCommandTests.moviemake(Array(arguments.prefix(1)) + Self.small + arguments.dropFirst())
        #expect(run.status == refusal.status, "\(run.errors)")
        #expect(run.errors.contains(fill(refusal.message)), "stderr: \(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == before)
        #expect(try Data(contentsOf: dir.appendingPathComponent("existing.mp4")) == Data("old".utf8))
    }

    @Test func heicAndAVIFPhotosMadeWithHeifEncAreShown() throws {
        guard let encoder = ChildProcess.installedTool(named: "heif-enc") else {
            Issue.record("heif-enc is not installed; scripts/install-deps.sh installs libheif-examples")
            return
        }
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("red.png")
        try Image(size: CGSize(width: 64, height: 64)) {
            $0.setFillColor(.red)
            $0.fill($0.bounds)
        }.write(to: png)
        for (name, flags) in [("photos/a.heic", [String]()), ("photos/b.avif", ["--avif"])] {
            let result = try ChildProcess.run(
                encoder, arguments: flags + ["-q", "90", png.path, "-o", dir.appendingPathComponent(name).path])
            #expect(result.exitStatus == 0, "\(result)")
        }
        let output = dir.appendingPathComponent("phone.mp4")
        let run = try ChunkCommandTests.moviemake(
            ["slideshow", dir.appendingPathComponent("photos").path, "-o", output.path, "--fit", "cover"] + Self.small)
        #expect(run.status == 0, "\(run.errors)")
        let probe = try MovieProbe(url: output)
        #expect(probe.frames.count == 55)
        let first = probe.frames[5].pixel(x: 80, y: 48)
        let second = probe.frames[50].pixel(x: 80, y: 48)
        #expect(first.r > 200 && first.g < 50 && second.r > 200 && second.g < 50)
    }

    @Test func sigintMidSlideshowExits130AndLeavesNothing() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.photos(3, in: dir)
        let process = Process()
        process.executableURL = try SignalTests.moviemakeExecutable()
        process.arguments = [
            "slideshow", dir.appendingPathComponent("photos").path, "-o", dir.appendingPathComponent("long.mp4").path,
            "--duration", "600", "--ken-burns", "--size", "640x352", "--preset", "veryslow", "--quiet"
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        var underWay = false
        for _ in 0..<200 where !underWay {
            underWay = SignalTests.openFiles(of: process.processIdentifier).contains { $0.hasPrefix(dir.path + "/#") }
            if !underWay { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(underWay)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["photos"])
    }
}

/// Small audio files for the command tests.
enum AudioFile {
    /// A 440 Hz mono tone as 16-bit WAV.
    static func tone(seconds: Double, rate: Int = 44100, to url: URL) throws {
        try WAVFile.write(WAVFile.tone(seconds: seconds, rate: rate, amplitude: 12000 / 32767), rate: rate, to: url)
    }
}

@Suite("moviemake render: editly specs")
struct EditlyCommandTests {
    @Test func anEditlySpecRendersAndAnUnsupportedLayerIsRefusedByClip() throws {
        let dir = try SlideshowCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let spec = dir.appendingPathComponent("spec.json5")
        try Data(
            """
            { width: 320, height: 176, fps: 25,
              defaults: { duration: 2, transition: { name: 'fade', duration: 0.5 } },
              clips: [
                { layers: [{ type: 'fill-color', color: '#3355ff' }, { type: 'title', text: 'Hello' }] },
                { layers: [{ type: 'linear-gradient', colors: ['#ff0000', '#0000ff'] }] },
              ] }
            """.utf8
        ).write(to: spec)
        let output = dir.appendingPathComponent("spec.mp4")
        let run = try ChunkCommandTests.moviemake([
            "render", spec.path, "-o", output.path, "--preset", "ultrafast", "--quiet"
        ])
        #expect(run.status == 0, "\(run.errors)")
        // Two clips of 2 s (50 frames) overlapping by 0.5 s (12.5 frames, rounded to 13): 87 frames.
        #expect(try MovieProbe(url: output).frames.count == 87)

        let bad = dir.appendingPathComponent("bad.json5")
        try Data(
            "{ clips: [ { layers: [{ type: 'title', text: 'ok' }] }, { layers: [{ type: 'video', path: 'clip.mp4' }] } ] }"
                .utf8
        ).write(to: bad)
        let refused = try ChunkCommandTests.moviemake([
            "render", bad.path, "-o", dir.appendingPathComponent("bad.mp4").path, "--quiet"
        ])
        #expect(refused.status == 1)
        #expect(
            refused.errors.contains("clips[1].layers[0].path") && refused.errors.contains("movie clip"),
            "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("bad.mp4").path))
    }
}
