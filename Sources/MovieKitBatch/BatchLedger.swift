import Foundation
import MovieKitCore

/// What a batch remembers of the videos it wrote, so that a rerun skips those that are done: one
/// small record per output in a hidden `.moviemake-batch` folder inside the output folder, holding
/// the fingerprint of what was rendered (template, row, settings) and the file's size and date.
///
/// An output is up to date when its record's fingerprint is the one asked for and the file is the
/// one recorded (same size and modification date). Videos are moved into place only once complete,
/// so a file at an output's path is never a partial render. Each output has its own record file,
/// written whole and renamed into place, so that processes rendering different rows (the tasks of
/// a job array) never write the same file.
public struct BatchLedger: Sendable {
    /// The folder of records.
    public let folder: URL

    /// A ledger for the outputs inside `outputFolder`.
    public init(outputFolder: URL) {
        folder = outputFolder.appendingPathComponent(".moviemake-batch", isDirectory: true)
    }

    private struct Record: Codable {
        var output: String
        var fingerprint: String
        var bytes: Int?
        var modified: Double?
    }

    /// The fingerprint of a rendered video: the template's text, the row's variables and the
    /// encoder settings. Another value of any of them makes another video.
    public static func fingerprint(template: String, variables: [String: String], settings: MovieSettings) -> String {
        let values = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
        return Fingerprint.of(template + "\n--\n" + values + "\n--\n" + settings.fingerprintText)
    }

    private func recordURL(for output: URL) -> URL {
        folder.appendingPathComponent(Fingerprint.of(output.standardizedFileURL.path) + ".json")
    }

    private func record(for output: URL) -> Record? {
        guard let data = FileManager.default.contents(atPath: recordURL(for: output).path) else { return nil }
        return try? JSONDecoder().decode(Record.self, from: data)
    }

    private static func attributes(of url: URL) -> (bytes: Int?, modified: Double?)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        let isFolder = (attributes[.type] as? FileAttributeType) == .typeDirectory
        return (
            isFolder ? nil : (attributes[.size] as? NSNumber)?.intValue,
            isFolder ? nil : (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
        )
    }

    /// Whether `output` exists and is the video this batch wrote for `fingerprint`.
    public func isUpToDate(_ output: URL, fingerprint: String) -> Bool {
        guard let record = record(for: output), record.fingerprint == fingerprint,
            let now = Self.attributes(of: output)
        else { return false }
        return now.bytes == record.bytes && now.modified == record.modified
    }

    /// Whether the file at `output`, if any, was written by a batch into this folder and is unchanged
    /// since: a batch may replace its own videos, and only those, without being told to overwrite.
    public func wrote(_ output: URL) -> Bool {
        guard let record = record(for: output), let now = Self.attributes(of: output) else { return false }
        return now.bytes == record.bytes && now.modified == record.modified
    }

    /// Records that `output` now holds the video of `fingerprint`.
    /// - Throws: A file-system error when the record cannot be written.
    public func recordWritten(_ output: URL, fingerprint: String) throws {
        let now = Self.attributes(of: output)
        let record = Record(
            output: output.standardizedFileURL.path, fingerprint: fingerprint, bytes: now?.bytes,
            modified: now?.modified)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONEncoder().encode(record).write(to: recordURL(for: output), options: .atomic)
    }
}
