import Foundation

/// A subtitle file in any format MovieKit reads, chosen by its extension: WebVTT (`.vtt`), SRT
/// (`.srt`), or ASS or SSA (`.ass`, `.ssa`). Each gives cues in WebVTT's model (an ASS event's
/// cue has its plain text; libass draws the event itself).
public enum SubtitleDocument: Sendable, Hashable {
    case webVTT(WebVTTFile)
    case srt(SRTFile)
    case ass(ASSFile)

    /// The extensions read, lowercased, and the format each names.
    public static let formats: [(fileExtension: String, name: String)] = [
        ("vtt", "WebVTT"), ("srt", "SRT"), ("ass", "ASS"), ("ssa", "SSA")
    ]

    /// Reads `url` in the format its extension names.
    /// - Throws: `SubtitleError.unsupportedFormat` for another extension, or the reader's errors.
    public init(contentsOf url: URL) throws {
        switch url.pathExtension.lowercased() {
        case "vtt": self = .webVTT(try WebVTTFile(contentsOf: url))
        case "srt": self = .srt(try SRTFile(contentsOf: url))
        case "ass", "ssa":
            var file = try ASSFile(contentsOf: url)
            file.warnings += ASSContent.missingFonts(
                in: file, fileName: url.path,
                fontFiles: ASSFontFile.urls(in: [url.deletingLastPathComponent()]))
            self = .ass(file)
        default: throw SubtitleError.unsupportedFormat(path: url.path)
        }
    }

    /// The format's name: `WebVTT`, `SRT`, `ASS` or `SSA`.
    public var formatName: String {
        switch self {
        case .webVTT: "WebVTT"
        case .srt: "SRT"
        case .ass(let file): file.formatName
        }
    }

    /// The cues in the file's order.
    public var cues: [WebVTTCue] {
        switch self {
        case .webVTT(let file): file.cues
        case .srt(let file): file.cues
        case .ass(let file): file.cues
        }
    }

    /// The `::cue` rules of a WebVTT file's `STYLE` blocks; no rules for the other formats.
    public var styleSheet: CueStyleSheet {
        if case .webVTT(let file) = self { return file.styleSheet }
        return CueStyleSheet()
    }

    /// What the reader skipped or read leniently, one sentence each.
    public var warnings: [String] {
        switch self {
        case .webVTT(let file): file.warnings
        case .srt(let file): file.warnings
        case .ass(let file): file.warnings
        }
    }

    /// The cues shown at `time`: those with `startTime <= time < endTime`.
    public func cues(at time: Double) -> [WebVTTCue] {
        cues.filter { $0.startTime <= time && time < $0.endTime }
    }
}
