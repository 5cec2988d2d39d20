import Foundation

/// W4 (video montage) and W5 (Lottie), each against its peers in the same run.
extension BenchmarkDriver {
    /// W4: MovieKit's montage against the `ffmpeg` CLI filtergraph doing the same work, at `medium`;
    /// then peak memory against the number of clips (4 and 12, or 8 with `--quick`) at `ultrafast`,
    /// for both tools.
    func runMontage() throws {
        let folder = workDirectory.appendingPathComponent(W4Montage.folderName)
        print("== W4 montage: making the clips (cached in \(folder.lastPathComponent))")
        let start = ContinuousClock.now
        try W4Montage.generateMissing(in: folder, ffmpeg: ffmpeg, logPath: logPath)
        print(String(format: "   clips: %.1f s (untimed)", (ContinuousClock.now - start).seconds))
        let clips = W4Montage.clipKinds.count
        print("== W4 at 1920x1080, \(clips) clips, \(W4Montage.frameCount(clips: clips)) frames, medium")
        try runInterleaved(
            [
                montage("w4", "W4", clips: clips, folder: folder, preset: "medium", floor: "w4-cli"),
                montageCLI("w4-cli", "W4", clips: clips, folder: folder, preset: "medium")
            ], rounds: plan.runs)

        let counts = [clips, plan.quick ? 8 : 12]
        print("== W4 memory: \(counts.map(String.init).joined(separator: " and ")) clips, ultrafast (1 run)")
        var jobs: [Job] = []
        for count in counts {
            jobs.append(
                montage(
                    "w4-memory-\(count)", "W4 memory", clips: count, folder: folder, preset: "ultrafast",
                    floor: "w4-memory-cli-\(count)", tool: "MovieKit, \(count) clips"))
            jobs.append(
                montageCLI(
                    "w4-memory-cli-\(count)", "W4 memory", clips: count, folder: folder, preset: "ultrafast",
                    tool: "ffmpeg CLI filtergraph, \(count) clips"))
        }
        try runInterleaved(jobs, rounds: 1)
    }

    private func montage(
        _ id: String, _ workload: String, clips: Int, folder: URL, preset: String, floor: String,
        tool: String = "MovieKit (scene of video layers)"
    ) -> Job {
        var job = movieKit(
            id, workload, "w4", W4Montage.width, W4Montage.height, clips, tool: tool, floor: floor)
        job.measurement.frames = W4Montage.frameCount(clips: clips)
        job.arguments += ["--input", folder.path, "--preset", preset]
        return job
    }

    private func montageCLI(
        _ id: String, _ workload: String, clips: Int, folder: URL, preset: String,
        tool: String = "ffmpeg CLI (filtergraph)"
    ) -> Job {
        let arguments = W4Montage.cliArguments(
            clips: W4Montage.clips(in: folder, count: clips), music: W4Montage.music(in: folder), preset: preset,
            output: workDirectory.appendingPathComponent("\(id).mp4").path)
        if clips == W4Montage.clipKinds.count {
            floorCommands.append((["ffmpeg"] + arguments).joined(separator: " "))
        }
        return Job(
            measurement: Measurement(
                id: id, workload: workload, width: W4Montage.width, height: W4Montage.height,
                frames: W4Montage.frameCount(clips: clips), tool: tool),
            executable: ffmpeg, arguments: arguments, takesStats: false)
    }

    /// W5: MovieKit rendering the generated Lottie at `ultrafast` and `medium`, against ThorVG and
    /// rlottie piping raw frames into the `ffmpeg` CLI, and against the encoder floor (the CLI
    /// encoding MovieKit's own frames, pre-rendered as raw BGRA).
    func runLottie() throws {
        let width = 1920
        let height = 1088
        let json = workDirectory.appendingPathComponent("w5-title.json")
        try untimed("W5 Lottie file", ["run-workload", "w5-fixture", "--output", json.path])
        let python = lottiePython()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lottie-pipe.py").path
        let raw = workDirectory.appendingPathComponent("w5-\(width)x\(height).raw").path
        defer { try? FileManager.default.removeItem(atPath: raw) }
        try untimed(
            "pre-render W5's frames as MovieKit draws them",
            [
                "run-workload", "w5-prerender", "--input", json.path, "--width", "\(width)", "--height", "\(height)",
                "--output", raw
            ])
        for preset in ["ultrafast", "medium"] {
            print("== W5 Lottie at \(width)x\(height), \(W5Lottie.frames) frames, \(preset)")
            var jobs: [Job] = []
            var job = movieKit(
                "w5-\(preset)", "W5 \(preset)", "w5", width, height, W5Lottie.frames, floor: "w5-floor-\(preset)")
            job.arguments += ["--input", json.path, "--preset", preset]
            jobs.append(job)
            if let python {
                for renderer in ["thorvg", "rlottie"] {
                    let output = workDirectory.appendingPathComponent("w5-\(renderer)-\(preset).mp4").path
                    let arguments = [script, renderer, json.path, "\(width)x\(height)", preset, output, ffmpeg]
                    if preset == "ultrafast" {
                        floorCommands.append(([python] + arguments).joined(separator: " "))
                    }
                    jobs.append(
                        Job(
                            measurement: Measurement(
                                id: "w5-\(renderer)-\(preset)", workload: "W5 \(preset)", width: width, height: height,
                                frames: W5Lottie.frames,
                                tool: renderer == "thorvg"
                                    ? "ThorVG (thorvg-python) piping to the ffmpeg CLI"
                                    : "rlottie (rlottie-python) piping to the ffmpeg CLI"),
                            executable: python, arguments: arguments, takesStats: false))
                }
            }
            jobs.append(
                floor("w5-floor-\(preset)", "W5 \(preset)", raw: raw, width, height, W5Lottie.frames, preset: preset))
            try runInterleaved(jobs, rounds: plan.runs)
        }
        if python == nil {
            notRun.append(
                "W5 ThorVG and rlottie pipelines: not run (neither `python3` nor a venv at "
                    + "\(workDirectory.appendingPathComponent("lottie-venv").path) imports thorvg_python and "
                    + "rlottie_python, and installing them there failed; see bench.log).")
        }
    }

    /// A Python that imports both Lottie bindings: `python3` on PATH, else a venv in the work folder,
    /// made with `pip install thorvg-python rlottie-python` when missing (untimed); `nil` when that fails.
    private func lottiePython() -> String? {
        let probe = ["-c", "import thorvg_python, rlottie_python"]
        if let system = ChildProcess.which("python3"), (try? ChildProcess.run(system, arguments: probe)) != nil {
            return system
        }
        let venv = workDirectory.appendingPathComponent("lottie-venv")
        let python = venv.appendingPathComponent("bin/python3").path
        if (try? ChildProcess.run(python, arguments: probe)) != nil { return python }
        guard let system = ChildProcess.which("python3") else { return nil }
        print("== W5: installing thorvg-python and rlottie-python into \(venv.path) (untimed)")
        do {
            _ = try ChildProcess.run(system, arguments: ["-m", "venv", venv.path], logPath: logPath)
            _ = try ChildProcess.run(
                python, arguments: ["-m", "pip", "install", "--quiet", "thorvg-python", "rlottie-python"],
                logPath: logPath)
            _ = try ChildProcess.run(python, arguments: probe, logPath: logPath)
            return python
        } catch {
            return nil
        }
    }
}
