import Foundation
import MovieKitCore
import MovieKitScene

/// Checks every row of a batch before the first frame (its output, its document with every file it
/// names opened, its movie's plan) and decides what happens to it: rendered, skipped (up to date,
/// or not failed last time when retrying), or failed with the reason.
///
/// Each row's movie is planned as every front end plans one (`RenderPlan` with the
/// batch's overrides) and rendered by the same loop (`MovieRender`).
///
/// ```swift
/// let planner = BatchPlanner(template: template, data: data, pattern: pattern)
/// let plan = try planner.plan(rows: data.rows)
/// let results = BatchRunner(jobs: 2, ledger: BatchLedger(outputFolder: pattern.folder), dataPath: "people.csv")
///     .run(plan.items)
/// ```
public struct BatchPlanner: Sendable {
    /// The document every row fills in.
    public var template: BatchTemplate
    /// The rows.
    public var data: BatchData
    /// Where each row's video goes.
    public var pattern: OutputPattern
    /// The last run's report, to render only the rows that failed or were cancelled in it; `nil`
    /// renders every row that is not up to date.
    public var previous: BatchReport?
    /// Variables given for every row, which the row's columns override.
    public var fixedVariables: [String: String] = [:]
    /// The kinds of content the rows' documents are read with.
    public var registry: ContentRegistry = .shared
    /// What the batch asks of every movie on top of its document.
    public var overrides = RenderOverrides()
    /// Whether an existing file that no batch into the folder wrote may be replaced.
    public var overwrite = false
    /// How many threads draw each row's frames.
    public var concurrency = RenderConcurrency.automatic
    /// How an error that stops a row (a plan the encoder refuses, a document that cannot be read) is
    /// worded in the row's outcome; a command line adds the flag that fixes it. Default: its description.
    public var wording: @Sendable (Error) -> String = { "\($0)" }

    /// What the batch will do: the rows to render, and the others' outcomes.
    public struct Plan: Sendable {
        /// The rows to render, in order.
        public var items: [BatchItem] = []
        /// Rows that will not render, by number: failed or skipped.
        public var outcomes: [Int: BatchReport.Row] = [:]
        /// Sentences about choices the rows' plans made (`RenderPlan.notes`), each once.
        public var notes: [String] = []
    }

    /// A planner for `template` over `data`, writing where `pattern` says.
    public init(template: BatchTemplate, data: BatchData, pattern: OutputPattern) {
        self.template = template
        self.data = data
        self.pattern = pattern
    }

    /// Checks `rows` and plans each.
    /// - Throws: Nothing about a row (each row's problem is its outcome); rethrows only what stops the
    ///   whole batch.
    public func plan(rows: [BatchRow]) throws -> Plan {
        let dataPath = data.url.relativePath
        let outputs = pattern.outputs(for: data.rows, dataPath: dataPath)
        let ledger = BatchLedger(outputFolder: pattern.folder)
        let images = DecodedImages()
        let retry = previous.map { report in
            Set(report.rows.filter { $0.status == .failed || $0.status == .cancelled }.map(\.row))
        }
        // One loader for every row, so that a waiting row holds a reference to it and not a copy of
        // the planner's options.
        let load: @Sendable (BatchRow) throws -> SceneDocument = {
            [template, registry, fixed = fixedVariables] row in
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
                let checked = try RenderPlan(document: load(row), output: output, overrides: overrides)
                let fingerprint = BatchLedger.fingerprint(
                    template: template.text, variables: template.variables(for: row, fixed: fixedVariables),
                    settings: checked.settings)
                if ledger.isUpToDate(output, fingerprint: fingerprint) {
                    outcome(.skipped, output: output)
                    continue
                }
                if FileManager.default.fileExists(atPath: output.path), !overwrite, !ledger.wrote(output) {
                    throw BatchError.invalidRow(
                        path: dataPath, row: row.number, line: row.line, column: nil,
                        reason:
                            "\(output.path) exists and was not written by a batch into \(pattern.folder.path); pass -y to replace it, or choose another -o."
                    )
                }
                for note in checked.notes where !plan.notes.contains(note) { plan.notes.append(note) }
                let settings = checked.settings
                let threads = concurrency
                // The row's document is read again when it renders rather than kept from this check,
                // so that memory does not grow with the number of rows waiting.
                plan.items.append(
                    BatchItem(
                        row: row, output: output, fingerprint: fingerprint,
                        frameCount: checked.document.scene.frameCount(at: settings.fps)
                    ) { control in
                        let renderer = try SceneRenderer(scene: load(row).scene, images: images)
                        let render = MovieRender(
                            renderer: renderer, output: output, settings: settings, identity: fingerprint)
                        try render.run(overwrite: true, concurrency: threads, cancellation: control.cancellation) {
                            control.update(encodedFrames: $0.encodedFrames)
                        }
                    })
            } catch let error as BatchError {
                outcome(.failed, output: output, error: error)
            } catch {
                outcome(
                    .failed, output: output,
                    error: .invalidRow(
                        path: dataPath, row: row.number, line: row.line, column: nil, reason: wording(error)))
            }
        }
        return plan
    }
}
