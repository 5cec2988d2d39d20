import Foundation

/// One measured row: a tool rendering a workload, with every run's wall time and peak RSS.
struct Measurement {
    var id: String
    var workload: String
    var width: Int
    var height: Int
    var frames: Int
    var tool: String
    /// The `id` of the encoder-floor row this one is divided by, if any.
    var floorID: String?
    var note: String?
    var runs: [ProcessMeasurement] = []
    var profiles: [StageProfile] = []
    /// Drawing-loop seconds reported by the child itself (draw scaling rows), one per run.
    var loopSeconds: [Double] = []

    var size: String { "\(width)x\(height)" }
    var medianWall: Double { median(runs.map(\.wallSeconds)) }
    var framesPerSecond: Double { medianWall > 0 ? Double(frames) / medianWall : 0 }
    var medianPeakRSS: Double { median(runs.map { Double($0.peakRSSBytes) }) }
    /// The median CPU time (user + system) of the runs, the child's reaped children included.
    var medianCPU: Double { median(runs.map { $0.userSeconds + $0.systemSeconds }) }
    var maxPeakRSS: Int { runs.map(\.peakRSSBytes).max() ?? 0 }
    /// The median drawing-loop time, when the child reported one.
    var medianLoop: Double? { loopSeconds.isEmpty ? nil : median(loopSeconds) }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Runs the plan: prepares inputs in untimed child processes, then times each tool in child
/// processes, interleaving the tools run by run so that drifting machine load hits them alike.
final class BenchmarkDriver {
    let plan: BenchmarkPlan
    let executable: String
    let ffmpeg: String
    let workDirectory: URL
    let logPath: String

    private(set) var measurements: [Measurement] = []
    /// The rows and peers of benchmarks/README.md that this run did not run, each ending "not run (reason)."
    var notRun: [String] = []
    /// The ffmpeg floor commands as run (one per size), for the report.
    var floorCommands: [String] = []

    init(plan: BenchmarkPlan, executable: String, ffmpeg: String, workDirectory: URL) {
        self.plan = plan
        self.executable = executable
        self.ffmpeg = ffmpeg
        self.workDirectory = workDirectory
        logPath = workDirectory.appendingPathComponent("bench.log").path
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    }

    func measurement(_ id: String) -> Measurement? { measurements.first { $0.id == id } }

    func runAll() throws {
        let frames = plan.w1Frames
        if plan.workloads.contains(.w1) {
            print("== W1 at 1280x720, \(frames) frames")
            try withRawFrames(width: 1280, height: 720, frames: frames) { raw in
                try runInterleaved(
                    [
                        movieKit("w1-720", "W1", "w1", 1280, 720, frames, floor: "floor-720"),
                        movieKit("w1-720-draw", "W1", "w1-draw", 1280, 720, frames, tool: "MovieKit draw only"),
                        movieKit(
                            "w1s-720", "W1-shadow", "w1-shadow", 1280, 720, frames, floor: "floor-720",
                            note: "ratio against W1's floor"),
                        movieKit(
                            "w1s-720-draw", "W1-shadow", "w1-shadow-draw", 1280, 720, frames, tool: "MovieKit draw only"
                        ),
                        floor("floor-720", "W1", raw: raw, 1280, 720, frames)
                    ], rounds: plan.runs)
            }
        }
        if plan.workloads.contains(.w1) || plan.workloads.contains(.w3) {
            let label = plan.workloads.contains(.w3) ? "W1 / W3 short" : "W1"
            print("== \(label) at 1920x1088, \(frames) frames")
            try withRawFrames(width: 1920, height: 1088, frames: frames) { raw in
                var jobs = [
                    movieKit("w1-1088", label, "w1", 1920, 1088, frames, floor: "floor-1088"),
                    floor("floor-1088", label, raw: raw, 1920, 1088, frames)
                ]
                if plan.workloads.contains(.w1) {
                    jobs.insert(
                        movieKit("w1-1088-draw", label, "w1-draw", 1920, 1088, frames, tool: "MovieKit draw only"),
                        at: 1)
                }
                try runInterleaved(jobs, rounds: plan.runs)
                if plan.workloads.contains(.w3) {
                    let long = plan.w3LongFrames
                    let loops = long / frames - 1
                    print(
                        "== W3 long at 1920x1088, \(long) frames (\(plan.longRuns) run\(plan.longRuns == 1 ? "" : "s"))"
                    )
                    try runInterleaved(
                        [
                            movieKit("w3-long", "W3 long", "w1", 1920, 1088, long, floor: "floor-long"),
                            floor(
                                "floor-long", "W3 long", raw: raw, 1920, 1088, long, loops: loops,
                                note: "the \(frames) pre-rendered frames looped \(loops + 1) times")
                        ], rounds: plan.longRuns)
                }
            }
        }
        if plan.workloads.contains(.parallel) {
            try runParallel()
        }
        if plan.workloads.contains(.codecs) {
            try runCodecs()
        }
        if plan.workloads.contains(.w2) {
            try runSlideshow()
        }
        if plan.workloads.contains(.w4) {
            try runMontage()
        }
        if plan.workloads.contains(.w5) {
            try runLottie()
        }
        if plan.workloads.contains(.w6) {
            try runCaptions()
        }
        listWhatIsNotRun()
    }

    // MARK: - Workloads

    /// W1 at the fast presets (where one drawing thread cannot keep up) and at 4K, each against
    /// the floor at the same preset; and drawing alone on 1, 2 and all threads.
    private func runParallel() throws {
        let frames = plan.w1Frames
        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("== Parallel: W1 at 1280x720, \(frames) frames, fast presets")
        try withRawFrames(width: 1280, height: 720, frames: frames) { raw in
            var jobs: [Job] = []
            for preset in ["ultrafast", "veryfast", "medium"] {
                jobs.append(
                    parallel(
                        "par-720-\(preset)", "W1 \(preset)", 1280, 720, frames, preset: preset, threads: 0,
                        floor: "floor-720-\(preset)", note: "all cores draw"))
                jobs.append(
                    parallel(
                        "seq-720-\(preset)", "W1 \(preset)", 1280, 720, frames, preset: preset, threads: 1,
                        floor: "floor-720-\(preset)", note: "one drawing thread"))
                jobs.append(floor("floor-720-\(preset)", "W1 \(preset)", raw: raw, 1280, 720, frames, preset: preset))
            }
            // W1 as `--draft` renders it: half the width and height (rounded to multiples of 16), `ultrafast`.
            jobs.append(
                parallel(
                    "draft-720", "W1 draft", 640, 352, frames, preset: "ultrafast", threads: 0,
                    floor: nil, note: "as --draft renders 1280x720: 640x352, ultrafast, all cores draw"))
            // Five times W1's frames, and the child times its own drawing loop, so start-up does not hide the scaling.
            for threads in Array(Set([1, 2, cores])).sorted() {
                var job = movieKit(
                    "draw-\(threads)", "W1 draw scaling", "w1-draw-parallel", 1280, 720, frames * 5,
                    tool: "MovieKit draw only, \(threads) thread\(threads == 1 ? "" : "s")")
                job.arguments += ["--threads", "\(threads)"]
                job.takesStats = false
                job.reportsLoopTime = true
                jobs.append(job)
            }
            try runInterleaved(jobs, rounds: plan.runs)
        }
        let big = plan.quick ? 30 : 150
        print("== Parallel: W1 at 3840x2160, \(big) frames (\(plan.longRuns) run\(plan.longRuns == 1 ? "" : "s"))")
        try withRawFrames(width: 3840, height: 2160, frames: big) { raw in
            var jobs: [Job] = []
            for preset in ["medium", "veryfast"] {
                jobs.append(
                    parallel(
                        "par-4k-\(preset)", "W1 4K \(preset)", 3840, 2160, big, preset: preset, threads: 0,
                        floor: "floor-4k-\(preset)", note: "all cores draw"))
                jobs.append(
                    parallel(
                        "seq-4k-\(preset)", "W1 4K \(preset)", 3840, 2160, big, preset: preset, threads: 1,
                        floor: "floor-4k-\(preset)", note: "one drawing thread"))
                jobs.append(floor("floor-4k-\(preset)", "W1 4K \(preset)", raw: raw, 3840, 2160, big, preset: preset))
            }
            try runInterleaved(jobs, rounds: plan.longRuns)
        }
    }

    /// Each codec end to end against the ffmpeg CLI encoding the same raw frames with the same settings.
    private func runCodecs() throws {
        let frames = plan.quick ? 30 : 90
        print("== Codecs: W1 at 1280x720, \(frames) frames")
        try withRawFrames(width: 1280, height: 720, frames: frames) { raw in
            var jobs: [Job] = []
            for codec in ["h264", "hevc", "vp9", "av1", "prores"] {
                let container = codec == "prores" ? "mov" : "mp4"
                jobs.append(
                    parallel(
                        "codec-\(codec)", "Codec \(codec)", 1280, 720, frames, preset: "medium", threads: 0,
                        floor: "floor-codec-\(codec)", codec: codec, container: container))
                jobs.append(
                    floor(
                        "floor-codec-\(codec)", "Codec \(codec)", raw: raw, 1280, 720, frames, preset: "medium",
                        codec: codec, container: container))
            }
            try runInterleaved(jobs, rounds: plan.runs)
        }
    }

    private func runSlideshow() throws {
        print("== W2 slideshow: preparing photos (cached)")
        let fixtures = workDirectory
        try untimed("fixtures", ["run-workload", "fixtures", "--output", fixtures.path])
        let photos = plan.w2Photos
        let frames = Slideshow.frameCount(photoCount: photos)
        print("== W2 at 1280x720, \(photos) photos, \(frames) frames")
        var job = movieKit(
            "w2", "W2", "w2", 1280, 720, photos, floor: "w2-cli",
            note: "\(photos) photos of 2–12 MP (JPEG, PNG, WebP), loaded scaled down to cover the frame")
        job.measurement.frames = frames
        job.arguments += ["--input", fixtures.path]
        var engine = movieKit(
            "w2-engine", "W2", "w2-engine", 1280, 720, photos, tool: "MovieKit Slideshow engine", floor: "w2-cli")
        engine.measurement.frames = frames
        engine.arguments += ["--input", fixtures.path]
        engine.takesStats = false
        let fixtureSet = PhotoFixtures(cacheRoot: fixtures)
        let urls = PhotoFixtures.photos.prefix(photos).map { fixtureSet.url(of: $0).path }
        try runInterleaved([job, engine, slideshowCLI(photos: urls, frames: frames)], rounds: plan.runs)

        // Caching still groups: every frame of a captioned contain-blur slideshow drawn, one thread, no encoding.
        print(
            "== Still groups: every frame of a captioned contain-blur slideshow of \(photos) photos drawn, cache on and off"
        )
        var drawJobs: [Job] = []
        for cache in ["on", "off"] {
            var draw = movieKit(
                "scene-draw-\(cache)", "Still-group cache", "scene-draw", 1280, 720, photos,
                tool: "MovieKit SceneRenderer, cache \(cache)")
            draw.measurement.frames = Slideshow.frameCount(photoCount: photos)
            draw.arguments += ["--input", fixtures.path, "--raster-cache", cache]
            draw.takesStats = false
            draw.reportsLoopTime = true
            drawJobs.append(draw)
        }
        try runInterleaved(drawJobs, rounds: plan.runs)

        // Memory against the number of photos: the same engine and timing for 12 and 300 slides
        // (the 12 photos in turn), short slides and `ultrafast`, so that the rows take a minute.
        let slideCounts = plan.quick ? [12, 24] : [12, 300]
        print(
            "== W2 memory: \(slideCounts.map(String.init).joined(separator: " and ")) slides of 0.5 s, 0.2 s crossfades, ultrafast"
        )
        var memoryJobs: [Job] = []
        for slides in slideCounts {
            var memory = movieKit(
                "w2-memory-\(slides)", "W2 memory", "w2-memory", 1280, 720, slides,
                tool: "MovieKit Slideshow engine, \(slides) slides")
            memory.measurement.frames = 9 * slides + 6
            memory.arguments += ["--input", fixtures.path]
            memory.takesStats = false
            memoryJobs.append(memory)
        }
        try runInterleaved(memoryJobs, rounds: 1)
    }

    /// The tuned ffmpeg CLI filtergraph for W2: each still decoded and scaled once, repeated with
    /// `loop`, and joined with `xfade`, encoded with W1's settings.
    private func slideshowCLI(photos: [String], frames: Int) -> Job {
        let output = workDirectory.appendingPathComponent("w2-cli.mp4").path
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"]
        for photo in photos { arguments += ["-i", photo] }
        var graph: [String] = []
        for index in photos.indices {
            graph.append(
                "[\(index):v]scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720,setsar=1,format=yuv420p,"
                    + "loop=loop=89:size=1:start=0,setpts=N/30/TB,fps=30[v\(index)]")
        }
        var last = "v0"
        for index in photos.indices.dropFirst() {
            let offset = Double(index) * 2.5
            graph.append("[\(last)][v\(index)]xfade=transition=fade:duration=0.5:offset=\(offset)[x\(index)]")
            last = "x\(index)"
        }
        arguments += [
            "-filter_complex", graph.joined(separator: ";"), "-map", "[\(last)]",
            "-c:v", "libx264", "-preset", "medium", "-crf", "23", "-pix_fmt", "yuv420p", "-movflags", "+faststart",
            output
        ]
        floorCommands.append((["ffmpeg"] + arguments).joined(separator: " "))
        return Job(
            measurement: Measurement(
                id: "w2-cli", workload: "W2", width: 1280, height: 720, frames: frames,
                tool: "ffmpeg CLI (tuned filtergraph)"),
            executable: ffmpeg, arguments: arguments, takesStats: false)
    }

    /// Pre-renders W1's raw BGRA frames (untimed), runs `body` with the file, then deletes it.
    private func withRawFrames(width: Int, height: Int, frames: Int, _ body: (String) throws -> Void) throws {
        let raw = workDirectory.appendingPathComponent("w1-\(width)x\(height)-\(frames).raw").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try untimed(
            "pre-render \(frames) raw frames",
            [
                "run-workload", "prerender", "--width", "\(width)", "--height", "\(height)",
                "--count", "\(frames)", "--output", raw
            ])
        try body(raw)
    }

    func untimed(_ what: String, _ arguments: [String]) throws {
        let result = try ChildProcess.run(executable, arguments: arguments, logPath: logPath)
        print(String(format: "   %@: %.1f s (untimed)", what, result.wallSeconds))
    }

    /// Lists what benchmarks/README.md asks for that this benchmark does not run, with the reason,
    /// so that the report never stands in a figure from elsewhere. The Python alternatives are only
    /// detected: this benchmark does not install them.
    private func listWhatIsNotRun() {
        if plan.workloads.contains(.w1), !plan.workloads.contains(.parallel) {
            notRun.append(
                "W1 at presets ultrafast and veryfast, each against the floor at the same preset: "
                    + "not run (they are the PARALLEL workload; add it to --workloads).")
        }
        let python = ChildProcess.which("python3")
        let probes = [
            ("pycairo + PyAV", "import cairo, av"), ("pycairo piping to ffmpeg", "import cairo"),
            ("moviepy", "import moviepy")
        ]
        for (name, statement) in probes {
            let available = python.map { (try? ChildProcess.run($0, arguments: ["-c", statement])) != nil } ?? false
            notRun.append(
                available
                    ? "\(name): not run (installed, but this benchmark has no script for it yet)."
                    : "\(name): not run (not installed: `python3 -c \"\(statement)\"` fails).")
        }
    }

    // MARK: - Jobs

    struct Job {
        var measurement: Measurement
        var executable: String
        var arguments: [String]
        var takesStats: Bool
        /// Whether the child writes its drawing loop's seconds (`--loop-time-file`).
        var reportsLoopTime = false
    }

    func movieKit(
        _ id: String, _ workload: String, _ kind: String, _ width: Int, _ height: Int, _ count: Int,
        tool: String = "MovieKit", floor: String? = nil, note: String? = nil
    ) -> Job {
        let output = workDirectory.appendingPathComponent("\(id).mp4").path
        let isDrawOnly = kind.hasSuffix("-draw")
        return Job(
            measurement: Measurement(
                id: id, workload: workload, width: width, height: height, frames: count,
                tool: tool, floorID: floor, note: note),
            executable: executable,
            arguments: [
                "run-workload", kind, "--width", "\(width)", "--height", "\(height)",
                "--count", "\(count)", "--output", output
            ],
            takesStats: !isDrawOnly
        )
    }

    private func parallel(
        _ id: String, _ workload: String, _ width: Int, _ height: Int, _ count: Int, preset: String, threads: Int,
        floor: String?, note: String? = nil, codec: String = "h264", container: String = "mp4"
    ) -> Job {
        var job = movieKit(id, workload, "w1-parallel", width, height, count, floor: floor, note: note)
        job.arguments = job.arguments.map { $0.hasSuffix("\(id).mp4") ? String($0.dropLast(3)) + container : $0 }
        job.arguments += ["--preset", preset, "--threads", "\(threads)", "--codec", codec]
        job.takesStats = false
        return job
    }

    /// The ffmpeg CLI's encoder options that match MovieKit's settings for `codec` at `preset`.
    static func floorCodecArguments(codec: String, preset: String) -> [String] {
        let index =
            ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo"]
            .firstIndex(of: preset) ?? 5
        switch codec {
        case "hevc":
            return [
                "-c:v", "libx265", "-preset", preset, "-crf", "28", "-x265-params", "log-level=error", "-pix_fmt",
                "yuv420p", "-tag:v", "hvc1"
            ]
        case "vp9":
            return [
                "-c:v", "libvpx-vp9", "-crf", "31", "-b:v", "0", "-deadline", index <= 1 ? "realtime" : "good",
                "-cpu-used", "\([8, 7, 6, 5, 5, 4, 2, 1, 0, 0][index])", "-row-mt", "1", "-pix_fmt", "yuv420p"
            ]
        case "av1":
            return [
                "-c:v", "libsvtav1", "-crf", "35", "-preset", "\([12, 11, 10, 9, 8, 8, 6, 4, 2, 1][index])", "-pix_fmt",
                "yuv420p"
            ]
        case "prores":
            return ["-c:v", "prores_ks", "-profile:v", "hq", "-vendor", "apl0", "-pix_fmt", "yuv422p10le"]
        default:
            return ["-c:v", "libx264", "-preset", preset, "-crf", "23", "-pix_fmt", "yuv420p"]
        }
    }

    func floor(
        _ id: String, _ workload: String, raw: String, _ width: Int, _ height: Int, _ frames: Int,
        loops: Int = 0, note: String? = nil, preset: String = "medium", codec: String = "h264",
        container: String = "mp4"
    ) -> Job {
        let output = workDirectory.appendingPathComponent("\(id).\(container)").path
        let loop = loops > 0 ? ["-stream_loop", "\(loops)"] : []
        let arguments =
            ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"] + loop + [
                "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-r", "30", "-i", raw
            ] + Self.floorCodecArguments(codec: codec, preset: preset) + [
                "-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709",
                "-movflags", "+faststart", output
            ]
        floorCommands.append((["ffmpeg"] + arguments).joined(separator: " "))
        return Job(
            measurement: Measurement(
                id: id, workload: workload, width: width, height: height, frames: frames,
                tool: "ffmpeg CLI (floor)", note: note),
            executable: ffmpeg, arguments: arguments, takesStats: false
        )
    }

    /// Runs the first job once untimed, then every job once per round, in order, for `rounds` rounds.
    ///
    /// The warm-up is there because the first render after a pre-render runs slower, whichever
    /// render it is: the same 4K W1 render at `medium` with one drawing thread took 15.76 s right
    /// after its raw frames were written and 13.94 s two renders later. With one round (4K), the
    /// first row of a block would carry all of it.
    func runInterleaved(_ jobs: [Job], rounds: Int) throws {
        var results = jobs.map(\.measurement)
        if let first = jobs.first {
            let result = try ChildProcess.run(first.executable, arguments: first.arguments, logPath: logPath)
            print(
                String(
                    format: "   warm-up: %@ %@: %.2f s (untimed)", first.measurement.workload, first.measurement.tool,
                    result.wallSeconds))
        }
        for round in 0..<rounds {
            for (index, job) in jobs.enumerated() {
                var arguments = job.arguments
                let statsPath = workDirectory.appendingPathComponent("stats-\(job.measurement.id).json").path
                if plan.profile, job.takesStats { arguments += ["--stats-file", statsPath] }
                let loopPath = workDirectory.appendingPathComponent("loop-\(job.measurement.id).txt").path
                if job.reportsLoopTime { arguments += ["--loop-time-file", loopPath] }
                let result = try ChildProcess.run(job.executable, arguments: arguments, logPath: logPath)
                results[index].runs.append(result)
                if job.reportsLoopTime {
                    let text = try String(contentsOfFile: loopPath, encoding: .utf8)
                    guard let seconds = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                        throw ChildProcess.Failure(
                            description: "\(loopPath) holds \(text.debugDescription), not a number of seconds.")
                    }
                    results[index].loopSeconds.append(seconds)
                }
                if plan.profile, job.takesStats {
                    let data = try Data(contentsOf: URL(fileURLWithPath: statsPath))
                    results[index].profiles.append(try JSONDecoder().decode(StageProfile.self, from: data))
                }
                let name = "\(job.measurement.workload) \(job.measurement.tool)"
                let padded = name.padding(toLength: max(name.count, 36), withPad: " ", startingAt: 0)
                print(
                    String(
                        format: "   run %d/%d  %@ %7.2f s  %6.1f fps  peak RSS %6.1f MB",
                        round + 1, rounds, padded, result.wallSeconds,
                        Double(job.measurement.frames) / result.wallSeconds, Double(result.peakRSSBytes) / 1_048_576))
            }
        }
        measurements += results
    }
}
