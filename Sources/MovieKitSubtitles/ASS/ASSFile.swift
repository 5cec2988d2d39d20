import Foundation

/// An ASS or SSA (`.ass`, `.ssa`) subtitle file's outline: its script size, styles' fonts and
/// events, read to check the file before the first frame and to list its events. libass draws it
/// (``ASSContent``); this reader does not interpret override tags beyond taking them out of
/// ``Event/plainText``.
///
/// Reading is as lenient as libass's where libass is lenient (unknown sections and keys, comments,
/// blank lines), and strict where libass would silently show nothing: an `[Events]` `Format` line
/// without `Start`, `End` or `Text` (or with `Text` before the last field), an event whose time
/// cannot be read, or one that ends before it starts. Each error names the file, line and column.
public struct ASSFile: Sendable, Hashable {
    /// One `Dialogue` line.
    public struct Event: Sendable, Hashable {
        /// When the event appears, in seconds (ASS times have centiseconds).
        public var startTime: Double
        /// When it disappears, in seconds.
        public var endTime: Double
        /// The style's name.
        public var style: String
        /// The `Name` (or `Actor`) field: who speaks.
        public var name: String
        /// The stacking layer: higher layers are drawn over lower ones.
        public var layer: Int
        /// The margins that replace the style's, in script pixels (0 keeps the style's).
        public var marginL = 0
        public var marginR = 0
        public var marginV = 0
        /// The `Effect` field (`Banner;…`, `Scroll up;…`), or empty.
        public var effect = ""
        /// The text as written, with its override tags (`{\k20}`, `{\pos(10,20)}`) and `\N` breaks.
        public var text: String
        /// The 1-based line of the event in the file.
        public var line: Int

        /// The text without override blocks, with `\N` and `\n` as line breaks and `\h` as a
        /// no-break space; drawing commands (`{\p1}` … `{\p0}`) are left out.
        public var plainText: String { ASSText.plain(text) }
    }

    /// The script's width (`PlayResX`), or `nil` where the file leaves it out.
    public var playResX: Int?
    /// The script's height (`PlayResY`), or `nil` where the file leaves it out.
    public var playResY: Int?
    /// The script's title, if it has one.
    public var title: String?
    /// `SSA` for `ScriptType: v4.00` and `[V4 Styles]`, `ASS` otherwise.
    public var formatName = "ASS"
    /// The font names the styles use, in the order they are defined.
    public var styleFonts: [String] = []
    /// A style's name, its font, and where the font is written.
    public struct Style: Sendable, Hashable {
        public var name: String
        /// The font's name, without the leading `@` of vertical text.
        public var font: String
        /// The line and column (from 1) of the font's name.
        public var line: Int
        public var column: Int
    }

    /// The styles, in the order they are defined.
    public var styles: [Style] = []
    /// The style names defined.
    public var styleNames: [String] = []
    /// The `Dialogue` events, in the file's order.
    public var events: [Event] = []
    /// The file's sections before `[Events]` (script info and styles), with the `[Events]` heading
    /// and its `Format` line: the header an ASS subtitle stream carries.
    public var header = ""
    /// Whether the file embeds fonts (a `[Fonts]` section).
    public var embedsFonts = false
    /// The names the fonts embedded in the `[Fonts]` section answer to, lowercased: families, full
    /// names and PostScript names, as FrameDraw's `Font.names(inFontData:)` reads them.
    public var embeddedFontNames = Set<String>()
    /// What was skipped or read leniently, one sentence each, starting with `file:line:`.
    public var warnings: [String] = []
    /// The column of each event's Text field, for messages about it.
    var textColumns: [Int] = []

    /// The size a subtitle file is rendered at when none is asked for: `PlayResX` x `PlayResY`,
    /// the missing side in 4:3 (16:9 is not assumed, as libass does not), else 1920x1080.
    public var naturalSize: (width: Int, height: Int) {
        switch (playResX, playResY) {
        case (let width?, let height?): (width, height)
        case (let width?, nil): (width, max(1, width * 3 / 4))
        case (nil, let height?): (max(1, height * 4 / 3), height)
        case (nil, nil): (1920, 1080)
        }
    }

    /// The most events read; a film has a few thousand, karaoke a few tens of thousands.
    public static let maximumEventCount = 500_000

    /// Reads ASS or SSA text.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - fileName: The file as the user named it, for messages.
    /// - Throws: ``SubtitleError/invalidASS(file:line:column:reason:)`` or `.tooManyCues`.
    public init(parsing text: String, fileName: String = "input.ass") throws {
        var reader = ASSReader(fileName: fileName)
        try reader.read(text)
        self = reader.file
    }

    /// Reads an ASS or SSA file (UTF-8, UTF-16 with a byte order mark, or Windows-1252).
    /// - Throws: `SubtitleError.unreadableFile`, `.fileTooLarge`, or what `init(parsing:fileName:)` throws.
    public init(contentsOf url: URL) throws {
        try self.init(parsing: SubtitleText.decode(try SubtitleFiles.contents(of: url)).text, fileName: url.path)
    }

    init() {}

    /// The events as WebVTT cues (their plain text), for listing and inspection.
    public var cues: [WebVTTCue] {
        events.enumerated().map { index, event in
            WebVTTCue(id: String(index + 1), startTime: event.startTime, endTime: event.endTime, text: event.plainText)
        }
    }
}

/// Reads an ASS file's sections line by line.
struct ASSReader {
    let fileName: String
    var file = ASSFile()
    private var section = ""
    private var eventFields: [String]?

    init(fileName: String) {
        self.fileName = fileName
    }

    /// Whether the file says it is ASS or SSA (a `ScriptType` or a styles section), as libass needs.
    private var saysItsType = false
    private var fonts = ASSEmbeddedFonts()

    mutating func read(_ text: String) throws {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var headerLines: [Substring] = []
        for (index, rawLine) in SubtitleText.lines(of: text).enumerated() {
            let lineNumber = index + 1
            if section != "[events]" && file.header.isEmpty { headerLines.append(rawLine) }
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            // Font data uses `;`, `[` and `:` too: in [Fonts], only a heading is not font data.
            if section == "[fonts]", !ASSEmbeddedFonts.isHeading(line) {
                if !line.isEmpty { fonts.read(line) }
                continue
            }
            if line.isEmpty || line.hasPrefix(";") || line.hasPrefix("!:") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                fonts.finish()
                if line.lowercased() == "[events]" && file.header.isEmpty {
                    // The header ends before this heading; MovieKit writes its own `[Events]` and `Format`.
                    file.header = headerLines.dropLast().joined(separator: "\n") + "\n"
                }
                section = line.lowercased()
                if section == "[v4 styles]" { file.formatName = "SSA" }
                if section == "[v4 styles]" || section == "[v4+ styles]" { saysItsType = true }
                if section == "[fonts]" { file.embedsFonts = true }
                if section == "[v4++ styles]" {
                    file.warnings.append(
                        "\(fileName):\(lineNumber): libass does not read a [V4++ Styles] section, so its styles are not used and every event takes libass's default style; rename the heading to [V4+ Styles] (libass then reads the styles, with MarginV in place of MarginT and MarginB)."
                    )
                }
                continue
            }
            guard let colon = rawLine.firstIndex(of: ":") else { continue }
            let key = rawLine[..<colon].trimmingCharacters(in: .whitespaces)
            let afterColon = rawLine[rawLine.index(after: colon)...]
            let value = afterColon.trimmingCharacters(in: .whitespaces)
            // The column (from 1) of the value's first character.
            let leading = afterColon.prefix { $0 == " " || $0 == "\t" }.count
            let valueColumn = rawLine.distance(from: rawLine.startIndex, to: colon) + 2 + leading
            switch section {
            case "[script info]": readScriptInfo(key: key, value: value)
            case "[v4+ styles]", "[v4 styles]":
                readStyle(key: key, value: value, line: lineNumber, valueColumn: valueColumn)
            case "[events]":
                try readEvent(key: key, value: value, line: lineNumber, valueColumn: valueColumn)
            default: continue
            }
        }
        fonts.finish()
        file.embeddedFontNames = fonts.names
        if file.header.isEmpty { file.header = headerLines.joined(separator: "\n") + "\n" }
        file.header += "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
        if !saysItsType, !file.events.isEmpty {
            throw SubtitleError.invalidASS(
                file: fileName, line: 1, column: 1,
                reason:
                    "the file has neither a `ScriptType` line nor a [V4+ Styles] section, so libass cannot tell ASS from SSA and shows nothing; add `ScriptType: v4.00+` under [Script Info]"
            )
        }
    }

    private mutating func readScriptInfo(key: String, value: String) {
        switch key.lowercased() {
        case "playresx": file.playResX = Int(value).flatMap { $0 > 0 ? $0 : nil }
        case "playresy": file.playResY = Int(value).flatMap { $0 > 0 ? $0 : nil }
        case "title": file.title = value
        case "scripttype":
            saysItsType = true
            if value.lowercased() == "v4.00" { file.formatName = "SSA" }
        default: break
        }
    }

    private mutating func readStyle(key: String, value: String, line: Int, valueColumn: Int) {
        guard key.lowercased() == "style" else { return }
        let fields = value.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count >= 2 else { return }
        let name = fields[0].trimmingCharacters(in: .whitespaces)
        file.styleNames.append(name)
        // libass reads a leading @ as "vertical" and looks the font up without it.
        var font = fields[1].trimmingCharacters(in: .whitespaces)
        if font.hasPrefix("@") { font.removeFirst() }
        if !file.styleFonts.contains(font) { file.styleFonts.append(font) }
        let column = valueColumn + fields[0].count + 1 + fields[1].prefix { $0 == " " }.count
        file.styles.append(ASSFile.Style(name: name, font: font, line: line, column: column))
    }

    private mutating func readEvent(key: String, value: String, line: Int, valueColumn: Int) throws {
        switch key.lowercased() {
        case "format":
            let written = value.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let fields = written.map { $0.lowercased() }
            for required in ["start", "end", "text"] where !fields.contains(required) {
                throw SubtitleError.invalidASS(
                    file: fileName, line: line, column: valueColumn,
                    reason:
                        "the [Events] Format line has no `\(required.capitalized)` field, so no event could be placed or shown; write it as `Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text`"
                )
            }
            if fields.last != "text" {
                throw SubtitleError.invalidASS(
                    file: fileName, line: line, column: valueColumn,
                    reason:
                        "the [Events] Format line ends with `\(written.last ?? "")` instead of `Text`; Text must be the last field, since the text may hold commas"
                )
            }
            eventFields = fields
        case "dialogue":
            guard file.events.count < ASSFile.maximumEventCount else {
                throw SubtitleError.tooManyCues(file: fileName, limit: ASSFile.maximumEventCount)
            }
            let fields =
                eventFields ?? [
                    "layer", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text"
                ]
            let values = value.split(separator: ",", maxSplits: fields.count - 1, omittingEmptySubsequences: false)
            guard values.count == fields.count else {
                throw SubtitleError.invalidASS(
                    file: fileName, line: line, column: valueColumn,
                    reason:
                        "the event has \(values.count) fields where the [Events] Format line names \(fields.count); give it a value (possibly empty) for each field, separated by commas"
                )
            }
            func field(_ name: String) -> (text: String, column: Int)? {
                guard let index = fields.firstIndex(of: name) else { return nil }
                let column = valueColumn + values[..<index].reduce(0) { $0 + $1.count + 1 }
                return (String(values[index]), column)
            }
            func time(_ name: String) throws -> Double {
                guard let (text, column) = field(name) else { return 0 }
                guard let seconds = ASSText.time(text.trimmingCharacters(in: .whitespaces)) else {
                    throw SubtitleError.invalidASS(
                        file: fileName, line: line, column: column,
                        reason:
                            "`\(text)` is not an ASS time; write the \(name == "start" ? "Start" : "End") field as H:MM:SS.cc, such as 0:00:01.50"
                    )
                }
                return seconds
            }
            func number(_ name: String) -> Int {
                Int(field(name)?.text.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
            }
            let start = try time("start")
            let end = try time("end")
            guard end >= start else {
                throw SubtitleError.endsBeforeStart(file: fileName, line: line, start: start, end: end)
            }
            file.textColumns.append(field("text")?.column ?? valueColumn)
            file.events.append(
                ASSFile.Event(
                    startTime: start, endTime: end, style: field("style")?.text ?? "Default",
                    name: field("name")?.text ?? field("actor")?.text ?? "",
                    layer: number("layer"), marginL: number("marginl"), marginR: number("marginr"),
                    marginV: number("marginv"), effect: field("effect")?.text ?? "", text: field("text")?.text ?? "",
                    line: line))
        default:
            break
        }
    }
}

/// ASS times and text.
enum ASSText {
    /// Reads `H:MM:SS.cc` as libass does: hours, minutes, seconds and a fraction counted in
    /// hundredths whatever its number of digits (`0:00:01.5` is 1.05 s).
    static func time(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]), hours >= 0, minutes >= 0
        else { return nil }
        let secondParts = parts[2].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(secondParts.count), let seconds = Int(secondParts[0]), seconds >= 0 else { return nil }
        var hundredths = 0
        if secondParts.count == 2 {
            guard let value = Int(secondParts[1]), value >= 0 else { return nil }
            hundredths = value
        }
        guard hours < 1_000_000, minutes < 1_000_000, seconds < 1_000_000, hundredths < 1_000_000 else { return nil }
        let milliseconds = ((hours * 60 + minutes) * 60 + seconds) * 1000 + hundredths * 10
        return Double(milliseconds) / 1000
    }

    /// The text of an event without its override blocks and drawings.
    static func plain(_ text: String) -> String {
        var result = ""
        var drawing = false
        // A `{` after the last `}` opens no block: not looking for one keeps many such braces linear.
        let lastClose = text.lastIndex(of: "}")
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "{", let lastClose, index < lastClose, let close = text[index...].firstIndex(of: "}") {
                let block = text[text.index(after: index)..<close]
                if let scale = drawingScale(in: block) { drawing = scale > 0 }
                index = text.index(after: close)
                continue
            }
            if character == "\\", text.index(after: index) < text.endIndex {
                let next = text[text.index(after: index)]
                if next == "N" || next == "n" || next == "h" {
                    if !drawing { result.append(next == "h" ? "\u{00A0}" : "\n") }
                    index = text.index(index, offsetBy: 2)
                    continue
                }
            }
            if !drawing { result.append(character) }
            index = text.index(after: index)
        }
        return result
    }

    /// The last `\pN` of an override block, if it has one.
    private static func drawingScale(in block: Substring) -> Int? {
        var scale: Int?
        var rest = block[...]
        while let range = rest.range(of: "\\p") {
            let digits = rest[range.upperBound...].prefix { $0.isNumber }
            if let value = Int(digits) { scale = value }
            rest = rest[range.upperBound...]
        }
        return scale
    }
}
