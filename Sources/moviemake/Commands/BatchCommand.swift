import ArgumentParser
import Foundation
import MovieKitBatch
import MovieKitCore
import MovieKitScene

/// `moviemake batch`: one video per row of a data file, the template's variables filled from the row.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render one video per row of a CSV, JSON or JSON Lines file, filling a template's variables.",
        discussion: """
            Each row fills the template's ${name} variables from the columns of the same name, and -o names \
            each video with {column} placeholders (out/{id}.mp4; {row} is the row's number). Every row is \
            checked before the first frame: a row that cannot render (a missing value, a file that does not \
            exist, a value of the wrong type) is reported with the data file's line and the column, and the \
            other rows render. Rows render several at once (--jobs). A rerun skips the videos that are \
            already there for the same template, row and settings; --retry-failed renders only the rows \
            the last --report marked failed. Ctrl-C discards the videos being rendered and writes the \
            report. The exit status is 1 when any row failed.

            Examples:
              moviemake batch card.yaml --data people.csv -o 'out/{id}.mp4' --report batch.json
              moviemake batch card.yaml --data people.csv -o 'out/{id}.mp4' --slurm batch.sbatch
            """
    )

    @Argument(help: "The template: a scene file or slideshow manifest with ${name} variables.")
    var template: String

    @Option(
        help: ArgumentHelp(
            "The rows: .csv (or .tsv) with a header line, .json (an array of objects) or .jsonl.", valueName: "file"))
    var data: String

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(
            "Where each row's video goes, with {column} placeholders, such as 'out/{id}.mp4'; {row} is the row's number. Videos stay inside the folder before the first placeholder.",
            valueName: "pattern"))
    var output: String

    @Option(help: ArgumentHelp("Write what happened to every row to this JSON file.", valueName: "file"))
    var report: String?

    @Flag(help: "Render only the rows that the --report file of the last run marked failed or cancelled.")
    var retryFailed = false

    @Flag(help: "Accept data columns that no ${name} in the template and no {placeholder} in -o uses.")
    var allowExtraColumns = false

    @Option(help: "Rows rendered at once. Default: one per two cores, at least 1, at most 4.")
    var jobs: Int?

    @Option(
        help: ArgumentHelp(
            "Render only row N (1-based); auto takes N from JOB_COMPLETION_INDEX (Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (Slurm job array), plus 1.",
            valueName: "N|auto"))
    var row: String?

    @Option(
        help: ArgumentHelp(
            "Write a Slurm job array script with one task per row to this file, instead of rendering; submit it with sbatch.",
            valueName: "file"))
    var slurm: String?

    @OptionGroup var sceneOptions: SceneOptions

    @OptionGroup var encoding: EncodingOptions

    @OptionGroup(title: "Progress") var progress: ProgressOptions

    mutating func validate() throws {
        if let jobs, !(1...64).contains(jobs) {
            throw ValidationError("--jobs \(jobs) is not between 1 and 64; pass the number of rows to render at once.")
        }
        if retryFailed, report == nil {
            throw ValidationError(
                "--retry-failed reads the rows that failed from the last run's report; pass --report with its path.")
        }
        if slurm != nil, row != nil {
            throw ValidationError("--slurm writes a script whose tasks each take one row; leave out --row.")
        }
        if let row, row != "auto", (Int(row) ?? 0) < 1 {
            throw ValidationError("--row \(row) is not a row number (1 or more) or auto.")
        }
    }

    /// Rows rendered at once: `--jobs`, else one per two cores, from 1 to 4.
    var rowsAtOnce: Int {
        jobs ?? min(4, max(1, ProcessInfo.processInfo.activeProcessorCount / 2))
    }

    func run() throws {
        let started = Date()
        let templateURL = URL(fileURLWithPath: template)
        let batchTemplate: BatchTemplate
        let rows: BatchData
        let pattern: OutputPattern
        do {
            batchTemplate = try BatchTemplate(contentsOf: templateURL)
            rows = try BatchData(contentsOf: URL(fileURLWithPath: data))
            pattern = try OutputPattern(output)
        } catch let error as BatchError {
            throw CommandFailure(error.description)
        }
        if let unknown = pattern.unknownPlaceholders(columns: rows.columns).first {
            throw CommandFailure(
                "The output pattern \(output) uses {\(unknown)}, and \(data) has no column `\(unknown)`; its columns are \(rows.columns.map { "`\($0)`" }.joined(separator: ", ")) (and {row} is the row's number)."
            )
        }
        let unused = batchTemplate.unusedColumns(of: rows, pattern: pattern)
        if !unused.isEmpty, !allowExtraColumns {
            throw CommandFailure(
                BatchError.unusedColumns(
                    path: data, columns: unused, template: template, variables: batchTemplate.variables
                ).description)
        }
        if let slurm {
            try writeSlurmScript(to: URL(fileURLWithPath: slurm), rowCount: rows.rows.count, pattern: pattern)
            return
        }
        let selected = try selectedRows(of: rows)
        let previous = retryFailed ? try loadPreviousReport() : nil
        let plan = try planner(template: batchTemplate, data: rows, pattern: pattern, previous: previous)
            .plan(rows: selected)
        for note in plan.notes { FileHandle.standardError.write(Data("moviemake: \(note)\n".utf8)) }

        for entry in plan.outcomes.values.sorted(by: { $0.row < $1.row }) where entry.status == .failed {
            FileHandle.standardError.write(Data("moviemake: \(entry.error ?? "")\n".utf8))
        }
        let totalFrames = plan.items.reduce(0) { $0 + $1.frameCount }
        let runner = BatchRunner(jobs: rowsAtOnce, ledger: BatchLedger(outputFolder: pattern.folder), dataPath: data)
        let reporter = ProgressReporter(
            total: totalFrames, style: progress.style,
            label: { [count = plan.items.count] in "rows \(runner.finishedRows)/\(count) " })
        var outcomes = plan.outcomes
        let rendered = try SignalCancellation.run(cancel: { runner.cancel() }) {
            let results = runner.run(
                plan.items, progress: { reporter.update(completed: runner.encodedFrames) },
                finished: { row in
                    if row.status == .failed { reporter.log("moviemake: \(row.error ?? "")") }
                })
            // The report is written whether or not a signal stopped the batch.
            var all = outcomes
            all.merge(results) { _, new in new }
            reporter.finish(message: nil)
            try writeReport(all, rows: rows, started: started, interrupted: runner.isCancelled)
            return results
        }
        outcomes.merge(rendered) { _, new in new }
        let report = makeReport(outcomes, rows: rows, started: started, interrupted: false)
        let summary =
            "Batch: \(report.count(.succeeded)) rendered, \(report.count(.failed)) failed, \(report.count(.skipped)) skipped (up to date) of \(rows.rows.count) rows, in \(String(format: "%.1f", report.seconds)) s"
            + (self.report.map { "; report: \($0)" } ?? "") + "."
        if progress.style != .none { FileHandle.standardError.write(Data((summary + "\n").utf8)) }
        if report.count(.failed) > 0 { throw ExitCode.failure }
    }

    /// The rows to render: all of them, or the one `--row` names.
    private func selectedRows(of data: BatchData) throws -> [BatchRow] {
        guard let row else { return data.rows }
        let number: Int
        if row == "auto" {
            do {
                number = try ChunkPlan.indexFromEnvironment(ProcessInfo.processInfo.environment) + 1
            } catch {
                throw CommandFailure(
                    "--row auto takes the row from the scheduler's task index, and neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set to a number; run it as a task of one, or give --row N."
                )
            }
        } else {
            number = Int(row) ?? 0
        }
        guard let found = data.row(number) else {
            throw CommandFailure(
                "--row \(number): \(data.url.relativePath) has \(data.rows.count) rows, numbered 1 to \(data.rows.count); a job array over it has \(data.rows.count) tasks, numbered 0 to \(data.rows.count - 1)."
            )
        }
        return [found]
    }

    private func loadPreviousReport() throws -> BatchReport {
        guard let report else { throw ValidationError("--retry-failed needs --report.") }
        do {
            return try BatchReport.load(from: URL(fileURLWithPath: report))
        } catch let error as BatchError {
            throw CommandFailure(error.description)
        }
    }

    func makeReport(_ outcomes: [Int: BatchReport.Row], rows: BatchData, started: Date, interrupted: Bool)
        -> BatchReport
    {
        let entries = rows.rows.map { row in
            outcomes[row.number]
                ?? BatchReport.Row(row: row.number, line: row.line, output: nil, status: .skipped)
        }
        return BatchReport(
            template: template, data: data, output: output, interrupted: interrupted,
            seconds: Date().timeIntervalSince(started), rows: entries)
    }

    private func writeReport(_ outcomes: [Int: BatchReport.Row], rows: BatchData, started: Date, interrupted: Bool)
        throws
    {
        guard let report else { return }
        do {
            try makeReport(outcomes, rows: rows, started: started, interrupted: interrupted)
                .write(to: URL(fileURLWithPath: report))
        } catch {
            throw CommandFailure("\(report): the report cannot be written: \(error.localizedDescription).")
        }
    }
}
