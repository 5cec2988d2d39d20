import Foundation

/// The specification's small readers over one line of a WebVTT file: timestamps, the timing line,
/// cue settings, region settings and percentages
/// (https://w3c.github.io/webvtt/#collect-webvtt-cue-timings-and-settings).
struct WebVTTSettingsReader {
    private let scalars: [Unicode.Scalar]
    private(set) var position = 0

    init(_ text: Substring) { scalars = Array(text.unicodeScalars) }
    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        // The specification's ASCII whitespace: tab, line feed, form feed, carriage return and space.
        scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r" || scalar == " "
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x30 && scalar.value <= 0x39 }

    private mutating func skipWhitespace() {
        while let scalar = current, Self.isWhitespace(scalar) { position += 1 }
    }

    private mutating func digits() -> String {
        var result = String.UnicodeScalarView()
        while let scalar = current, Self.isDigit(scalar) {
            result.append(scalar)
            position += 1
        }
        return String(result)
    }

    /// A WebVTT timestamp: `[hh:]mm:ss.ttt`, hours of two or more digits.
    mutating func timestamp() -> Double? {
        guard let first = current, Self.isDigit(first) else { return nil }
        let firstDigits = digits()
        guard let value1 = Double(firstDigits) else { return nil }
        let hours = value1 > 59 || firstDigits.count != 2
        guard current == ":" else { return nil }
        position += 1
        let secondDigits = digits()
        guard secondDigits.count == 2, var value2 = Double(secondDigits) else { return nil }
        var value3: Double
        var value1Hours = value1
        if hours || current == ":" {
            guard current == ":" else { return nil }
            position += 1
            let thirdDigits = digits()
            guard thirdDigits.count == 2, let third = Double(thirdDigits) else { return nil }
            value3 = third
        } else {
            value3 = value2
            value2 = value1
            value1Hours = 0
        }
        guard current == "." else { return nil }
        position += 1
        let fraction = digits()
        guard fraction.count == 3, let value4 = Double(fraction) else { return nil }
        guard value2 <= 59, value3 <= 59 else { return nil }
        return value1Hours * 3600 + value2 * 60 + value3 + value4 / 1000
    }

    /// The timing line: start, `-->`, end, then settings read into `cue`. `nil` when the line is
    /// not a timing line.
    mutating func timings(into cue: inout WebVTTCue, regions: [WebVTTRegion]) -> Bool {
        skipWhitespace()
        guard let start = timestamp() else { return false }
        skipWhitespace()
        for expected: Unicode.Scalar in ["-", "-", ">"] {
            guard current == expected else { return false }
            position += 1
        }
        skipWhitespace()
        guard let end = timestamp() else { return false }
        cue.startTime = start
        cue.endTime = end
        let remainder = String(String.UnicodeScalarView(scalars[position...]))
        Self.readCueSettings(remainder, into: &cue, regions: regions)
        return true
    }

    /// Splits on ASCII whitespace, dropping empty tokens.
    static func tokens(_ text: String) -> [Substring] {
        text.split(whereSeparator: { $0.unicodeScalars.allSatisfy(isWhitespace) })
    }

    /// A `name:value` token, or `nil` when its first colon is its first or last character (or it
    /// has none).
    static func nameAndValue(_ token: Substring) -> (name: Substring, value: Substring)? {
        guard let colon = token.firstIndex(of: ":"), colon != token.startIndex,
            token.index(after: colon) != token.endIndex
        else { return nil }
        return (token[..<colon], token[token.index(after: colon)...])
    }

    /// The cue settings: `region`, `vertical`, `line`, `position`, `size` and `align`. A setting
    /// that is not valid is ignored, as the specification says.
    static func readCueSettings(_ text: String, into cue: inout WebVTTCue, regions: [WebVTTRegion]) {
        for token in tokens(text) {
            guard let (name, value) = nameAndValue(token) else { continue }
            switch name {
            case "region":
                cue.region = regions.last { $0.id == value }
            case "vertical":
                if value == "rl" {
                    cue.writingDirection = .verticalGrowingLeft
                } else if value == "lr" {
                    cue.writingDirection = .verticalGrowingRight
                }
                if cue.writingDirection != .horizontal { cue.region = nil }
            case "line":
                readLine(value, into: &cue)
            case "position":
                let (columnPosition, alignment) = split(value)
                guard let number = percentage(columnPosition) else { continue }
                if let alignment {
                    guard let parsed = WebVTTCue.PositionAlignment(rawValue: String(alignment)), parsed != .auto
                    else { continue }
                    cue.positionAlignment = parsed
                }
                cue.position = number
            case "size":
                if let number = percentage(value) { cue.size = number }
            case "align":
                if let alignment = WebVTTCue.TextAlignment(rawValue: String(value)) { cue.textAlignment = alignment }
            default:
                continue
            }
        }
    }

    /// `value` split at its first comma.
    private static func split(_ value: Substring) -> (Substring, Substring?) {
        guard let comma = value.firstIndex(of: ",") else { return (value, nil) }
        return (value[..<comma], value[value.index(after: comma)...])
    }

    /// The `line` setting: a number of lines, or a percentage, then optionally an alignment.
    private static func readLine(_ value: Substring, into cue: inout WebVTTCue) {
        let (linePosition, alignment) = split(value)
        guard linePosition.unicodeScalars.contains(where: isDigit) else { return }
        let number: Double
        if linePosition.hasSuffix("%") {
            guard let parsed = percentage(linePosition) else { return }
            number = parsed
        } else {
            let scalars = Array(linePosition.unicodeScalars)
            guard scalars.allSatisfy({ isDigit($0) || $0 == "-" || $0 == "." }) else { return }
            guard !scalars.dropFirst().contains("-") else { return }
            let dots = scalars.indices.filter { scalars[$0] == "." }
            guard dots.count <= 1 else { return }
            if let dot = dots.first {
                guard dot > 0, dot + 1 < scalars.count, isDigit(scalars[dot - 1]), isDigit(scalars[dot + 1]) else {
                    return
                }
            }
            // A number past the largest double is no number (as for `VTTCue.line`, a `double`).
            guard let parsed = Double(String(linePosition)), parsed.isFinite else { return }
            // `-0` is zero (adding zero makes a negative zero positive).
            number = parsed + 0
        }
        if let alignment {
            guard let parsed = WebVTTCue.LineAlignment(rawValue: String(alignment)) else { return }
            cue.lineAlignment = parsed
        }
        cue.line = .value(number)
        cue.snapsToLines = !linePosition.hasSuffix("%")
    }

    /// A WebVTT percentage: digits, optionally a full stop and digits, then `%`, from 0 to 100.
    static func percentage(_ text: Substring) -> Double? {
        guard text.hasSuffix("%") else { return nil }
        let number = text.dropLast()
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(isDigit) }),
            let value = Double(String(number)), value >= 0, value <= 100
        else { return nil }
        return value
    }

    /// The settings of a `REGION` block: `id`, `width`, `lines`, `regionanchor`,
    /// `viewportanchor` and `scroll`.
    static func readRegionSettings(_ text: String) -> WebVTTRegion {
        var region = WebVTTRegion()
        for token in tokens(text) {
            guard let (name, value) = nameAndValue(token) else { continue }
            switch name {
            case "id":
                region.id = String(value)
            case "width":
                if let number = percentage(value) { region.width = number }
            case "lines":
                guard value.unicodeScalars.allSatisfy(isDigit), let number = Double(String(value)), number.isFinite
                else { continue }
                region.lines = number
            case "regionanchor", "viewportanchor":
                guard let comma = value.firstIndex(of: ","),
                    let x = percentage(value[..<comma]), let y = percentage(value[value.index(after: comma)...])
                else { continue }
                if name == "regionanchor" {
                    (region.regionAnchorX, region.regionAnchorY) = (x, y)
                } else {
                    (region.viewportAnchorX, region.viewportAnchorY) = (x, y)
                }
            case "scroll":
                if value == "up" { region.scroll = .up }
            default:
                continue
            }
        }
        return region
    }
}
