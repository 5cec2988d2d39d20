import Foundation

/// Every error MovieKitSubtitles throws about a subtitle or transcript file. Each description is a
/// full sentence naming the file (and the line, where one is to blame) and saying what to do.
public enum SubtitleError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The file's extension names no subtitle format MovieKit reads.
    case unsupportedFormat(path: String)
    /// The file is larger than any subtitle file needs to be.
    case fileTooLarge(path: String, byteCount: Int, limit: Int)
    /// The file is not WebVTT: it must start with the `WEBVTT` signature line.
    case notWebVTT(file: String, reason: String)
    /// The file has more cues than MovieKit reads.
    case tooManyCues(file: String, limit: Int)
    /// An SRT timing line that cannot be read; `column` is where reading stopped.
    case invalidTiming(file: String, line: Int, column: Int, text: String)
    /// A line where an SRT cue must start (its number or its timing line) holds something else.
    case missingTiming(file: String, line: Int, text: String)
    /// An SRT cue or ASS event that ends before it starts.
    case endsBeforeStart(file: String, line: Int, start: Double, end: Double)
    /// An ASS or SSA file that libass would read without showing what it holds: `reason` says what
    /// is wrong at `line` and `column` and what to write instead.
    case invalidASS(file: String, line: Int, column: Int, reason: String)
    /// libass could not start or could not read the file; `reason` says why and what to do.
    case libassFailed(file: String, reason: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            return "Could not read the subtitle file \(path): \(reason)."
        case .unsupportedFormat(let path):
            return
                "Cannot tell the subtitle format of \(path) from its extension; MovieKit reads WebVTT (.vtt), SRT (.srt) and ASS or SSA (.ass, .ssa) files."
        case .fileTooLarge(let path, let byteCount, let limit):
            return
                "The subtitle file \(path) is \(byteCount >> 20) MB, more than the \(limit >> 20) MB MovieKit reads; a film's subtitles are a few hundred KB, so check that this is the subtitle file, or split it."
        case .notWebVTT(let file, let reason):
            return
                "\(file):1:1: The file is not WebVTT: \(reason). A WebVTT file starts with the line `WEBVTT` (optionally followed by a space or tab and a title)."
        case .tooManyCues(let file, let limit):
            return "\(file): The file has more than \(limit) cues, more than MovieKit reads; split it into parts."
        case .invalidTiming(let file, let line, let column, let text):
            return
                "\(file):\(line):\(column): `\(text)` is not an SRT timing line; write it as `00:00:01,000 --> 00:00:04,000` (hours, minutes, seconds, then milliseconds after a comma)."
        case .missingTiming(let file, let line, let text):
            return
                "\(file):\(line):1: `\(text)` is neither a cue number nor a timing line; an SRT cue starts with its number, then `00:00:01,000 --> 00:00:04,000`, then its text."
        case .endsBeforeStart(let file, let line, let start, let end):
            return
                "\(file):\(line):1: The cue ends at \(WebVTTTimestamp.text(end)), before it starts at \(WebVTTTimestamp.text(start)); give it an end time after its start."
        case .invalidASS(let file, let line, let column, let reason):
            return "\(file):\(line):\(column): In this ASS file, \(reason)."
        case .libassFailed(let file, let reason):
            return "libass could not draw the subtitle file \(file): \(reason)."
        }
    }

    public var errorDescription: String? { description }

    /// Foundation's reason, without its domain and code.
    static func reason(_ error: any Error) -> String {
        let text = (error as NSError).localizedFailureReason ?? error.localizedDescription
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
}
