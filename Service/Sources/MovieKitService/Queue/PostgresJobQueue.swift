import Foundation
import Logging
import PostgresNIO

/// The queue shared by several servers: PostgreSQL through postgres-nio. Workers claim jobs with
/// `SELECT … FOR UPDATE SKIP LOCKED` under a lease timed by the database's clock, so that machines
/// with clocks apart agree; a worker that dies stops renewing and its job goes to the next claim.
final class PostgresJobQueue: JobQueue {
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    private let logger: Logger

    private init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
        runner = Task { await client.run() }
    }

    /// Connects to `url` (`postgres://user:password@host:port/database`) and creates the tables
    /// when they are missing.
    static func connect(url text: String, logger: Logger) async throws -> PostgresJobQueue {
        guard let url = URLComponents(string: text), ["postgres", "postgresql"].contains(url.scheme ?? ""),
            let host = url.host, !host.isEmpty
        else {
            throw ServiceError(
                "--queue \(text) is not a PostgreSQL URL; write postgres://USER:PASSWORD@HOST:PORT/DATABASE.")
        }
        let configuration = PostgresClient.Configuration(
            host: host, port: url.port ?? 5432, username: url.user ?? "postgres", password: url.password,
            database: url.path.isEmpty ? nil : String(url.path.dropFirst()), tls: .disable)
        let queue = PostgresJobQueue(client: PostgresClient(configuration: configuration), logger: logger)
        do {
            try await queue.createTables()
        } catch {
            await queue.close()
            throw ServiceError("The PostgreSQL queue at \(host) cannot be opened: \(String(reflecting: error)).")
        }
        return queue
    }

    func close() async {
        runner.cancel()
        _ = await runner.value
    }

    private func createTables() async throws {
        try await client.withTransaction(logger: logger) { connection in
            // One server creates the tables; the others wait, then find them.
            try await connection.query("SELECT pg_advisory_xact_lock(7311)", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS moviekit_jobs (
                    id TEXT PRIMARY KEY, owner TEXT NOT NULL, idempotency_key TEXT, status TEXT NOT NULL,
                    progress DOUBLE PRECISION NOT NULL DEFAULT 0, format TEXT NOT NULL, request BYTEA NOT NULL,
                    created_at DOUBLE PRECISION NOT NULL, started_at DOUBLE PRECISION, finished_at DOUBLE PRECISION,
                    attempts INTEGER NOT NULL DEFAULT 0, bytes BIGINT, failure TEXT, callback_url TEXT,
                    lease_owner TEXT, lease_expires DOUBLE PRECISION,
                    webhook_due DOUBLE PRECISION, webhook_done BOOLEAN NOT NULL DEFAULT FALSE,
                    UNIQUE (owner, idempotency_key))
                """, logger: logger)
            try await connection.query(
                "CREATE INDEX IF NOT EXISTS moviekit_jobs_by_status ON moviekit_jobs (status, id)", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS moviekit_webhook_attempts (
                    job_id TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, status_code INTEGER, delivered BOOLEAN NOT NULL)
                """, logger: logger)
        }
    }

    private static func job(_ row: PostgresRow) throws -> RenderJob {
        let cells = row.makeRandomAccess()
        let failureText = try cells["failure"].decode(String?.self)
        return RenderJob(
            id: try cells["id"].decode(String.self), owner: try cells["owner"].decode(String.self),
            idempotencyKey: try cells["idempotency_key"].decode(String?.self),
            status: RenderJob.Status(rawValue: try cells["status"].decode(String.self)) ?? .failed,
            progress: try cells["progress"].decode(Double.self), format: try cells["format"].decode(String.self),
            request: try cells["request"].decode(Data.self),
            createdAt: Date(timeIntervalSince1970: try cells["created_at"].decode(Double.self)),
            startedAt: try cells["started_at"].decode(Double?.self).map(Date.init(timeIntervalSince1970:)),
            finishedAt: try cells["finished_at"].decode(Double?.self).map(Date.init(timeIntervalSince1970:)),
            attempts: Int(try cells["attempts"].decode(Int32.self)),
            bytes: try cells["bytes"].decode(Int64?.self).map(Int.init),
            failure: failureText.flatMap { try? JSONDecoder().decode(RenderJob.Failure.self, from: Data($0.utf8)) },
            callbackURL: try cells["callback_url"].decode(String?.self))
    }

    private func jobs(_ query: PostgresQuery) async throws -> [RenderJob] {
        var result: [RenderJob] = []
        for try await row in try await client.query(query, logger: logger) { result.append(try Self.job(row)) }
        return result
    }

    func submit(_ job: RenderJob, queuedLimit: Int) async throws -> (job: RenderJob, created: Bool) {
        let logger = logger
        let existing: RenderJob?? = try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(job.owner)))", logger: logger)
            if let key = job.idempotencyKey {
                let rows = try await connection.query(
                    "SELECT \(unescaped: Self.columnList) FROM moviekit_jobs WHERE owner = \(job.owner) AND idempotency_key = \(key)",
                    logger: logger)
                for try await row in rows { return .some(try Self.job(row)) }
            }
            var queued = 0
            for try await count in try await connection.query(
                "SELECT COUNT(*)::BIGINT FROM moviekit_jobs WHERE owner = \(job.owner) AND status = 'queued'",
                logger: logger
            ).decode(Int64.self) { queued = Int(count) }
            guard queued < queuedLimit else { return .some(nil) }
            try await connection.query(
                """
                INSERT INTO moviekit_jobs (id, owner, idempotency_key, status, progress, format, request, created_at, attempts, callback_url)
                VALUES (\(job.id), \(job.owner), \(job.idempotencyKey), \(job.status.rawValue), 0, \(job.format), \(job.request),
                    \(job.createdAt.timeIntervalSince1970), 0, \(job.callbackURL))
                """, logger: logger)
            return nil
        }
        switch existing {
        case .none: return (job, true)
        case .some(.none): throw QueueRefusal.tooManyQueued(limit: queuedLimit)
        case .some(.some(let found)): return (found, false)
        }
    }

    private static let columnList =
        "id, owner, idempotency_key, status, progress, format, request, created_at, started_at, finished_at, attempts, bytes, failure, callback_url"

    func job(id: String, owner: String) async throws -> RenderJob? {
        try await jobs(
            "SELECT \(unescaped: Self.columnList) FROM moviekit_jobs WHERE id = \(id) AND owner = \(owner)"
        ).first
    }

    func job(id: String) async throws -> RenderJob? {
        try await jobs("SELECT \(unescaped: Self.columnList) FROM moviekit_jobs WHERE id = \(id)").first
    }

    func jobs(owner: String, limit: Int, after cursor: String?) async throws -> [RenderJob] {
        try await jobs(
            """
            SELECT \(unescaped: Self.columnList) FROM moviekit_jobs WHERE owner = \(owner) AND id < \(cursor ?? "\u{10FFFF}")
            ORDER BY id DESC LIMIT \(limit)
            """)
    }

    func cancel(id: String, owner: String) async throws -> RenderJob? {
        _ = try await jobs(
            """
            UPDATE moviekit_jobs SET status = 'cancelled', finished_at = extract(epoch from clock_timestamp()),
                lease_owner = NULL,
                webhook_due = CASE WHEN callback_url IS NULL THEN NULL ELSE extract(epoch from clock_timestamp()) END
            WHERE id = \(id) AND owner = \(owner) AND status IN ('queued', 'rendering')
            RETURNING id
            """)
        return try await job(id: id, owner: owner)
    }

    func claim(worker: String, lease: TimeInterval) async throws -> RenderJob? {
        try await jobs(
            """
            UPDATE moviekit_jobs SET status = 'rendering', lease_owner = \(worker),
                lease_expires = extract(epoch from clock_timestamp()) + \(lease), attempts = attempts + 1, progress = 0,
                started_at = extract(epoch from clock_timestamp())
            WHERE id = (
                SELECT id FROM moviekit_jobs
                WHERE status = 'queued' OR (status = 'rendering' AND lease_expires < extract(epoch from clock_timestamp()))
                ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING \(unescaped: Self.columnList)
            """
        ).first
    }

    func renew(id: String, worker: String, lease: TimeInterval, progress: Double) async throws -> Bool {
        try await !jobs(
            """
            UPDATE moviekit_jobs SET lease_expires = extract(epoch from clock_timestamp()) + \(lease),
                progress = \(min(max(progress, 0), 1))
            WHERE id = \(id) AND lease_owner = \(worker) AND status = 'rendering'
            RETURNING \(unescaped: Self.columnList)
            """
        ).isEmpty
    }

    func finish(
        id: String, worker: String, status: RenderJob.Status, failure: RenderJob.Failure?, bytes: Int?
    ) async throws -> Bool {
        let failureText = try failure.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        return try await !jobs(
            """
            UPDATE moviekit_jobs SET status = \(status.rawValue), finished_at = extract(epoch from clock_timestamp()),
                failure = \(failureText), bytes = \(bytes.map(Int64.init)), lease_owner = NULL,
                progress = CASE WHEN \(status.rawValue) = 'succeeded' THEN 1 ELSE progress END,
                webhook_due = CASE WHEN callback_url IS NULL THEN NULL ELSE extract(epoch from clock_timestamp()) END
            WHERE id = \(id) AND lease_owner = \(worker) AND status = 'rendering'
            RETURNING \(unescaped: Self.columnList)
            """
        ).isEmpty
    }

    func release(worker: String) async throws {
        try await client.query(
            "UPDATE moviekit_jobs SET status = 'queued', lease_owner = NULL, progress = 0 WHERE lease_owner = \(worker) AND status = 'rendering'",
            logger: logger)
    }

    func requeueAbandoned() async throws -> Int { 0 }

    func counts() async throws -> StatusCounts {
        var result: StatusCounts = [:]
        for try await (status, count) in try await client.query(
            "SELECT status, COUNT(*)::BIGINT FROM moviekit_jobs GROUP BY status", logger: logger
        ).decode((String, Int64).self) {
            if let status = RenderJob.Status(rawValue: status) { result[status] = Int(count) }
        }
        return result
    }

    func pendingWebhooks(now: Date, limit: Int) async throws -> [(job: RenderJob, attempts: Int)] {
        var result: [(RenderJob, Int)] = []
        // Taken under a lease like jobs: a server moves the due time of the webhooks it takes a minute
        // on, so that two servers never deliver the same one at once; the attempt it records sets the
        // next due time (or ends them).
        for try await row in try await client.query(
            """
            UPDATE moviekit_jobs SET webhook_due = extract(epoch from clock_timestamp()) + 60
            WHERE id IN (
                SELECT id FROM moviekit_jobs WHERE webhook_due IS NOT NULL AND NOT webhook_done
                    AND webhook_due <= \(now.timeIntervalSince1970)
                ORDER BY webhook_due LIMIT \(limit) FOR UPDATE SKIP LOCKED)
            RETURNING \(unescaped: Self.columnList),
                (SELECT COUNT(*) FROM moviekit_webhook_attempts WHERE job_id = moviekit_jobs.id)::BIGINT AS tries
            """, logger: logger)
        {
            result.append((try Self.job(row), Int(try row.makeRandomAccess()["tries"].decode(Int64.self))))
        }
        return result
    }

    func recordWebhookAttempt(id: String, statusCode: Int?, delivered: Bool, nextAttempt: Date?) async throws {
        let logger = logger
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                """
                INSERT INTO moviekit_webhook_attempts (job_id, at, status_code, delivered)
                VALUES (\(id), extract(epoch from clock_timestamp()), \(statusCode.map(Int32.init)), \(delivered))
                """, logger: logger)
            try await connection.query(
                """
                UPDATE moviekit_jobs SET webhook_done = \(delivered || nextAttempt == nil),
                    webhook_due = \(nextAttempt?.timeIntervalSince1970) WHERE id = \(id)
                """, logger: logger)
        }
    }

    func webhookAttempts(id: String) async throws -> [(statusCode: Int?, delivered: Bool)] {
        var result: [(Int?, Bool)] = []
        for try await (code, delivered) in try await client.query(
            "SELECT status_code, delivered FROM moviekit_webhook_attempts WHERE job_id = \(id) ORDER BY at",
            logger: logger
        ).decode((Int32?, Bool).self) {
            result.append((code.map(Int.init), delivered))
        }
        return result
    }
}

/// A service error that is the operator's to fix: a full sentence.
struct ServiceError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
