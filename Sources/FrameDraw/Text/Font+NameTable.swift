import Foundation

extension Font {
    /// The names of a TrueType or OpenType font, or of every font of a collection, given as its bytes
    /// (a font embedded in a subtitle file): families (name IDs 1 and 16, in every language the font
    /// gives them), full names (4) and PostScript names (6), lowercased, as ``names(inFileAt:)``
    /// gives them for a file. Read from the font's `name` table; empty when the bytes are not a font.
    public static func names(inFontData bytes: [UInt8]) -> Set<String> {
        let data = FontBytes(bytes: bytes)
        guard let tag = data.uint32(at: 0) else { return [] }
        // A collection ('ttcf') lists the offsets of its fonts' table directories.
        guard tag == 0x7474_6366 else { return data.names(directoryAt: 0) }
        guard let count = data.uint32(at: 8) else { return [] }
        var result = Set<String>()
        for index in 0..<Int(min(count, 64)) {
            guard let offset = data.uint32(at: 12 + 4 * index) else { break }
            result.formUnion(data.names(directoryAt: Int(offset)))
        }
        return result
    }
}

/// Big-endian reads that return `nil` past the end instead of trapping: the bytes come from files.
private struct FontBytes {
    let bytes: [UInt8]

    func uint16(at offset: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func uint32(at offset: Int) -> UInt32? {
        guard let high = uint16(at: offset), let low = uint16(at: offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    /// The names in the `name` table of the font whose table directory starts at `directory`.
    func names(directoryAt directory: Int) -> Set<String> {
        guard let tableCount = uint16(at: directory + 4) else { return [] }
        for index in 0..<tableCount {
            let record = directory + 12 + 16 * index
            guard let tag = uint32(at: record), let offset = uint32(at: record + 8) else { return [] }
            if tag == 0x6E61_6D65 { return names(tableAt: Int(offset)) }  // 'name'
        }
        return []
    }

    private func names(tableAt table: Int) -> Set<String> {
        guard let count = uint16(at: table + 2), let storage = uint16(at: table + 4) else { return [] }
        var result = Set<String>()
        for index in 0..<count {
            let record = table + 6 + 12 * index
            guard let platform = uint16(at: record), let encoding = uint16(at: record + 2),
                let nameID = uint16(at: record + 6), let length = uint16(at: record + 8),
                let offset = uint16(at: record + 10)
            else { break }
            guard [1, 4, 6, 16].contains(nameID) else { continue }
            let start = table + storage + offset
            guard start >= 0, length > 0, start + length <= bytes.count else { continue }
            let raw = bytes[start..<start + length]
            let name: String?
            switch platform {
            case 0, 3:  // Unicode and Windows: UTF-16, big-endian.
                let units = stride(from: raw.startIndex, to: raw.endIndex - 1, by: 2).map {
                    UInt16(raw[$0]) << 8 | UInt16(raw[$0 + 1])
                }
                name = String(decoding: units, as: UTF16.self)
            case 1 where encoding == 0:  // Macintosh Roman: its ASCII half is what names use.
                name = String(decoding: raw.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            default:
                name = nil
            }
            if let name, !name.isEmpty { result.insert(name.lowercased()) }
        }
        return result
    }
}
