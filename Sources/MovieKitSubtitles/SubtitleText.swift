import Foundation

/// The text of a subtitle file from its bytes, in the encodings such files come in: UTF-8 (with or
/// without a byte order mark), UTF-16 with a byte order mark (as Windows' Notepad saves "Unicode"),
/// and, when the bytes are not UTF-8, Windows-1252 (the "ANSI" of Western European subtitles).
enum SubtitleText {
    /// The encoding the bytes were read in, for messages.
    enum Encoding: String, Sendable {
        case utf8 = "UTF-8"
        case utf16LittleEndian = "UTF-16LE"
        case utf16BigEndian = "UTF-16BE"
        case windows1252 = "Windows-1252"
    }

    static func decode(_ data: Data) -> (text: String, encoding: Encoding) {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return (String(decoding: bytes.dropFirst(3), as: UTF8.self), .utf8)
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return (utf16(bytes.dropFirst(2), bigEndian: false), .utf16LittleEndian)
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return (utf16(bytes.dropFirst(2), bigEndian: true), .utf16BigEndian)
        }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8) }
        return (String(bytes.map { windows1252($0) }.map(Character.init)), .windows1252)
    }

    /// The lines of `text`, each ended by CRLF, CR or LF (splitting on `Character` would keep CRLF
    /// as one character, so this splits on scalars); the text after the last line end is a last
    /// line, possibly empty.
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var position = start
        while position < scalars.endIndex {
            let scalar = scalars[position]
            if scalar == "\n" || scalar == "\r" {
                lines.append(Substring(scalars[start..<position]))
                var next = scalars.index(after: position)
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                position = next
                start = next
            } else {
                position = scalars.index(after: position)
            }
        }
        lines.append(Substring(scalars[start..<scalars.endIndex]))
        return lines
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Windows-1252: Latin-1 but for 0x80–0x9F, which hold typographic marks (and five holes, read as
    /// U+FFFD).
    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar {
        let high: [UInt32] = [
            0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152,
            0xFFFD, 0x017D, 0xFFFD, 0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122,
            0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178
        ]
        let value = (0x80...0x9F).contains(byte) ? high[Int(byte) - 0x80] : UInt32(byte)
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
