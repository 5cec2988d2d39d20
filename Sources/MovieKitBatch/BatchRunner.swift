import Foundation
import MovieKitCore
import Synchronization

/// One row ready to render: its output, the fingerprint the ledger records, and the render itself.
public struct BatchItem: Sendable {
    public var row: BatchRow
    public var output: URL
    /// What the video is made of (``BatchLedger/fingerprint(template:variables:settings:)``).
    public var fingerprint: String
    /// The frames the render encodes, for the batch's progress.
    public var frameCount: Int
    /// Renders the video to `output`, holding its writer in the control so that a cancel stops it,
    /// and reporting frames encoded. Throws when the render fails or is cancelled; a writer leaves
    /// nothing at its destination then.
    public var render: @Sendable (BatchRenderControl) throws -> Void

    public init(
        row: BatchRow, output: URL, fingerprint: String, frameCount: Int,
        render: @escaping @Sendable (BatchRenderControl) throws -> Void
    ) {
        self.row = row
        self.output = output
        self.fingerprint = fingerprint
        self.frameCount = frameCount
        self.render = render
    }
}

/// What a running row's render reports to the batch, and how the batch stops it.
public final class BatchRenderControl: Sendable {
    /// Where a cancel reaches the row's writer (`MovieRender` holds it there).
    public let cancellation = WriterCancellation()
    private let frames = Mutex(0)
    private let onFrames: @Sendable () -> Void

    init(cancelled: Bool, onFrames: @escaping @Sendable () -> Void) {
        if cancelled { cancellation.cancel() }
        self.onFrames = onFrames
    }

    /// Whether the batch was stopped.
    public var isCancelled: Bool { cancellation.isCancelled }

    /// Frames encoded so far by this row's render.
    var encodedFrames: Int { frames.withLock { $0 } }

    /// Holds the row's writer so that a cancel stops it; cancels it at once if the batch was
    /// stopped before the writer existed.
    public func hold(_ writer: MovieWriter) { cancellation.hold(writer) }

    /// Reports the frames the row's writer has encoded.
    public func update(encodedFrames: Int) {
        frames.withLock { $0 = max($0, encodedFrames) }
        onFrames()
    }

    func cancel() { cancellation.cancel() }
}

/// Renders a batch's rows, several at once, each into its own file: a row that fails is recorded
/// and the others go on; ``cancel()`` stops every running render (their files are discarded) and
/// starts no more.
public final class BatchRunner: Sendable {
    /// How many rows render at once.
    public let jobs: Int
    /// Where finished videos are recorded, so that a rerun skips them.
    public let ledger: BatchLedger
    /// The data file's path, for messages.
    public let dataPath: String

    private struct State {
        var cancelled = false
        var running: [Int: BatchRenderControl] = [:]
        var finishedFrames = 0
        var finishedRows = 0
    }

    private let state = Mutex(State())

    /// - Parameters:
    ///   - jobs: Rows rendered at once (at least 1).
    ///   - ledger: Where finished videos are recorded.
    ///   - dataPath: The data file's path, for messages.
    public init(jobs: Int, ledger: BatchLedger, dataPath: String) {
        self.jobs = max(1, jobs)
        self.ledger = ledger
        self.dataPath = dataPath
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Stops the batch: running renders are cancelled and no row starts after.
    public func cancel() {
        let running = state.withLock { state -> [BatchRenderControl] in
            state.cancelled = true
            return Array(state.running.values)
        }
        for control in running { control.cancel() }
    }

    /// Frames encoded so far, finished rows and running ones together.
    public var encodedFrames: Int {
        state.withLock { state in state.finishedFrames + state.running.values.reduce(0) { $0 + $1.encodedFrames } }
    }

    /// Rows finished so far, whatever their outcome.
    public var finishedRows: Int { state.withLock { $0.finishedRows } }

    /// Renders `items` on `jobs` threads, in order of the list, and returns each row's outcome by
    /// row number: `succeeded` (recorded in the ledger), `failed` with the error, or `cancelled`.
    /// Blocks until every started render has ended.
    /// - Parameters:
    ///   - items: The rows to render.
    ///   - progress: Called (from any thread) when frames are encoded or a row ends.
    ///   - finished: Called (from any thread) with each row's outcome as it ends.
    public func run(
        _ items: [BatchItem], progress: @escaping @Sendable () -> Void = {},
        finished: @escaping @Sendable (BatchReport.Row) -> Void = { _ in }
    ) -> [Int: BatchReport.Row] {
        let next = Mutex(0)
        let results = Mutex([Int: BatchReport.Row]())
        let group = DispatchGroup()
        for _ in 0..<min(jobs, max(items.count, 1)) {
            group.enter()
            let thread = Thread { [self] in
                defer { group.leave() }
                while true {
                    let index = next.withLock { value -> Int? in
                        guard value < items.count else { return nil }
                        defer { value += 1 }
                        return value
                    }
                    guard let index else { return }
                    let outcome = render(items[index], progress: progress)
                    results.withLock { $0[outcome.row] = outcome }
                    finished(outcome)
                    progress()
                }
            }
            thread.name = "moviekit.batch"
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
        return results.withLock { $0 }
    }

    private func render(_ item: BatchItem, progress: @escaping @Sendable () -> Void) -> BatchReport.Row {
        var row = BatchReport.Row(
            row: item.row.number, line: item.row.line, output: item.output.path, status: .cancelled)
        let control = BatchRenderControl(cancelled: false, onFrames: progress)
        let cancelled = state.withLock { state -> Bool in
            if !state.cancelled { state.running[item.row.number] = control }
            return state.cancelled
        }
        guard !cancelled else { return finishing(row, control: nil, item: item) }
        let start = Date()
        do {
            try FileManager.default.createDirectory(
                at: item.output.deletingLastPathComponent(), withIntermediateDirectories: true)
            try item.render(control)
            row.seconds = Date().timeIntervalSince(start)
            row.bytes = Self.size(of: item.output)
            try ledger.recordWritten(item.output, fingerprint: item.fingerprint)
            row.status = .succeeded
        } catch {
            if control.isCancelled || isCancelled {
                row.status = .cancelled
            } else {
                row.status = .failed
                let failure = BatchError.invalidRow(
                    path: dataPath, row: item.row.number, line: item.row.line, column: nil,
                    reason: "\(error)")
                row.error = failure.description
            }
        }
        return finishing(row, control: control, item: item)
    }

    private func finishing(_ row: BatchReport.Row, control: BatchRenderControl?, item: BatchItem) -> BatchReport.Row {
        state.withLock { state in
            state.running[item.row.number] = nil
            state.finishedRows += 1
            state.finishedFrames += row.status == .cancelled ? (control?.encodedFrames ?? 0) : item.frameCount
        }
        return row
    }

    /// The size in bytes of a file, or of the files in a folder (a PNG sequence).
    static func size(of url: URL) -> Int? {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        guard isFolder.boolValue else {
            return (try? manager.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
        }
        let names = (try? manager.contentsOfDirectory(atPath: url.path)) ?? []
        return names.reduce(0) { total, name in
            total
                + ((try? manager.attributesOfItem(atPath: url.appendingPathComponent(name).path)[.size] as? NSNumber)?
                    .intValue ?? 0)
        }
    }
}
