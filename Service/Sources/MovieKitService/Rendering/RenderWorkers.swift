import Foundation
import Logging
import MovieKitCore
import ServiceLifecycle
import Synchronization

/// The renders of one machine: `concurrency` slots that each claim the oldest queued job, render it
/// on a thread of its own, renew the lease with the progress every half second, and record the result.
///
/// A cancelled job (or one whose lease another worker took) stops at the next renewal. A render
/// over the time limit is stopped and fails. At a graceful shutdown the slots take no new job;
/// running renders may finish within the grace period, then are stopped and put back in the queue.
final class RenderWorkers: Service {
    struct Configuration: Sendable {
        var concurrency = 1
        var lease: TimeInterval = 30
        var renewInterval: TimeInterval = 0.5
        var pollInterval: TimeInterval = 0.2
        var timeLimit: TimeInterval = 3600
        var gracePeriod: TimeInterval = 30
        /// Whether this is the queue's only worker (SQLite): jobs left rendering by an earlier
        /// process are requeued at once instead of when their lease runs out.
        var ownsQueue = true
    }

    let queue: any JobQueue
    let renderer: JobRenderer
    let outputs: URL
    let configuration: Configuration
    let metrics: ServiceMetrics
    let workerID: String
    let logger: Logger
    private let stopping = Mutex<Date?>(nil)
    /// How many nice steps below the server's threads a render runs, so that submissions and
    /// status requests are answered at once while renders use every core left.
    static let renderNiceIncrement: Int32 = 10

    /// Lowers the calling thread's priority by `increment` nice steps. Linux keeps a nice value per
    /// thread, and `setpriority` with `who` 0 changes the calling thread's alone; raising one's own nice
    /// value needs no privilege, and if the system refuses anyway the thread keeps its priority.
    static func lowerCurrentThreadPriority(by increment: Int32) {
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        guard errno == 0 else { return }
        _ = setpriority(which, 0, min(19, current + increment))
    }

    init(
        queue: any JobQueue, renderer: JobRenderer, outputs: URL, configuration: Configuration,
        metrics: ServiceMetrics, logger: Logger
    ) {
        self.queue = queue
        self.renderer = renderer
        self.outputs = outputs
        self.configuration = configuration
        self.metrics = metrics
        self.logger = logger
        let host = ProcessInfo.processInfo.hostName
        workerID = "\(host)-\(getpid())-\(UUID().uuidString.prefix(8))"
    }

    func run() async throws {
        if configuration.ownsQueue {
            let requeued = try await queue.requeueAbandoned()
            if requeued > 0 { logger.info("Requeued \(requeued) render(s) that the last run left unfinished.") }
        }
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<max(1, configuration.concurrency) {
                    group.addTask { await self.slot() }
                }
            }
        } onGracefulShutdown: {
            self.beginStopping()
        }
        try? await queue.release(worker: workerID)
    }

    private func beginStopping() {
        stopping.withLock { $0 = $0 ?? Date() }
    }

    private var isStopping: Bool { stopping.withLock { $0 != nil } }

    /// Whether a shutdown's grace period has run out.
    private var graceExpired: Bool {
        stopping.withLock { $0.map { Date().timeIntervalSince($0) > configuration.gracePeriod } ?? false }
    }

    private func slot() async {
        while !isStopping {
            do {
                if let job = try await queue.claim(worker: workerID, lease: configuration.lease) {
                    await render(job)
                    continue
                }
            } catch {
                logger.error("The queue cannot be read: \(error)")
            }
            try? await Task.sleep(for: .milliseconds(Int(configuration.pollInterval * 1000)))
        }
    }

    /// The outcome of one render.
    private enum Outcome {
        case succeeded(bytes: Int?)
        case failed(JobFailure)
        case cancelled
        /// Stopped by a shutdown: back to the queue.
        case requeued
    }

    private func render(_ job: RenderJob) async {
        let started = Date()
        let control = RenderControl()
        let done = Mutex<Result<Void, Error>?>(nil)
        let output = outputs.appendingPathComponent(job.fileName)
        let renderer = self.renderer
        let thread = Thread {
            // Renders yield the cores to the API: the encoder's threads, started from this one,
            // inherit its lower priority, and drawing threads go lower still.
            Self.lowerCurrentThreadPriority(by: Self.renderNiceIncrement)
            let result = Result<Void, Error> {
                let request = try RenderRequest(json: job.request)
                let prepared = try renderer.prepare(request, id: job.id)
                defer { prepared.cleanUp() }
                try renderer.render(prepared, to: output, control: control)
            }
            done.withLock { $0 = result }
        }
        thread.name = "moviekit.render"
        thread.stackSize = 8 << 20
        thread.start()

        var stopReason: Outcome?
        var lastRenewal = Date()
        while done.withLock({ $0 == nil }) {
            // The end of a render is noticed within 20 ms; the lease is renewed every renewInterval.
            try? await Task.sleep(for: .milliseconds(20))
            guard stopReason == nil, Date().timeIntervalSince(lastRenewal) >= configuration.renewInterval else {
                continue
            }
            lastRenewal = Date()
            let holds =
                (try? await queue.renew(
                    id: job.id, worker: workerID, lease: configuration.lease, progress: control.progress)) ?? true
            if !holds {
                stopReason = .cancelled
                control.cancel()
            } else if Date().timeIntervalSince(started) > configuration.timeLimit {
                stopReason = .failed(
                    JobFailure(
                        message:
                            "The render took longer than the server's limit of \(Int(configuration.timeLimit)) seconds and was stopped; make the movie shorter or smaller, or ask the server's operator for a longer --render-time-limit."
                    ))
                control.cancel()
            } else if graceExpired {
                stopReason = .requeued
                control.cancel()
            }
        }
        let result = done.withLock { $0 } ?? .success(())
        let outcome: Outcome
        switch (result, stopReason) {
        case (_, .some(let reason)):
            outcome = reason
        case (.success, nil):
            let size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? NSNumber)?.intValue
            outcome = .succeeded(bytes: size)
        case (.failure(let error as JobFailure), nil):
            outcome = .failed(error)
        case (.failure(let error), nil):
            outcome = .failed(JobFailure(message: "\(error)", isRequestError: false))
        }
        let seconds = Date().timeIntervalSince(started)
        do {
            switch outcome {
            case .succeeded(let bytes):
                if try await queue.finish(id: job.id, worker: workerID, status: .succeeded, failure: nil, bytes: bytes)
                {
                    metrics.recordRender(status: .succeeded, seconds: seconds, frames: control.frames)
                }
            case .failed(let failure):
                if try await queue.finish(
                    id: job.id, worker: workerID, status: .failed, failure: failure.stored, bytes: nil)
                {
                    metrics.recordRender(status: .failed, seconds: seconds, frames: control.frames)
                }
            case .cancelled:
                metrics.recordRender(status: .cancelled, seconds: seconds, frames: control.frames)
            case .requeued:
                try await queue.release(worker: workerID)
            }
        } catch {
            logger.error("The result of render \(job.id) cannot be recorded: \(error)")
        }
    }
}
