import Foundation
import SwiftCSV

extension BatchData {
    /// Reads CSV (RFC 4180: quoted fields may hold the delimiter, quotes and line breaks) with
    /// SwiftCSV. Blank lines are skipped. A row with fewer fields than the header leaves the last
    /// columns empty; one with more is refused.
    static func csv(_ text: String, url: URL, delimiter: Character) throws -> BatchData {
        let path = url.relativePath
        // The parser's own rows: EnumeratedCSV pads short rows to the longest, hiding extra fields.
        var records: [[String]] = []
        do {
            let csv = try EnumeratedCSV(
                string: text, delimiter: delimiter == "\t" ? CSVDelimiter.tab : .comma, loadColumns: false)
            try csv.enumerateAsArray(startAt: 1, rowLimit: nil) { records.append($0) }
        } catch {
            throw BatchError.invalidData(path: path, line: nil, reason: "the CSV is malformed (\(error))")
        }
        let lines = recordLines(text, delimiter: delimiter)
        let header = csvHeader(text, delimiter: delimiter)
        guard !header.isEmpty, header != [""] else {
            throw BatchError.invalidData(
                path: path, line: 1,
                reason: "the first line must name the columns, such as name,photo,price, and the file is empty")
        }
        var seen: Set<String> = []
        for (index, name) in header.enumerated() {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                throw BatchError.invalidData(
                    path: path, line: 1, reason: "column \(index + 1) of the header has no name; name every column")
            }
            guard seen.insert(trimmed).inserted else {
                throw BatchError.invalidData(
                    path: path, line: 1, reason: "the header names the column `\(trimmed)` twice; name each column once"
                )
            }
        }
        let columns = header.map { $0.trimmingCharacters(in: .whitespaces) }
        var rows: [BatchRow] = []
        // SwiftCSV's rows follow the header; `lines` holds every record's line, the header's first.
        for (index, fields) in records.enumerated() {
            let line = lines.indices.contains(index + 1) ? lines[index + 1] : index + 2
            if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            let number = rows.count + 1
            guard fields.count <= columns.count else {
                throw BatchError.invalidRow(
                    path: path, row: number, line: line, column: nil,
                    reason:
                        "the row has \(fields.count) fields and the header \(columns.count) columns; quote values that contain \(delimiter == "," ? "commas" : "tabs"), as in \"Paris, France\"."
                )
            }
            var values: [String: String] = [:]
            for (column, value) in zip(columns, fields) { values[column] = value }
            rows.append(BatchRow(number: number, line: line, values: values))
        }
        return BatchData(url: url, columns: columns, rows: rows)
    }

    /// The header's fields, as SwiftCSV reads them.
    private static func csvHeader(_ text: String, delimiter: Character) -> [String] {
        (try? EnumeratedCSV(
            string: text, delimiter: (delimiter == "\t" ? CSVDelimiter.tab : .comma), loadColumns: false
        ).header) ?? []
    }

    /// The 1-based line where each record starts, header included, following RFC 4180's quoting:
    /// a line break inside quotes continues the record. Blank lines count as records, as SwiftCSV's do.
    static func recordLines(_ text: String, delimiter: Character) -> [Int] {
        var result: [Int] = []
        var line = 1
        var inQuotes = false
        var atRecordStart = true
        for character in text {
            if atRecordStart {
                result.append(line)
                atRecordStart = false
            }
            if character == "\"" {
                inQuotes.toggle()
            } else if character.isNewline {
                line += 1
                if !inQuotes { atRecordStart = true }
            }
        }
        return result
    }
}
