import Foundation

/// Words with the times they are spoken, from the JSON a speech-recognition tool writes: OpenAI
/// Whisper's `verbose_json` (`words[]`), WhisperX (`segments[].words[]`), whisper.cpp's full JSON
/// (`-ojf`: `transcription[].tokens[]` with millisecond offsets) or Remotion's `Caption[]` (`text`,
/// `startMs`, `endMs`). Recognition itself happens outside MovieKit.
public struct Transcript: Sendable, Hashable {
    /// One spoken word, with its punctuation, and when it is spoken.
    public struct Word: Sendable, Hashable {
        public var text: String
        /// When the word starts and ends, in seconds.
        public var start: Double
        public var end: Double
        /// The speaker's label, where the tool gives one (WhisperX's `speaker`).
        public var speaker: String?

        public init(text: String, start: Double, end: Double, speaker: String? = nil) {
            self.text = text
            self.start = start
            self.end = end
            self.speaker = speaker
        }
    }

    /// The tool whose JSON was read.
    public enum Source: String, Sendable, Hashable {
        case whisper = "OpenAI Whisper verbose_json"
        case whisperX = "WhisperX"
        case whisperCpp = "whisper.cpp full JSON"
        case remotion = "Remotion captions"
    }

    /// The words in the order spoken.
    public var words: [Word]
    public var source: Source
    /// Words the tool gave no time (WhisperX leaves numbers unaligned), placed between their
    /// neighbours; one sentence each.
    public var warnings: [String] = []

    public init(words: [Word], source: Source) {
        self.words = words
        self.source = source
    }

    /// Reads a transcript file, recognising the tool by the JSON's shape.
    /// - Throws: `TranscriptError` naming the file and key path.
    public init(contentsOf url: URL) throws {
        let data: Data
        do {
            data = try SubtitleFiles.contents(of: url)
        } catch SubtitleError.unreadableFile(_, let reason) {
            throw TranscriptError.unreadable(file: url.path, reason: reason)
        } catch SubtitleError.fileTooLarge(_, let byteCount, let limit) {
            throw TranscriptError.unreadable(
                file: url.path,
                reason:
                    "it is \(byteCount >> 20) MB, more than the \(limit >> 20) MB MovieKit reads; check that it is the transcript"
            )
        }
        try self.init(data: data, fileName: url.path)
    }

    /// Reads transcript JSON.
    /// - Throws: `TranscriptError` naming the file and key path.
    public init(data: Data, fileName: String = "transcript.json") throws {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw TranscriptError.notJSON(file: fileName, reason: SubtitleError.reason(error))
        }
        var reader = TranscriptReader(fileName: fileName)
        self = try reader.read(json)
    }

    /// The word being spoken at `time`: the last word that has started and not ended, if any.
    public func word(at time: Double) -> Int? {
        words.lastIndex { $0.start <= time && time < $0.end }
    }
}

/// Why a transcript cannot be read.
public enum TranscriptError: Error, Equatable, CustomStringConvertible, LocalizedError {
    case unreadable(file: String, reason: String)
    case notJSON(file: String, reason: String)
    /// The JSON is none of the shapes MovieKit reads.
    case unknownShape(file: String, found: String)
    /// A value of the wrong kind or out of range, at a key path.
    case invalidValue(file: String, keyPath: String, found: String, expected: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            return "Could not read the transcript \(file): \(reason)."
        case .notJSON(let file, let reason):
            return "\(file): The transcript is not JSON: \(reason). Transcripts are the JSON files speech tools write."
        case .unknownShape(let file, let found):
            return
                "\(file): The transcript is \(found), which is none of the shapes MovieKit reads: OpenAI Whisper's verbose_json with `words` (ask for word timestamps), WhisperX's `segments` with `words`, whisper.cpp's full JSON (`-ojf`) or Remotion's list of captions with `text`, `startMs` and `endMs`."
        case .invalidValue(let file, let keyPath, let found, let expected):
            return "\(file): `\(keyPath)` is \(found) but must be \(expected)."
        }
    }

    public var errorDescription: String? { description }
}
