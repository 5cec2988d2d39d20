import Foundation

/// A subtitle stream for players to switch on, carried in the movie rather than burned in:
/// `mov_text` in MP4 and MOV, WebVTT in WebM, ASS (for ``assHeader``) or SRT in Matroska.
///
/// Events hold ASS dialogue text, as FFmpeg passes text subtitles between its parts: `\N` breaks
/// a line and override tags (`{\i1}`, `{\b1}`) style it; each container's encoder keeps what its
/// format can say. ``init(cues:language:title:isDefault:)`` makes them from plain text.
///
/// ```swift
/// try writer.addSubtitles(SubtitleTrack(cues: [(1, 3.5, "Hello")], language: "eng"))
/// ```
public struct SubtitleTrack: Sendable, Hashable {
    /// One event: shown from `start` to `end` seconds, with ASS dialogue text.
    public struct Event: Sendable, Hashable {
        public var start: Double
        public var end: Double
        /// The text, with `\N` line breaks and ASS override tags.
        public var text: String
        public var style: String
        public var layer: Int
        public var name: String
        public var marginL: Int
        public var marginR: Int
        public var marginV: Int
        public var effect: String

        public init(
            start: Double, end: Double, text: String, style: String = "Default", layer: Int = 0, name: String = "",
            marginL: Int = 0, marginR: Int = 0, marginV: Int = 0, effect: String = ""
        ) {
            self.start = start
            self.end = end
            self.text = text
            self.style = style
            self.layer = layer
            self.name = name
            self.marginL = marginL
            self.marginR = marginR
            self.marginV = marginV
            self.effect = effect
        }

        /// The fields after `ReadOrder`, as FFmpeg's text subtitle encoders take them.
        var payload: String {
            "\(layer),\(style),\(name),\(marginL),\(marginR),\(marginV),\(effect),\(text)"
        }
    }

    public var events: [Event]
    /// The language as an ISO 639-2 code (`eng`, `fra`, `deu`), or `nil` for none.
    public var language: String?
    /// The track's title, shown by players in their menu, or `nil`.
    public var title: String?
    /// Whether players show the track without being asked (the container's default flag).
    public var isDefault: Bool
    /// An ASS file's sections up to `[Events]` (its script size and styles), kept as ASS in
    /// Matroska; `nil` for MovieKit's own (one `Default` style), written as SRT in Matroska.
    public var assHeader: String?

    /// A track of events.
    public init(
        events: [Event], language: String? = nil, title: String? = nil, isDefault: Bool = false,
        assHeader: String? = nil
    ) {
        self.events = events
        self.language = language
        self.title = title
        self.isDefault = isDefault
        self.assHeader = assHeader
    }

    /// A track of plain-text cues: line breaks become `\N`, and `{` and `}`, which would start an
    /// override block, become `(` and `)`.
    public init(
        cues: [(start: Double, end: Double, text: String)], language: String? = nil, title: String? = nil,
        isDefault: Bool = false
    ) {
        self.init(
            events: cues.map { Event(start: $0.start, end: $0.end, text: Self.assText(plain: $0.text)) },
            language: language, title: title, isDefault: isDefault)
    }

    /// Plain text as ASS dialogue text.
    public static func assText(plain text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\\N")
            .replacingOccurrences(of: "{", with: "(").replacingOccurrences(of: "}", with: ")")
    }

    /// The header of a track without its own: MovieKit's `Default` style, white text with a black
    /// outline at the bottom centre of a 384x288 script.
    static let defaultHeader = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 384
        PlayResY: 288
        ScaledBorderAndShadow: yes

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,Sans,16,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    /// Checks the language and the events' times.
    /// - Throws: `SubtitleTrackError.invalidLanguage` or `.invalidTimes`.
    func validate() throws {
        if let language, !(language.count == 3 && language.allSatisfy({ $0.isASCII && $0.isLowercase })) {
            throw SubtitleTrackError.invalidLanguage(language)
        }
        for (index, event) in events.enumerated()
        where !(event.start.isFinite && event.end.isFinite && event.start >= 0 && event.end >= event.start) {
            throw SubtitleTrackError.invalidTimes(event: index, start: event.start, end: event.end)
        }
    }
}

/// Every error about a subtitle track carried in a movie.
public enum SubtitleTrackError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The container carries no text subtitles (GIF, WebP, a PNG folder).
    case notInContainer(path: String, container: String)
    /// The track was added after the first frame.
    case addedAfterFirstFrame(path: String)
    /// The language is not an ISO 639-2 code.
    case invalidLanguage(String)
    /// An event's times are negative, not finite, or end before they start.
    case invalidTimes(event: Int, start: Double, end: Double)

    public var description: String {
        switch self {
        case .notInContainer(let path, let container):
            return
                "\(path) cannot carry a subtitle track: \(container) has no text subtitles; write .mp4, .mov, .webm or .mkv, or burn the subtitles in."
        case .addedAfterFirstFrame(let path):
            return "A subtitle track for \(path) was added after the first frame; add subtitle tracks before drawing."
        case .invalidLanguage(let language):
            return
                "\"\(language)\" is not an ISO 639-2 language code; use three lower-case letters such as eng, fra, deu or spa."
        case .invalidTimes(let event, let start, let end):
            return
                "Subtitle event \(event + 1) runs from \(start) s to \(end) s; give it times of 0 or more that do not end before they start."
        }
    }

    public var errorDescription: String? { description }
}
