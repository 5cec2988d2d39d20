import Foundation

/// What a transcript holds, as `moviemake subtitles inspect words.json --json` prints it: the tool
/// it came from and each word with its times in seconds.
public struct TranscriptInspection: Sendable, Encodable {
    public struct Word: Sendable, Encodable {
        public var text: String
        public var start: Double
        public var end: Double
        public var speaker: String?
    }

    /// The tool whose JSON was read, such as `WhisperX`.
    public var format: String
    public var words: [Word]
    public var warnings: [String]

    public init(_ transcript: Transcript) {
        format = transcript.source.rawValue
        words = transcript.words.map { Word(text: $0.text, start: $0.start, end: $0.end, speaker: $0.speaker) }
        warnings = transcript.warnings
    }

    /// The inspection as JSON, keys sorted.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
