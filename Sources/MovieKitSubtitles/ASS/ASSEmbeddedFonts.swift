import FrameDraw

/// The fonts an ASS file embeds in its `[Fonts]` section, as libass reads them: a `fontname:` line
/// names a font, and the lines after it, up to the next `fontname:` or section, hold its bytes in
/// ASS's own encoding (every 4 characters from `!` up carry 3 bytes in 6-bit groups, a shorter
/// group at the end carries 1 or 2).
struct ASSEmbeddedFonts {
    /// The names the embedded fonts answer to, lowercased (`Font.names(inFontData:)`).
    private(set) var names = Set<String>()
    private var pending: (name: String, text: [UInt8])?

    /// The lower-case section headings libass knows, which end the `[Fonts]` section.
    private static let headings = ["[script info]", "[v4+ styles]", "[v4 styles]", "[events]", "[fonts]", "[graphics]"]

    /// Whether `line` (trimmed) starts a section, and so is not font data: a heading libass knows, or
    /// any bracketed line with a character the encoding never uses (a lower-case letter or a space,
    /// as in Aegisub's `[Aegisub Project Garbage]`).
    static func isHeading(_ line: String) -> Bool {
        let lowercased = line.lowercased()
        if headings.contains(where: { lowercased.hasPrefix($0) }) { return true }
        return line.hasPrefix("[") && line.hasSuffix("]") && line.utf8.contains { $0 < 33 || $0 > 96 }
    }

    /// Reads one line of the `[Fonts]` section (trimmed; not a heading).
    mutating func read(_ line: String) {
        if line.hasPrefix("fontname:") {
            finish()
            pending = (String(line.dropFirst("fontname:".count)).trimmingCharacters(in: .whitespaces), [])
        } else if pending != nil {
            pending?.text.append(contentsOf: line.utf8)
        }
    }

    /// Decodes the font being read, if any, and adds its names.
    mutating func finish() {
        guard let font = pending else { return }
        pending = nil
        if let bytes = Self.decode(font.text) { names.formUnion(Font.names(inFontData: bytes)) }
    }

    /// The bytes of ASS's encoding of a font, or `nil` when its length cannot be one (a last group
    /// of one character, which libass refuses too).
    static func decode(_ text: [UInt8]) -> [UInt8]? {
        guard text.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count / 4 * 3 + 2)
        var index = 0
        while index < text.count {
            let group = text[index..<min(index + 4, text.count)]
            var value: UInt32 = 0
            for (position, character) in group.enumerated() {
                value |= UInt32((character &- 33) & 63) << (6 * (3 - position))
            }
            bytes.append(UInt8(value >> 16))
            if group.count >= 3 { bytes.append(UInt8(value >> 8 & 0xFF)) }
            if group.count == 4 { bytes.append(UInt8(value & 0xFF)) }
            index += 4
        }
        return bytes
    }
}
