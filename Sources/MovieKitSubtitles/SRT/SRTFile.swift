import Foundation

/// A SubRip (`.srt`) file read as the files people have are written: numbered cues separated by
/// blank lines (or not), `HH:MM:SS,mmm --> HH:MM:SS,mmm` timings (a full stop for the comma, one or
/// three digits of hours, and fewer millisecond digits are accepted), CRLF, CR or LF line ends,
/// UTF-8, UTF-16 with a byte order mark or Windows-1252, `<i>`, `<b>`, `<u>` and `<font color>`
/// tags, and a leading `{\anN}` position tag.
///
/// Cues are read into WebVTT's model (``WebVTTCue``), as browsers and FFmpeg convert SRT: the text
/// keeps its tags, and `{\anN}` becomes the line and alignment settings (`{\an8}` at the top).
public struct SRTFile: Sendable, Hashable {
    /// The cues in the file's order.
    public var cues: [WebVTTCue] = []
    /// What was read leniently, one sentence each, starting with `file:line:`.
    public var warnings: [String] = []

    /// Reads SRT text.
    /// - Parameters:
    ///   - text: The file's text.
    ///   - fileName: The file as the user named it, for messages.
    /// - Throws: `SubtitleError.invalidTiming`, `.missingTiming`, `.endsBeforeStart` or
    ///   `.tooManyCues`, each with the line.
    public init(parsing text: String, fileName: String = "input.srt") throws {
        var reader = SRTReader(text: text, fileName: fileName)
        self = try reader.read()
    }

    /// Reads an SRT file in whichever of its usual encodings it is.
    /// - Throws: `SubtitleError.unreadableFile`, `.fileTooLarge`, or what `init(parsing:fileName:)` throws.
    public init(contentsOf url: URL) throws {
        try self.init(data: try SubtitleFiles.contents(of: url), fileName: url.path)
    }

    /// Reads SRT bytes in whichever of its usual encodings they are.
    /// - Throws: What `init(parsing:fileName:)` throws.
    public init(data: Data, fileName: String = "input.srt") throws {
        try self.init(parsing: SubtitleText.decode(data).text, fileName: fileName)
    }

    init() {}

    /// The cues shown at `time`: those with `startTime <= time < endTime`.
    public func cues(at time: Double) -> [WebVTTCue] {
        cues.filter { $0.startTime <= time && time < $0.endTime }
    }
}

/// The SRT reader: one pass over the lines, a cue at a time.
struct SRTReader {
    private let lines: [Substring]
    private let fileName: String
    private var index = 0

    init(text: String, fileName: String) {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        lines = SubtitleText.lines(of: text)
        self.fileName = fileName
    }

    private static func isBlank(_ line: Substring) -> Bool { line.allSatisfy(\.isWhitespace) }
    private static func isNumber(_ line: Substring) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && trimmed.unicodeScalars.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 }
    }
    private static func isTiming(_ line: Substring) -> Bool { line.contains("-->") }

    /// Whether a new cue starts at `index`: a timing line, or a number followed by one.
    private func cueStarts(at index: Int) -> Bool {
        guard index < lines.count else { return false }
        if Self.isTiming(lines[index]) { return true }
        return Self.isNumber(lines[index]) && index + 1 < lines.count && Self.isTiming(lines[index + 1])
    }

    mutating func read() throws -> SRTFile {
        var file = SRTFile()
        while index < lines.count {
            if Self.isBlank(lines[index]) {
                index += 1
                continue
            }
            guard cueStarts(at: index) else {
                let line = lines[index]
                // Text after a stray blank line inside a cue: kept with the cue before it.
                guard var previous = file.cues.popLast() else {
                    throw SubtitleError.missingTiming(file: fileName, line: index + 1, text: String(line))
                }
                file.warnings.append(
                    "\(fileName):\(index + 1): `\(line)` follows a blank line but starts no cue, so it is read as more text of the cue before it."
                )
                previous.text += "\n" + line
                file.cues.append(previous)
                index += 1
                continue
            }
            var id = ""
            if !Self.isTiming(lines[index]) {
                id = lines[index].trimmingCharacters(in: .whitespaces)
                index += 1
            }
            let timingLine = index + 1
            var cue = WebVTTCue(id: id, startTime: 0, endTime: 0, text: "", sourceLine: timingLine)
            (cue.startTime, cue.endTime) = try timing(lines[index], line: timingLine)
            guard cue.endTime >= cue.startTime else {
                throw SubtitleError.endsBeforeStart(
                    file: fileName, line: timingLine, start: cue.startTime, end: cue.endTime)
            }
            index += 1
            var text: [Substring] = []
            while index < lines.count, !Self.isBlank(lines[index]), !cueStarts(at: index) {
                text.append(lines[index])
                index += 1
            }
            cue.text = text.joined(separator: "\n")
            Self.applyPositionTag(to: &cue)
            guard file.cues.count < WebVTTFile.maximumCueCount else {
                throw SubtitleError.tooManyCues(file: fileName, limit: WebVTTFile.maximumCueCount)
            }
            file.cues.append(cue)
        }
        return file
    }

    /// `start --> end`, each `H:MM:SS,mmm`; anything after the end time (old position boxes such as
    /// `X1:100 X2:200`) is ignored.
    private func timing(_ line: Substring, line number: Int) throws -> (Double, Double) {
        var scanner = TimestampScanner(Array(line.unicodeScalars))
        scanner.skipSpaces()
        guard let start = scanner.timestamp() else { throw invalid(line, number, scanner.position) }
        scanner.skipSpaces()
        guard scanner.take("-->") else { throw invalid(line, number, scanner.position) }
        scanner.skipSpaces()
        guard let end = scanner.timestamp() else { throw invalid(line, number, scanner.position) }
        return (start, end)
    }

    private func invalid(_ line: Substring, _ number: Int, _ position: Int) -> SubtitleError {
        .invalidTiming(file: fileName, line: number, column: position + 1, text: String(line))
    }

    /// Moves a leading `{\anN}` (the numeric keypad: 7 8 9 at the top, 1 2 3 at the bottom) out of
    /// the text into the cue's line and alignment, as players place such cues.
    static func applyPositionTag(to cue: inout WebVTTCue) {
        let text = cue.text
        guard text.hasPrefix("{\\an"), text.count >= 6, let digit = text.dropFirst(4).first?.wholeNumberValue,
            (1...9).contains(digit), text.dropFirst(5).first == "}"
        else { return }
        cue.text = String(text.dropFirst(6))
        switch digit {
        case 7, 8, 9:
            cue.line = .value(0)
        case 4, 5, 6:
            cue.line = .value(50)
            cue.snapsToLines = false
            cue.lineAlignment = .center
        default:
            break
        }
        switch digit % 3 {
        case 1: cue.textAlignment = .left
        case 0: cue.textAlignment = .right
        default: cue.textAlignment = .center
        }
    }
}

/// Reads SRT timestamps: hours (one or more digits), minutes and seconds of two digits, then a
/// comma or full stop and one to three digits of milliseconds.
private struct TimestampScanner {
    let scalars: [Unicode.Scalar]
    var position = 0

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func skipSpaces() {
        while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" { position += 1 }
    }

    mutating func take(_ text: String) -> Bool {
        let expected = Array(text.unicodeScalars)
        guard position + expected.count <= scalars.count,
            Array(scalars[position..<position + expected.count]) == expected
        else { return false }
        position += expected.count
        return true
    }

    private mutating func digits(maximum: Int = .max) -> (value: Double, count: Int)? {
        var value = 0.0
        var count = 0
        while position < scalars.count, count < maximum, (0x30...0x39).contains(scalars[position].value) {
            value = value * 10 + Double(scalars[position].value - 0x30)
            count += 1
            position += 1
        }
        return count > 0 ? (value, count) : nil
    }

    /// Minutes or seconds: two digits below 60. On failure the position stays at the field's start,
    /// so that a message points at it.
    private mutating func field() -> Double? {
        let start = position
        guard let field = digits(maximum: 2), field.count == 2, field.value < 60 else {
            position = start
            return nil
        }
        return field.value
    }

    mutating func timestamp() -> Double? {
        guard let hours = digits() else { return nil }
        guard take(":"), let minutes = field() else { return nil }
        guard take(":"), let seconds = field() else { return nil }
        guard take(",") || take(".") else { return nil }
        guard let fraction = digits(maximum: 3) else { return nil }
        let milliseconds = fraction.value * [100.0, 10, 1][fraction.count - 1]
        return hours.value * 3600 + minutes * 60 + seconds + milliseconds / 1000
    }
}
