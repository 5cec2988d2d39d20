import Foundation

/// Every error of a batch render: a data file that cannot be read, an output pattern that cannot
/// name the outputs, a row that cannot render, a report that cannot be read. Each description is a
/// full sentence that names the file, the row and the column where it can, and says what to do.
public enum BatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data file cannot be read or is not in a format a batch reads.
    case unreadableData(path: String, reason: String)
    /// The data file is read but malformed at `line` (1-based; `nil` when unknown).
    case invalidData(path: String, line: Int?, reason: String)
    /// One row cannot render: `column` names the data's column at fault where it is known.
    case invalidRow(path: String, row: Int, line: Int?, column: String?, reason: String)
    /// The output pattern cannot name the outputs.
    case invalidPattern(pattern: String, reason: String)
    /// The data has columns that fill no variable of the template and appear in no placeholder of
    /// the output pattern.
    case unusedColumns(path: String, columns: [String], template: String, variables: [String])
    /// The report of an earlier run cannot be read.
    case unreadableReport(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadableData(let path, let reason):
            return "\(path): the data cannot be read: \(reason)."
        case .invalidData(let path, let line, let reason):
            return "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)."
        case .invalidRow(let path, let row, let line, let column, let reason):
            let place = "\(path)\(line.map { ":\($0)" } ?? ""): row \(row)"
            return "\(place)\(column.map { ", column `\($0)`" } ?? ""): \(reason)"
        case .invalidPattern(let pattern, let reason):
            return "The output pattern \"\(pattern)\" \(reason)."
        case .unusedColumns(let path, let columns, let template, let variables):
            let list = columns.map { "`\($0)`" }.joined(separator: ", ")
            let known =
                variables.isEmpty
                ? "it uses no ${name} variables"
                : "its variables are \(variables.map { "${\($0)}" }.joined(separator: ", "))"
            return
                "\(path): the column\(columns.count == 1 ? "" : "s") \(list) fill\(columns.count == 1 ? "s" : "") no variable of \(template) (\(known)) and appear\(columns.count == 1 ? "s" : "") in no {placeholder} of the output pattern; rename \(columns.count == 1 ? "it" : "them") to the variable meant, or pass --allow-extra-columns if the data carries columns the video does not show."
        case .unreadableReport(let path, let reason):
            return
                "\(path): the report of the last run cannot be read: \(reason); run the batch without --retry-failed to render every row that is not done."
        }
    }

    /// The data file's row, for errors about one row.
    public var row: Int? {
        if case .invalidRow(_, let row, _, _, _) = self { return row }
        return nil
    }

    /// The data's column at fault, for errors about one row that know it.
    public var column: String? {
        if case .invalidRow(_, _, _, let column, _) = self { return column }
        return nil
    }

    /// The 1-based line in the data file, where known.
    public var line: Int? {
        switch self {
        case .invalidData(_, let line, _), .invalidRow(_, _, let line, _, _): return line
        default: return nil
        }
    }
}
