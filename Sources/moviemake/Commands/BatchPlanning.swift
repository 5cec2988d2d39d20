import ArgumentParser
import Foundation
import MovieKitBatch
import MovieKitCore
import MovieKitLottie
import MovieKitScene

/// Checks every row of a batch before the first frame: its output, its document (every file it
/// names opened), its movie settings; and decides what happens to it: rendered, skipped (up to
/// date, or not failed last time with `--retry-failed`), or failed with the reason.
struct BatchPlanning {
    let command: BatchCommand
    let template: BatchTemplate
    let data: BatchData
    let pattern: OutputPattern
    /// The last run's report, with `--retry-failed`.
    let previous: BatchReport?

    struct Plan {
        var items: [BatchItem] = []
        /// Rows that will not render, by number: failed or skipped.
        var outcomes: [Int: BatchReport.Row] = [:]
    }

    func plan(rows: [BatchRow]) throws -> Plan {
        let outputs = pattern.outputs(for: data.rows, dataPath: data.url.relativePath)
        let ledger = BatchLedger(outputFolder: pattern.folder)
        let fixed = try command.sceneOptions.variables()
        let images = DecodedImages()
        let retry = previous.map { report in
            Set(report.rows.filter { $0.status == .failed || $0.status == .cancelled }.map(\.row))
        }
        let threads =
            command.encoding.threads
            ?? max(1, ProcessInfo.processInfo.activeProcessorCount / command.rowsAtOnce)
        // One loader for every row, so that a waiting row holds a reference to it and not a copy of
        // the command's options.
        let registry = Moviemake.contentRegistry.setting(command.sceneOptions.lottieOptions)
        let load: @Sendable (BatchRow) throws -> SceneDocument = { [template, dataPath = data.url.relativePath] row in
            try template.document(for: row, dataPath: dataPath, fixed: fixed) { url, variables in
                try registry.load(contentsOf: url, variables: variables)
            }
        }
        var plan = Plan()
        for row in rows {
            func outcome(_ status: BatchReport.Status, output: URL?, error: BatchError? = nil) {
                plan.outcomes[row.number] = BatchReport.Row(
                    row: row.number, line: row.line, output: output?.path, status: status,
                    error: error?.description, column: error?.column)
            }
            let output: URL
            switch outputs[row.number] {
            case .success(let url): output = url
            case .failure(let error):
                outcome(.failed, output: nil, error: error)
                continue
            case nil: continue
            }
            if let retry, !retry.contains(row.number) {
                outcome(.skipped, output: output)
                continue
            }
            do {
                let checked = try load(row)
                let settings = try settings(for: checked, output: output, row: row)
                let variables = template.variables(for: row, fixed: fixed)
                let fingerprint = BatchLedger.fingerprint(
                    template: template.text, variables: variables, settings: settings)
                if ledger.isUpToDate(output, fingerprint: fingerprint) {
                    outcome(.skipped, output: output)
                    continue
                }
                if FileManager.default.fileExists(atPath: output.path), !command.encoding.overwrite,
                    !ledger.wrote(output)
                {
                    throw BatchError.invalidRow(
                        path: data.url.relativePath, row: row.number, line: row.line, column: nil,
                        reason:
                            "\(output.path) exists and was not written by a batch into \(pattern.folder.path); pass -y to replace it, or choose another -o."
                    )
                }
                // The row's scene is read again when it renders rather than kept from this check, so
                // that memory does not grow with the number of rows waiting.
                plan.items.append(
                    BatchItem(
                        row: row, output: output, fingerprint: fingerprint,
                        frameCount: checked.scene.frameCount(at: settings.fps)
                    ) { control in
                        let scene = try load(row).scene
                        let renderer = try SceneRenderer(scene: scene, images: images)
                        let writer = try MovieWriter(
                            url: output, settings: settings, overwrite: true, concurrency: .fixed(threads))
                        control.hold(writer)
                        try renderer.render(into: writer) { control.update(encodedFrames: $0.encodedFrames) }
                    })
            } catch let error as BatchError {
                outcome(.failed, output: output, error: error)
            } catch {
                outcome(
                    .failed, output: output,
                    error: .invalidRow(
                        path: data.url.relativePath, row: row.number, line: row.line, column: nil, reason: "\(error)"))
            }
        }
        return plan
    }

    /// The movie settings of a row's video, as `moviemake render` chooses them.
    private func settings(for document: SceneDocument, output: URL, row: BatchRow) throws -> MovieSettings {
        try command.encoding.plan(for: document, output: output, sceneFile: command.template).settings
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
