import ArgumentParser
import Foundation
import MovieKitBatch
import MovieKitCore
import MovieKitLottie
import MovieKitScene

extension BatchCommand {
    /// The library's planner (`BatchPlanner`) with this command's flags: the overrides every row's
    /// movie gets, the variables given with --set, Lottie's options, -y, and the drawing threads.
    func planner(template: BatchTemplate, data: BatchData, pattern: OutputPattern, previous: BatchReport?) throws
        -> BatchPlanner
    {
        var planner = BatchPlanner(template: template, data: data, pattern: pattern)
        planner.previous = previous
        planner.fixedVariables = try sceneOptions.variables()
        planner.registry = sceneOptions.registry()
        planner.overrides = try encoding.overrides()
        planner.overwrite = encoding.overwrite
        planner.concurrency = .fixed(
            encoding.threads ?? max(1, ProcessInfo.processInfo.activeProcessorCount / rowsAtOnce))
        // A canvas the encoder refuses gets the flags that fix it, as `moviemake render` says.
        let replaces = (width: encoding.frame.replacesWidth, height: encoding.frame.replacesHeight)
        planner.wording = { [template = self.template] error in
            guard case MovieKitError.invalidDimension(let name, _, _) = error,
                !(name == "Width" ? replaces.width : replaces.height)
            else { return "\(error)" }
            return
                "\(template): the canvas cannot be encoded: \((error as? MovieKitError)?.description ?? "\(error)") Change the canvas in the scene, or pass --size or --\(name.lowercased())."
        }
        return planner
    }
}

extension BatchCommand {
    /// Writes a Slurm job array script: task I renders row I + 1, from the folder this command ran
    /// in, with the same flags; logs go to the output folder's `.moviemake-batch`.
    func writeSlurmScript(to url: URL, rowCount: Int, pattern: OutputPattern) throws {
        guard rowCount > 0 else { throw CommandFailure("\(data) has no rows, so there is nothing to submit.") }
        let logs = pattern.folder.appendingPathComponent(".moviemake-batch", isDirectory: true)
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        var arguments = Array(CommandLine.arguments.dropFirst())
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if ["--slurm", "--report", "--progress"].contains(argument) {
                arguments.removeSubrange(index..<min(index + 2, arguments.count))
            } else if argument.hasPrefix("--slurm=") || argument.hasPrefix("--report=")
                || argument.hasPrefix("--progress=")
                || argument == "--retry-failed"
            {
                arguments.remove(at: index)
            } else {
                index += 1
            }
        }
        // The running binary's absolute path, so that tasks run the same moviemake.
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let quoted = ([executable] + arguments + ["--row", "auto", "--progress", "none"]).map(Self.shellQuoted)
        let script = """
            #!/usr/bin/env bash
            # Written by `moviemake batch --slurm`: one row of \(data) per task of a Slurm job array,
            # task I rendering row I + 1. Submit it with `sbatch \(url.lastPathComponent)`; rerun the batch
            # without --slurm afterwards for a report (the rows done are skipped).
            #SBATCH --job-name=moviemake-batch
            #SBATCH --array=0-\(rowCount - 1)
            #SBATCH --ntasks=1
            #SBATCH --output=\(logs.path)/slurm-%A_%a.out
            set -euo pipefail
            cd \(Self.shellQuoted(FileManager.default.currentDirectoryPath))
            exec \(quoted.joined(separator: " "))

            """
        do {
            try Data(script.utf8).write(to: url, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        } catch {
            throw CommandFailure("\(url.path): the script cannot be written: \(error.localizedDescription).")
        }
        FileHandle.standardError.write(
            Data(
                "Wrote \(url.path): a Slurm job array of \(rowCount) task\(rowCount == 1 ? "" : "s"), one per row; submit it with sbatch \(url.path).\n"
                    .utf8))
    }

    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
