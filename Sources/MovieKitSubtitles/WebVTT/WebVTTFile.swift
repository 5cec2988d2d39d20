import Foundation

/// A WebVTT file read by the WebVTT specification's parsing algorithm
/// (https://w3c.github.io/webvtt/#file-parsing): its cues, its regions and its style sheets, as a
/// browser reads the file for a `<track>`.
///
/// As the specification asks, a block that is not a valid cue is skipped and the others are kept;
/// ``warnings`` names each skipped block by its line, so that a user can fix the file. Only a file
/// that does not start with `WEBVTT` is refused.
public struct WebVTTFile: Sendable, Hashable {
    /// The cues in the file's order.
    public var cues: [WebVTTCue] = []
    /// The regions defined before the first cue, in the file's order.
    public var regions: [WebVTTRegion] = []
    /// The text of each `STYLE` block (CSS for `::cue`), in the file's order.
    public var styleSheets: [String] = []
    /// The rules of the `STYLE` blocks, as cues are drawn with them; what they hold that MovieKit
    /// does not apply is in ``warnings``.
    public var styleSheet = CueStyleSheet()
    /// Sentences about blocks that were skipped or cues that can never show, each starting with
    /// `file:line:`.
    public var warnings: [String] = []

    /// The most cues a file may have: far more than any real subtitle file (a feature film has
    /// about two thousand; word-by-word captions of it, tens of thousands), and few enough that
    /// the cues fit in memory.
    public static let maximumCueCount = 500_000

    /// A file with nothing in it, for the parser to fill.
    init() {}

    /// Reads WebVTT text.
    /// - Parameters:
    ///   - text: The file's text. Line ends may be CRLF, CR or LF; a byte order mark is skipped.
    ///   - fileName: The file as the user named it, for messages.
    /// - Throws: `SubtitleError.notWebVTT` when the text does not start with the `WEBVTT`
    ///   signature, or `.tooManyCues` past ``maximumCueCount``.
    public init(parsing text: String, fileName: String = "input.vtt") throws {
        var parser = WebVTTParser(text: text, fileName: fileName)
        self = try parser.parse()
    }

    /// Reads a WebVTT file as UTF-8 (bytes that are not UTF-8 become U+FFFD, as the specification's
    /// decoder makes them).
    /// - Throws: `SubtitleError.unreadableFile`, `.fileTooLarge`, `.notWebVTT` or `.tooManyCues`.
    public init(contentsOf url: URL) throws {
        let data = try SubtitleFiles.contents(of: url)
        try self.init(parsing: String(decoding: data, as: UTF8.self), fileName: url.path)
    }

    /// The cues shown at `time`: those with `startTime <= time < endTime`.
    public func cues(at time: Double) -> [WebVTTCue] {
        cues.filter { $0.startTime <= time && time < $0.endTime }
    }
}

/// Reading a subtitle file's bytes, with the size limit every reader shares.
enum SubtitleFiles {
    /// The largest subtitle file read: a feature film's subtitles are about 100 KB, word-timed
    /// captions of it a few MB.
    static let maximumByteCount = 32 << 20

    /// - Throws: `SubtitleError.unreadableFile` or `.fileTooLarge`.
    static func contents(of url: URL) throws -> Data {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw SubtitleError.unreadableFile(
                path: url.path, reason: "no file exists at this path; check the spelling and the working directory")
        }
        let size: Int
        do {
            let values = try url.resourceValues(forKeys: [.fileSizeKey, .isDirectoryKey])
            if values.isDirectory == true {
                throw SubtitleError.unreadableFile(path: url.path, reason: "it is a folder, not a file")
            }
            size = values.fileSize ?? 0
        } catch let error as SubtitleError {
            throw error
        } catch {
            throw SubtitleError.unreadableFile(path: url.path, reason: SubtitleError.reason(error))
        }
        guard size <= maximumByteCount else {
            throw SubtitleError.fileTooLarge(path: url.path, byteCount: size, limit: maximumByteCount)
        }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw SubtitleError.unreadableFile(path: url.path, reason: SubtitleError.reason(error))
        }
    }
}

extension WebVTTFile {
    /// `seconds` as WebVTT writes a cue time: `hh:mm:ss.ttt`, rounded to the millisecond (hours take as
    /// many digits as they need); a time that is negative, not finite or past a million hours is
    /// written as a number of seconds.
    public static func timestamp(_ seconds: Double) -> String { WebVTTTimestamp.text(seconds) }
}
