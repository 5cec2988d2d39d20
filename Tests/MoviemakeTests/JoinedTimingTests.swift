import Foundation
import LibAV
import TestSupport
import Testing

/// A movie joined from chunks (`--jobs`, `--chunk` + `concat`) keeps a single render's timing: the first
/// frame presented at 0 behind the same edit list, every frame on the n/fps grid, the exact duration,
/// and the sound in sync with the picture.
@Suite("moviemake: joined movies keep their timing")
struct JoinedTimingTests {
    /// Five seconds at 30 fps, black with a white flash on the first frame of every second.
    static let flashes = """
        canvas: {width: 64, height: 64, fps: 30, duration: 5, background: black}
        layers:
          - {type: rect, size: [64, 64], position: [32, 32], fill: white, in: 0, out: 0.03}
          - {type: rect, size: [64, 64], position: [32, 32], fill: white, in: 1, out: 1.03}
          - {type: rect, size: [64, 64], position: [32, 32], fill: white, in: 2, out: 2.03}
          - {type: rect, size: [64, 64], position: [32, 32], fill: white, in: 3, out: 3.03}
          - {type: rect, size: [64, 64], position: [32, 32], fill: white, in: 4, out: 4.03}
        audio:
          - {path: clicks.wav}
        """

    static let encoding = ["--preset", "ultrafast", "--keyframe-interval", "0.5", "--quiet"]

    enum Way: String, CaseIterable, CustomTestStringConvertible {
        case single, jobs3, chunksAndConcat
        var testDescription: String { rawValue }
    }

    /// Renders the flash scene one way into `dir/<way>.mp4`.
    static func render(_ way: Way, in dir: URL) throws -> URL {
        let scene = dir.appendingPathComponent("flashes.yaml")
        let output = dir.appendingPathComponent("\(way.rawValue).mp4")
        switch way {
        case .single:
            let run = try ChunkCommandTests.moviemake(["render", scene.path, "-o", output.path] + encoding)
            #expect(run.status == 0, "\(run.errors)")
        case .jobs3:
            let run = try ChunkCommandTests.moviemake(
                ["render", scene.path, "-o", output.path, "--jobs", "3"] + encoding)
            #expect(run.status == 0, "\(run.errors)")
        case .chunksAndConcat:
            let parts = dir.appendingPathComponent("parts")
            try FileManager.default.createDirectory(at: parts, withIntermediateDirectories: true)
            for index in 0..<3 {
                let part = parts.appendingPathComponent("part-\(index).mp4")
                let run = try ChunkCommandTests.moviemake(
                    ["render", scene.path, "-o", part.path, "--chunk", "\(index)/3"] + encoding)
                #expect(run.status == 0, "\(run.errors)")
            }
            let run = try ChunkCommandTests.moviemake([
                "concat", "--dir", parts.path, "-o", output.path, "--audio",
                dir.appendingPathComponent("clicks.wav").path
            ])
            #expect(run.status == 0, "\(run.errors)")
        }
        return output
    }

    @Test(arguments: Way.allCases)
    func eachClickLandsWithinOneMillisecondOfItsFlash(_ way: Way) throws {
        let dir = try ChunkCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A click (5 ms at 0.9) at the start of every second, silence between.
        let rate = 44100
        try WAVFile.write(
            (0..<(6 * rate)).map { $0 % rate < rate / 200 ? 0.9 : 0 }, rate: rate,
            to: dir.appendingPathComponent("clicks.wav"))
        try Data(Self.flashes.utf8).write(to: dir.appendingPathComponent("flashes.yaml"))
        let url = try Self.render(way, in: dir)

        let video = try MovieProbe(url: url)
        #expect(video.frames.count == 150)
        #expect(video.startTime == 0, "the first frame is presented at \(video.startTime) s")
        let times = video.frameTimes
        let offGrid = times.enumerated().filter { abs($0.element - Double($0.offset) / 30) > 1e-4 }
        #expect(offGrid.isEmpty, "frames off the n/fps grid: \(offGrid.prefix(3))")
        #expect(abs(video.streamDuration - 5) < 1e-6 && abs(video.containerDuration - 5) < 0.001)
        let flashes = video.frames.enumerated().filter { $0.element.pixel(x: 32, y: 32).r > 128 }.map {
            times[$0.offset]
        }
        #expect(flashes.map { ($0 * 1000).rounded() } == [0, 1000, 2000, 3000, 4000])

        let audio = try AudioReader(path: url.path).read(frameCount: 48000 * 10)
        let clicks = AudioStreamProbe.onsets(audio, channels: 2, rate: 48000)
        #expect(clicks.count == 5, "clicks at \(clicks)")
        for (click, flash) in zip(clicks, flashes) {
            #expect(abs(click - flash) < 0.001, "click at \(click) s, flash at \(flash) s")
        }
        #expect(abs(Double(audio.count / 2) / 48000 - 5) < 1024.0 / 48000)
        if let ffprobe = try FFmpegTools.run(
            "ffprobe",
            ["-v", "error", "-show_entries", "stream=start_time", "-of", "csv=p=0", url.path])
        {
            // Both streams start at 0, as an independent reader sees them.
            let starts = ffprobe.standardOutput.split(separator: "\n").compactMap { Double($0) }
            #expect(starts.count == 2 && starts.allSatisfy { $0 == 0 }, "\(ffprobe.standardOutput)")
        }
    }

    @Test func aSlideshowOnThreeJobsWithMusicSplicesItsStillsAndStartsAtZero() throws {
        let dir = try SlideshowCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try SlideshowCommandTests.photos(5, in: dir)
        try AudioFile.tone(seconds: 30, to: dir.appendingPathComponent("song.wav"))
        let common =
            [dir.appendingPathComponent("photos").path, "--audio", dir.appendingPathComponent("song.wav").path]
            + ["--size", "320x176", "--fps", "30", "--preset", "ultrafast", "--quiet"]
        let single = dir.appendingPathComponent("single.mp4")
        let jobs = dir.appendingPathComponent("jobs.mp4")
        let two = dir.appendingPathComponent("two.mp4")
        for (url, extra) in [(single, [String]()), (jobs, ["--jobs", "3"]), (two, ["--jobs", "2"])] {
            let run = try ChunkCommandTests.moviemake(["slideshow"] + common + ["-o", url.path] + extra)
            #expect(run.status == 0, "\(run.errors)")
        }
        #expect(try Data(contentsOf: jobs) == Data(contentsOf: two), "--jobs gives the same bytes for every N")

        let a = try MovieProbe(url: single, keepPixels: false)
        let b = try MovieProbe(url: jobs, keepPixels: false)
        #expect(b.frames.count == a.frames.count)
        #expect(b.startTime == 0 && a.startTime == 0)
        #expect(
            abs(b.streamDuration - a.streamDuration) < 1e-6 && abs(b.containerDuration - a.containerDuration) < 1e-3)
        let stream = try AudioStreamProbe(url: jobs)
        #expect(stream.startTime == 0, "audio starts at \(stream.startTime)")
        // Spliced copies are skipped pictures of a few dozen bytes; the joined movie has about as many.
        func copies(_ probe: MovieProbe) -> Int { probe.frames.filter { $0.codedBytes < 64 }.count }
        #expect(copies(a) > a.frames.count / 2, "\(copies(a)) of \(a.frames.count)")
        #expect(abs(copies(b) - copies(a)) <= a.frames.count / 20, "\(copies(b)) joined, \(copies(a)) single")
    }
}
