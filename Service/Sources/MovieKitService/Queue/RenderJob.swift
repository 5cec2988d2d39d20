import Foundation

/// A render as the queue stores it: what was asked, by whom, and how far it got.
struct RenderJob: Sendable, Equatable {
    enum Status: String, Sendable, CaseIterable {
        case queued, rendering, succeeded, failed, cancelled

        /// Whether the job has ended: it will not render again.
        var isFinal: Bool { self == .succeeded || self == .failed || self == .cancelled }
    }

    /// Where a failure is in the document, and what to do.
    struct Failure: Sendable, Equatable, Codable {
        var message: String
        var keyPath: String?
        var line: Int?
        var column: Int?
    }

    var id: String
    /// A fingerprint of the token that submitted the job: each token sees only its own jobs.
    var owner: String
    var idempotencyKey: String?
    var status: Status
    var progress: Double
    var format: String
    /// The request body as received (JSON): what the worker renders.
    var request: Data
    var createdAt: Date
    var startedAt: Date?
    var finishedAt: Date?
    var attempts: Int
    var bytes: Int?
    var failure: Failure?
    var callbackURL: String?

    /// The movie's file name in the outputs folder.
    var fileName: String { "\(id).\(format)" }
}

/// The queue's counts by status, for `/healthz` and `/metrics`.
typealias StatusCounts = [RenderJob.Status: Int]

/// Why the queue refused a submission.
enum QueueRefusal: Error, Equatable {
    /// The token has this many queued jobs already.
    case tooManyQueued(limit: Int)
}

/// Where jobs live: on disk before a submission is answered, claimed by one worker at a time under
/// a lease the worker renews while it renders. A worker that stops renewing (a crash, `kill -9`)
/// loses the job to the next claim; only the worker holding the lease can record the result.
protocol JobQueue: Sendable {
    /// Stores a new job, or returns the job that the same owner submitted with the same idempotency
    /// key (`created` false). Refuses when the owner has `queuedLimit` queued jobs.
    func submit(_ job: RenderJob, queuedLimit: Int) async throws -> (job: RenderJob, created: Bool)
    /// The owner's job with this id.
    func job(id: String, owner: String) async throws -> RenderJob?
    /// A job by id, whoever owns it (workers, the webhook sender).
    func job(id: String) async throws -> RenderJob?
    /// The owner's jobs, newest first, after `cursor` (an id of the previous page).
    func jobs(owner: String, limit: Int, after cursor: String?) async throws -> [RenderJob]
    /// Cancels a queued or rendering job of the owner; returns it as it is now.
    func cancel(id: String, owner: String) async throws -> RenderJob?
    /// Takes the oldest job that is queued, or rendering under an expired lease, for `worker`.
    func claim(worker: String, lease: TimeInterval) async throws -> RenderJob?
    /// Extends `worker`'s lease on a job and records its progress. False when the worker no longer
    /// holds the job (cancelled, or claimed by another after the lease ran out): it must stop.
    func renew(id: String, worker: String, lease: TimeInterval, progress: Double) async throws -> Bool
    /// Records a job's end, if `worker` still holds it. False when it does not: its result is discarded.
    func finish(
        id: String, worker: String, status: RenderJob.Status, failure: RenderJob.Failure?, bytes: Int?
    ) async throws -> Bool
    /// Puts `worker`'s jobs back in the queue (a graceful shutdown whose grace period ran out).
    func release(worker: String) async throws
    /// Puts every rendering job back in the queue: at the start of a server that is the queue's only
    /// worker (SQLite), whose previous process died with them.
    func requeueAbandoned() async throws -> Int
    /// How many jobs are in each status.
    func counts() async throws -> StatusCounts

    /// Takes the jobs that ended and whose webhook is due by `now`, for a minute, so that servers of
    /// a shared queue do not deliver the same one at once; the attempt recorded sets the next due time.
    func pendingWebhooks(now: Date, limit: Int) async throws -> [(job: RenderJob, attempts: Int)]
    /// Records one delivery attempt of a job's webhook; `delivered` ends them, else the next is due at `nextAttempt`
    /// (`nil`: no more attempts).
    func recordWebhookAttempt(id: String, statusCode: Int?, delivered: Bool, nextAttempt: Date?) async throws
    /// The webhook attempts of a job: their HTTP status (nil when no answer came) and whether delivered.
    func webhookAttempts(id: String) async throws -> [(statusCode: Int?, delivered: Bool)]
}
