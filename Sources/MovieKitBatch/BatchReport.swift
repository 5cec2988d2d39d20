import Foundation

/// What happened to every row of a batch, as `--report` writes it: JSON with one entry per data
/// row, in the data's order.
///
/// ```json
/// {"rows": [{"row": 1, "line": 2, "output": "out/ada.mp4", "status": "succeeded", "seconds": 1.9, "bytes": 482113}]}
/// ```
public struct BatchReport: Codable, Sendable, Equatable {
    /// What happened to a row.
    public enum Status: String, Codable, Sendable {
        /// The video was rendered.
        case succeeded
        /// The row could not render; `error` says why.
        case failed
        /// The video was already there, up to date (or, with `--retry-failed`, the row had not failed).
        case skipped
        /// The batch was interrupted (Ctrl-C, SIGTERM) before the row finished; nothing was written.
        case cancelled
    }

    /// One row's outcome.
    public struct Row: Codable, Sendable, Equatable {
        /// The row's 1-based number in the data.
        public var row: Int
        /// The data file's line where the row starts.
        public var line: Int
        /// The video's path, when the row names one.
        public var output: String?
        public var status: Status
        /// Why the row failed, as a full sentence naming the data file, row and column.
        public var error: String?
        /// The data's column at fault, when known.
        public var column: String?
        /// Seconds the render took.
        public var seconds: Double?
        /// The video's size in bytes.
        public var bytes: Int?

        public init(
            row: Int, line: Int, output: String?, status: Status, error: String? = nil, column: String? = nil,
            seconds: Double? = nil, bytes: Int? = nil
        ) {
            self.row = row
            self.line = line
            self.output = output
            self.status = status
            self.error = error
            self.column = column
            self.seconds = seconds
            self.bytes = bytes
        }
    }

    /// The template's path.
    public var template: String
    /// The data file's path.
    public var data: String
    /// The output pattern.
    public var output: String
    /// Whether a signal stopped the batch: rows `cancelled` were not finished.
    public var interrupted: Bool
    /// Seconds the batch took.
    public var seconds: Double
    /// One entry per data row.
    public var rows: [Row]

    public init(template: String, data: String, output: String, interrupted: Bool, seconds: Double, rows: [Row]) {
        self.template = template
        self.data = data
        self.output = output
        self.interrupted = interrupted
        self.seconds = seconds
        self.rows = rows
    }

    /// The number of rows with `status`.
    public func count(_ status: Status) -> Int { rows.filter { $0.status == status }.count }

    /// Reads a report written by ``write(to:)``.
    /// - Throws: `BatchError.unreadableReport`.
    public static func load(from url: URL) throws -> BatchReport {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BatchError.unreadableReport(path: url.path, reason: "the file does not exist")
        }
        do {
            return try JSONDecoder().decode(BatchReport.self, from: data)
        } catch {
            throw BatchError.unreadableReport(path: url.path, reason: "it is not a batch report (\(error))")
        }
    }

    /// Writes the report as JSON, whole or not at all.
    /// - Throws: A file-system error.
    public func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(self).write(to: url, options: .atomic)
    }
}
