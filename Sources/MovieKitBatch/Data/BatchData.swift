import Foundation

/// One row of a batch's data: the values that fill a template's variables for one video.
public struct BatchRow: Sendable, Hashable {
    /// The row's 1-based number among the data's rows (the header of a CSV file is not a row).
    public var number: Int
    /// The 1-based line of the data file where the row starts.
    public var line: Int
    /// The values by column name. A column a JSON row leaves out (or sets to `null`) is absent.
    public var values: [String: String]

    /// Creates a row.
    public init(number: Int, line: Int, values: [String: String]) {
        self.number = number
        self.line = line
        self.values = values
    }
}

/// The rows of a batch, read from a CSV file (a header line of column names, then one line per
/// row), a JSON array of objects, or JSON Lines (one object per line).
///
/// Values are text, as template variables are: JSON numbers and booleans become the text they were
/// written as. A value that is an object or an array is refused with the row and the column, since
/// no variable can hold it.
///
/// ```swift
/// let data = try BatchData(contentsOf: URL(fileURLWithPath: "rows.csv"))
/// for row in data.rows { print(row.number, row.values["name"] ?? "") }
/// ```
public struct BatchData: Sendable {
    /// The file the rows were read from.
    public var url: URL
    /// The column names, in the order they first appear.
    public var columns: [String]
    /// The rows, in the file's order.
    public var rows: [BatchRow]

    /// The extensions a data file may have.
    public static let fileExtensions = ["csv", "tsv", "json", "jsonl", "ndjson"]

    /// Creates data from rows already in hand (a service's request, a test).
    public init(url: URL, columns: [String], rows: [BatchRow]) {
        self.url = url
        self.columns = columns
        self.rows = rows
    }

    /// Reads the rows of a `.csv` (or `.tsv`), `.json`, or `.jsonl` (`.ndjson`) file.
    /// - Throws: `BatchError.unreadableData` for a file that cannot be read or has another
    ///   extension; `.invalidData` at the line of a malformed header, row or JSON value;
    ///   `.invalidRow` for a row whose value is an object or array, or a CSV row with more fields
    ///   than the header has columns.
    public init(contentsOf url: URL) throws {
        try Self.checkExtension(of: url)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw BatchError.unreadableData(
                path: url.relativePath, reason: "the file does not exist or is not readable")
        }
        try self.init(data: data, url: url)
    }

    /// Throws `BatchError.unreadableData` when `url`'s extension is not one a batch reads.
    private static func checkExtension(of url: URL) throws {
        let ext = url.pathExtension.lowercased()
        guard !fileExtensions.contains(ext) else { return }
        throw BatchError.unreadableData(
            path: url.relativePath,
            reason:
                "a batch reads rows from .csv, .tsv, .json (an array of objects) or .jsonl files, and this file's extension is \(ext.isEmpty ? "missing" : ".\(ext)")"
        )
    }

    /// Reads rows from bytes in memory, in the format `url`'s extension names (the file itself is not read).
    /// - Throws: What ``init(contentsOf:)`` throws for the same bytes.
    public init(data: Data, url: URL) throws {
        try Self.checkExtension(of: url)
        let path = url.relativePath
        let ext = url.pathExtension.lowercased()
        guard var text = String(data: data, encoding: .utf8) else {
            throw BatchError.unreadableData(path: path, reason: "it is not UTF-8 text; save it as UTF-8")
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        switch ext {
        case "csv", "tsv":
            self = try Self.csv(text, url: url, delimiter: ext == "tsv" ? "\t" : ",")
        case "json":
            self = try Self.jsonArray(text, url: url)
        default:
            self = try Self.jsonLines(text, url: url)
        }
    }

    /// The row numbered `number`, if there is one.
    public func row(_ number: Int) -> BatchRow? {
        // Rows are numbered 1, 2, 3 … in the order they are read.
        rows.indices.contains(number - 1) ? rows[number - 1] : nil
    }
}
