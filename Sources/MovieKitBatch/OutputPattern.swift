import Foundation

/// Where each row's video goes: a path with `{column}` placeholders filled from the row, such as
/// `out/{id}.mp4`. `{row}` is the row's number (unless the data has a column named `row`), and
/// `{{` and `}}` write braces.
///
/// The folder before the first placeholder is the output folder: a filled-in path must stay inside
/// it (no `..`, no absolute value), so that a row's data cannot write elsewhere. A value may hold
/// `/` to make subfolders inside it.
public struct OutputPattern: Sendable, Hashable {
    /// One piece of the pattern.
    enum Piece: Sendable, Hashable {
        case text(String)
        case placeholder(String)
    }

    /// The pattern as written.
    public let pattern: String
    /// The folder every output stays inside: the pattern's folder before its first placeholder.
    public let folder: URL
    let pieces: [Piece]
    /// The folder relative patterns start from.
    let base: URL

    /// The names of the placeholders, in order of first appearance.
    public var placeholders: [String] {
        var seen: Set<String> = []
        return pieces.compactMap { piece in
            guard case .placeholder(let name) = piece, seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// Reads a pattern.
    /// - Parameters:
    ///   - pattern: The pattern, such as `out/{id}.mp4`.
    ///   - base: The folder a relative pattern starts from (the working directory).
    /// - Throws: `BatchError.invalidPattern` for an unclosed or empty placeholder, or a pattern
    ///   without placeholders (every row would write the same file).
    public init(
        _ pattern: String, relativeTo base: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    )
        throws
    {
        self.pattern = pattern
        var pieces: [Piece] = []
        var text = ""
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let character = pattern[index]
            let next = pattern.index(after: index)
            if character == "{", next < pattern.endIndex, pattern[next] == "{" {
                text.append("{")
                index = pattern.index(after: next)
                continue
            }
            if character == "}", next < pattern.endIndex, pattern[next] == "}" {
                text.append("}")
                index = pattern.index(after: next)
                continue
            }
            if character == "{" {
                guard let close = pattern[next...].firstIndex(of: "}") else {
                    throw BatchError.invalidPattern(
                        pattern: pattern, reason: "opens a { that no } closes; write {{ for a brace in the name")
                }
                let name = String(pattern[next..<close]).trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else {
                    throw BatchError.invalidPattern(
                        pattern: pattern, reason: "has an empty {}; put a column's name inside, such as {id}")
                }
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.placeholder(name))
                index = pattern.index(after: close)
                continue
            }
            if character == "}" {
                throw BatchError.invalidPattern(
                    pattern: pattern, reason: "closes a } that no { opened; write }} for a brace in the name")
            }
            text.append(character)
            index = next
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        guard pieces.contains(where: { if case .placeholder = $0 { true } else { false } }) else {
            throw BatchError.invalidPattern(
                pattern: pattern,
                reason:
                    "has no {column} placeholder, so every row would write the same file; name each video after a column, as in out/{id}.mp4, or {row} for the row's number"
            )
        }
        self.pieces = pieces
        // The folder: the text before the first placeholder, up to its last "/".
        var prefix = ""
        if case .text(let first) = pieces[0] { prefix = first }
        let folderText = prefix.range(of: "/", options: .backwards).map { String(prefix[..<$0.lowerBound]) } ?? ""
        let folder: URL
        if prefix.hasPrefix("/") {
            folder = URL(fileURLWithPath: folderText.isEmpty ? "/" : folderText, isDirectory: true)
        } else if folderText.isEmpty {
            folder = base
        } else {
            folder = base.appendingPathComponent(folderText, isDirectory: true)
        }
        self.folder = folder.standardizedFileURL
        self.base = base
    }

    /// The placeholders that name neither a column of `columns` nor `row`.
    public func unknownPlaceholders(columns: [String]) -> [String] {
        placeholders.filter { $0 != "row" && !columns.contains($0) }
    }

    /// The output of `row`.
    /// - Parameters:
    ///   - row: The row.
    ///   - dataPath: The data file's path, for messages.
    /// - Throws: `BatchError.invalidRow` naming the column when its value is empty or missing, holds a
    ///   control character, or would take the path outside ``folder``.
    public func output(for row: BatchRow, dataPath: String) throws -> URL {
        var filled = ""
        for piece in pieces {
            switch piece {
            case .text(let text):
                filled += text
            case .placeholder(let name):
                let value = row.values[name] ?? (name == "row" ? String(row.number) : nil)
                guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw BatchError.invalidRow(
                        path: dataPath, row: row.number, line: row.line, column: name,
                        reason:
                            "the value is \(row.values[name] == nil ? "missing" : "empty"), and the output pattern \(pattern) names each video after it; give every row a value."
                    )
                }
                if let bad = value.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                    throw BatchError.invalidRow(
                        path: dataPath, row: row.number, line: row.line, column: name,
                        reason:
                            "the value holds the control character U+\(String(bad.value, radix: 16, uppercase: true)), which a file name cannot; remove it."
                    )
                }
                let parts = value.split(separator: "/", omittingEmptySubsequences: false)
                if value.hasPrefix("/") || parts.contains(where: { $0 == ".." || $0 == "." }) {
                    throw BatchError.invalidRow(
                        path: dataPath, row: row.number, line: row.line, column: name,
                        reason:
                            "the value \"\(value)\" would put the video outside \(folder.path) or in a folder named . or ..; videos stay inside the output folder, so give a plain name (a / inside makes a subfolder)."
                    )
                }
                filled += value
            }
        }
        let url = (filled.hasPrefix("/") ? URL(fileURLWithPath: filled) : base.appendingPathComponent(filled))
            .standardizedFileURL
        let root = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        guard url.path.hasPrefix(root), url.path.count > root.count else {
            throw BatchError.invalidRow(
                path: dataPath, row: row.number, line: row.line, column: placeholders.first,
                reason: "the output \(filled) is not inside the output folder \(folder.path); give a plain name.")
        }
        return url
    }

    /// The output of every row, or the error that stops it: an invalid value, or a path another
    /// row also writes (every row that shares it gets the error, naming the others).
    /// - Parameters:
    ///   - rows: The rows.
    ///   - dataPath: The data file's path, for messages.
    public func outputs(for rows: [BatchRow], dataPath: String) -> [Int: Result<URL, BatchError>] {
        var result: [Int: Result<URL, BatchError>] = [:]
        var byPath: [String: [BatchRow]] = [:]
        for row in rows {
            do {
                let url = try output(for: row, dataPath: dataPath)
                result[row.number] = .success(url)
                byPath[url.path, default: []].append(row)
            } catch let error as BatchError {
                result[row.number] = .failure(error)
            } catch {
                result[row.number] = .failure(
                    .invalidRow(path: dataPath, row: row.number, line: row.line, column: nil, reason: "\(error)"))
            }
        }
        for (path, sharing) in byPath where sharing.count > 1 {
            for row in sharing {
                let others = sharing.filter { $0.number != row.number }.map { String($0.number) }
                result[row.number] = .failure(
                    .invalidRow(
                        path: dataPath, row: row.number, line: row.line, column: placeholders.first,
                        reason:
                            "the output \(path) is also the output of row\(others.count == 1 ? "" : "s") \(others.joined(separator: ", ")); give each row a distinct value, or add {row} to the pattern."
                    ))
            }
        }
        return result
    }
}
