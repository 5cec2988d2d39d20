import Foundation

/// The WebVTT specification's parser (https://w3c.github.io/webvtt/#webvtt-parser-algorithm),
/// step by step over the file's lines: the signature, the header, then blocks separated by blank
/// lines, each a cue, a `STYLE` or `REGION` block (before the first cue only), a `NOTE` or
/// something else, which is skipped.
struct WebVTTParser {
    /// The file's lines after the specification's preprocessing: NUL becomes U+FFFD and CRLF, CR
    /// and LF all end a line.
    private let lines: [Substring]
    /// Whether the text ends with a line feed (so the last line is complete but empty after it).
    private var index = 0
    private let fileName: String
    private var file = WebVTTFile()
    private var seenCue = false

    init(text: String, fileName: String) {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.contains("\0") { text = text.replacingOccurrences(of: "\0", with: "\u{FFFD}") }
        // The text after the last line end is a last line, possibly empty; "past the end of input"
        // is after it.
        lines = SubtitleText.lines(of: text)
        self.fileName = fileName
    }

    private var atEnd: Bool { index >= lines.count || (index == lines.count - 1 && lines[index].isEmpty) }

    mutating func parse() throws -> WebVTTFile {
        let signature = lines.first ?? ""
        guard signature.hasPrefix("WEBVTT") else {
            throw SubtitleError.notWebVTT(file: fileName, reason: "it does not start with `WEBVTT`")
        }
        if signature.unicodeScalars.count > 6 {
            let seventh = signature.unicodeScalars[signature.unicodeScalars.index(signature.startIndex, offsetBy: 6)]
            guard seventh == " " || seventh == "\t" else {
                throw SubtitleError.notWebVTT(
                    file: fileName,
                    reason:
                        "`WEBVTT` is followed by `\(seventh)`, where only a space, a tab or the end of the line may follow"
                )
            }
        }
        index = 1
        if atEnd { return file }
        // The header: the lines after the signature up to a blank line (or a line with "-->").
        if !lines[index].isEmpty {
            _ = try collectBlock(inHeader: true)
        } else {
            index += 1
        }
        skipBlankLines()
        while !atEnd {
            try collectBlock(inHeader: false)
            skipBlankLines()
        }
        return file
    }

    private mutating func skipBlankLines() {
        while index < lines.count, lines[index].isEmpty, !atEnd { index += 1 }
        if atEnd { index = lines.count }
    }

    /// Collects one block, from `index` to a blank line, and adds what it is to the file.
    @discardableResult
    private mutating func collectBlock(inHeader: Bool) throws -> Bool {
        let firstLine = index + 1
        var lineCount = 0
        var buffer = ""
        var seenArrow = false
        var cue: WebVTTCue?
        var isStyle = false
        var isRegion = false
        var skippedTiming: (line: Int, text: Substring)?
        while index < lines.count {
            let line = lines[index]
            let lineNumber = index + 1
            lineCount += 1
            index += 1
            if line.contains("-->") {
                if !inHeader, lineCount == 1 || (lineCount == 2 && !seenArrow) {
                    seenArrow = true
                    var candidate = WebVTTCue(id: buffer, startTime: 0, endTime: 0, text: "", sourceLine: lineNumber)
                    var reader = WebVTTSettingsReader(line)
                    if reader.timings(into: &candidate, regions: file.regions) {
                        cue = candidate
                        buffer = ""
                        seenCue = true
                    } else {
                        cue = nil
                        skippedTiming = (lineNumber, line)
                    }
                } else {
                    // A second timing line (or one in the header) starts the next block.
                    index -= 1
                    break
                }
            } else if line.isEmpty {
                break
            } else {
                if !inHeader, lineCount == 2, !seenCue {
                    if Self.isKeyword("STYLE", buffer) {
                        isStyle = true
                        buffer = ""
                    } else if Self.isKeyword("REGION", buffer) {
                        isRegion = true
                        buffer = ""
                    }
                }
                if !buffer.isEmpty { buffer += "\n" }
                buffer += line
            }
        }
        if var cue {
            guard file.cues.count < WebVTTFile.maximumCueCount else {
                throw SubtitleError.tooManyCues(file: fileName, limit: WebVTTFile.maximumCueCount)
            }
            cue.text = buffer
            if cue.endTime <= cue.startTime {
                file.warnings.append(
                    "\(fileName):\(cue.sourceLine): The cue ends at \(WebVTTTimestamp.text(cue.endTime)), not after it starts at \(WebVTTTimestamp.text(cue.startTime)), so it never shows; give it an end time after its start."
                )
            }
            file.cues.append(cue)
            return true
        }
        if isStyle {
            file.styleSheets.append(buffer)
            // The CSS starts on the line after `STYLE`.
            let before = file.styleSheet.warnings.count
            file.styleSheet.append(css: buffer, fileName: fileName, firstLine: firstLine + 1)
            file.warnings += file.styleSheet.warnings[before...]
        } else if isRegion {
            file.regions.append(WebVTTSettingsReader.readRegionSettings(buffer))
        } else if let skippedTiming {
            file.warnings.append(
                "\(fileName):\(skippedTiming.line): `\(skippedTiming.text)` is not a WebVTT timing line, so the cue is skipped; write it as `00:01.000 --> 00:04.000` (hours optional, milliseconds after a full stop)."
            )
        } else if !inHeader, !buffer.hasPrefix("NOTE"), !(lineCount == 1 && buffer.isEmpty) {
            // A block that is neither a cue, a note, a style sheet nor a region.
            let first = buffer.split(separator: "\n", maxSplits: 1).first ?? ""
            file.warnings.append(
                "\(fileName):\(firstLine): The block starting `\(first)` has no timing line, so it is skipped; a cue starts with an optional id line and then `start --> end`."
            )
        }
        return false
    }

    /// Whether `buffer` is `keyword` followed by nothing but ASCII whitespace.
    private static func isKeyword(_ keyword: String, _ buffer: String) -> Bool {
        buffer.hasPrefix(keyword)
            && buffer.dropFirst(keyword.count).unicodeScalars.allSatisfy(WebVTTSettingsReader.isWhitespace)
    }
}

/// Seconds written as a WebVTT timestamp with hours, `hh:mm:ss.ttt`, for messages and listings.
package enum WebVTTTimestamp {
    package static func text(_ value: Double) -> String {
        // Hours may have any number of digits; past a million hours, seconds say it plainly.
        guard value.isFinite, value >= 0, value < 3.6e9 else { return "\(value) seconds" }
        let milliseconds = Int((value * 1000).rounded())
        let hours = milliseconds / 3_600_000
        let minutes = milliseconds / 60_000 % 60
        let seconds = milliseconds / 1000 % 60
        let fraction = milliseconds % 1000
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let thousandths = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "\(two(hours)):\(two(minutes)):\(two(seconds)).\(thousandths)"
    }
}
