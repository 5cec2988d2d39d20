import Foundation

/// Descriptive tags written into containers that take them (MP4, MOV, WebM, MKV).
public struct MovieMetadata: Sendable, Hashable, Codable {
    public var title: String?
    public var artist: String?
    public var comment: String?
    /// When the movie was made; written as ISO 8601 in UTC.
    public var creationDate: Date?

    public init(title: String? = nil, artist: String? = nil, comment: String? = nil, creationDate: Date? = nil) {
        self.title = title
        self.artist = artist
        self.comment = comment
        self.creationDate = creationDate
    }

    /// Whether no tag is set.
    public var isEmpty: Bool { title == nil && artist == nil && comment == nil && creationDate == nil }

    /// The keys `--metadata` accepts.
    public static let keys = ["title", "artist", "comment", "creation_time"]

    /// Sets one tag by its container key.
    /// - Throws: `MovieKitError.invalidMetadata` for an unknown key or a date that is not ISO 8601.
    public mutating func set(_ key: String, to value: String) throws {
        switch key {
        case "title": title = value
        case "artist": artist = value
        case "comment": comment = value
        case "creation_time":
            guard let date = ISO8601DateFormatter().date(from: value) else {
                throw MovieKitError.invalidMetadata(
                    key: key, reason: "\"\(value)\" is not an ISO 8601 date such as 2026-11-22T10:00:00Z")
            }
            creationDate = date
        default:
            throw MovieKitError.invalidMetadata(
                key: key, reason: "it is not a tag MovieKit writes; use one of \(Self.keys.joined(separator: ", "))")
        }
    }

    /// The tags as container keys and values.
    var entries: [(key: String, value: String)] {
        var result: [(String, String)] = []
        if let title { result.append(("title", title)) }
        if let artist { result.append(("artist", artist)) }
        if let comment { result.append(("comment", comment)) }
        if let creationDate {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            result.append(("creation_time", formatter.string(from: creationDate)))
        }
        return result
    }
}
