import Foundation
import GRDB

/// The queue of one machine: a SQLite database through GRDB, in WAL mode with `synchronous = FULL`,
/// so that a job acknowledged with `202` survives a crash or a power loss.
final class SQLiteJobQueue: JobQueue {
    private let database: DatabasePool

    /// Opens (or creates) the queue at `url`.
    init(url: URL) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        configuration.busyMode = .timeout(10)
        database = try DatabasePool(path: url.path, configuration: configuration)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE jobs (
                        id TEXT PRIMARY KEY, owner TEXT NOT NULL, idempotency_key TEXT, status TEXT NOT NULL,
                        progress REAL NOT NULL DEFAULT 0, format TEXT NOT NULL, request BLOB NOT NULL,
                        created_at REAL NOT NULL, started_at REAL, finished_at REAL,
                        attempts INTEGER NOT NULL DEFAULT 0, bytes INTEGER, failure TEXT, callback_url TEXT,
                        lease_owner TEXT, lease_expires REAL,
                        webhook_due REAL, webhook_done INTEGER NOT NULL DEFAULT 0,
                        UNIQUE (owner, idempotency_key));
                    CREATE INDEX jobs_by_status ON jobs (status, id);
                    CREATE INDEX jobs_by_owner ON jobs (owner, id);
                    CREATE TABLE webhook_attempts (
                        job_id TEXT NOT NULL, at REAL NOT NULL, status_code INTEGER, delivered INTEGER NOT NULL);
                    """)
        }
        try migrator.migrate(database)
    }

    private static let columns =
        "id, owner, idempotency_key, status, progress, format, request, created_at, started_at, finished_at, attempts, bytes, failure, callback_url"

    private static func job(_ row: Row) -> RenderJob {
        let failureText: String? = row["failure"]
        return RenderJob(
            id: row["id"], owner: row["owner"], idempotencyKey: row["idempotency_key"],
            status: RenderJob.Status(rawValue: row["status"]) ?? .failed, progress: row["progress"],
            format: row["format"], request: row["request"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]),
            startedAt: (row["started_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
            finishedAt: (row["finished_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
            attempts: row["attempts"], bytes: row["bytes"],
            failure: failureText.flatMap { try? JSONDecoder().decode(RenderJob.Failure.self, from: Data($0.utf8)) },
            callbackURL: row["callback_url"])
    }

    func submit(_ job: RenderJob, queuedLimit: Int) async throws -> (job: RenderJob, created: Bool) {
        try await database.write { db in
            if let key = job.idempotencyKey,
                let row = try Row.fetchOne(
                    db, sql: "SELECT \(Self.columns) FROM jobs WHERE owner = ? AND idempotency_key = ?",
                    arguments: [job.owner, key])
            {
                return (Self.job(row), false)
            }
            let queued =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM jobs WHERE owner = ? AND status = 'queued'", arguments: [job.owner])
                ?? 0
            guard queued < queuedLimit else { throw QueueRefusal.tooManyQueued(limit: queuedLimit) }
            try db.execute(
                sql: """
                    INSERT INTO jobs (id, owner, idempotency_key, status, progress, format, request, created_at,
                        attempts, callback_url)
                    VALUES (?, ?, ?, ?, 0, ?, ?, ?, 0, ?)
                    """,
                arguments: [
                    job.id, job.owner, job.idempotencyKey, job.status.rawValue, job.format, job.request,
                    job.createdAt.timeIntervalSince1970, job.callbackURL
                ])
            return (job, true)
        }
    }

    func job(id: String, owner: String) async throws -> RenderJob? {
        try await database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(Self.columns) FROM jobs WHERE id = ? AND owner = ?", arguments: [id, owner]
            ).map(Self.job)
        }
    }

    func job(id: String) async throws -> RenderJob? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM jobs WHERE id = ?", arguments: [id]).map(Self.job)
        }
    }

    func jobs(owner: String, limit: Int, after cursor: String?) async throws -> [RenderJob] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT \(Self.columns) FROM jobs WHERE owner = ? AND id < ? ORDER BY id DESC LIMIT ?",
                arguments: [owner, cursor ?? "\u{10FFFF}", limit]
            ).map(Self.job)
        }
    }

    func cancel(id: String, owner: String) async throws -> RenderJob? {
        let now = Date().timeIntervalSince1970
        return try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE jobs SET status = 'cancelled', finished_at = ?, lease_owner = NULL,
                        webhook_due = CASE WHEN callback_url IS NULL THEN NULL ELSE ? END
                    WHERE id = ? AND owner = ? AND status IN ('queued', 'rendering')
                    """, arguments: [now, now, id, owner])
            return try Row.fetchOne(
                db, sql: "SELECT \(Self.columns) FROM jobs WHERE id = ? AND owner = ?", arguments: [id, owner]
            ).map(Self.job)
        }
    }

    func claim(worker: String, lease: TimeInterval) async throws -> RenderJob? {
        let now = Date().timeIntervalSince1970
        return try await database.write { db in
            guard
                let id = try String.fetchOne(
                    db,
                    sql: """
                        SELECT id FROM jobs WHERE status = 'queued' OR (status = 'rendering' AND lease_expires < ?)
                        ORDER BY id LIMIT 1
                        """, arguments: [now])
            else { return nil }
            try db.execute(
                sql: """
                    UPDATE jobs SET status = 'rendering', lease_owner = ?, lease_expires = ?, attempts = attempts + 1,
                        progress = 0, started_at = ? WHERE id = ?
                    """, arguments: [worker, now + lease, now, id])
            return try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM jobs WHERE id = ?", arguments: [id])
                .map(Self.job)
        }
    }

    func renew(id: String, worker: String, lease: TimeInterval, progress: Double) async throws -> Bool {
        let now = Date().timeIntervalSince1970
        return try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE jobs SET lease_expires = ?, progress = ?
                    WHERE id = ? AND lease_owner = ? AND status = 'rendering'
                    """, arguments: [now + lease, min(max(progress, 0), 1), id, worker])
            return db.changesCount == 1
        }
    }

    func finish(
        id: String, worker: String, status: RenderJob.Status, failure: RenderJob.Failure?, bytes: Int?
    ) async throws -> Bool {
        let now = Date().timeIntervalSince1970
        let failureText = try failure.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        return try await database.write { db in
            try db.execute(
                sql: """
                    UPDATE jobs SET status = ?, finished_at = ?, failure = ?, bytes = ?, lease_owner = NULL,
                        progress = CASE WHEN ? = 'succeeded' THEN 1 ELSE progress END,
                        webhook_due = CASE WHEN callback_url IS NULL THEN NULL ELSE ? END
                    WHERE id = ? AND lease_owner = ? AND status = 'rendering'
                    """,
                arguments: [status.rawValue, now, failureText, bytes, status.rawValue, now, id, worker])
            return db.changesCount == 1
        }
    }

    func release(worker: String) async throws {
        try await database.write { db in
            try db.execute(
                sql:
                    "UPDATE jobs SET status = 'queued', lease_owner = NULL, progress = 0 WHERE lease_owner = ? AND status = 'rendering'",
                arguments: [worker])
        }
    }

    func requeueAbandoned() async throws -> Int {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE jobs SET status = 'queued', lease_owner = NULL, progress = 0 WHERE status = 'rendering'")
            return db.changesCount
        }
    }

    func counts() async throws -> StatusCounts {
        try await database.read { db in
            var result: StatusCounts = [:]
            for row in try Row.fetchAll(db, sql: "SELECT status, COUNT(*) AS n FROM jobs GROUP BY status") {
                if let status = RenderJob.Status(rawValue: row["status"]) { result[status] = row["n"] }
            }
            return result
        }
    }

    func pendingWebhooks(now: Date, limit: Int) async throws -> [(job: RenderJob, attempts: Int)] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.columns), (SELECT COUNT(*) FROM webhook_attempts WHERE job_id = jobs.id) AS tries
                    FROM jobs WHERE webhook_due IS NOT NULL AND webhook_done = 0 AND webhook_due <= ?
                    ORDER BY webhook_due LIMIT ?
                    """, arguments: [now.timeIntervalSince1970, limit]
            ).map { (Self.job($0), $0["tries"]) }
        }
    }

    func recordWebhookAttempt(id: String, statusCode: Int?, delivered: Bool, nextAttempt: Date?) async throws {
        let now = Date().timeIntervalSince1970
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO webhook_attempts (job_id, at, status_code, delivered) VALUES (?, ?, ?, ?)",
                arguments: [id, now, statusCode, delivered])
            try db.execute(
                sql: "UPDATE jobs SET webhook_done = ?, webhook_due = ? WHERE id = ?",
                arguments: [delivered || nextAttempt == nil, nextAttempt?.timeIntervalSince1970, id])
        }
    }

    func webhookAttempts(id: String) async throws -> [(statusCode: Int?, delivered: Bool)] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT status_code, delivered FROM webhook_attempts WHERE job_id = ? ORDER BY at",
                arguments: [id]
            ).map { ($0["status_code"], $0["delivered"]) }
        }
    }
}
