import Foundation

/// The first image file directory (IFD0) of a TIFF structure: a TIFF file, or the TIFF block inside
/// an EXIF segment or chunk.
///
/// Only IFD0 is read. The "next IFD" offset and sub-IFD pointers (EXIF, GPS) are never followed, so a
/// file whose offsets point back at themselves cannot make the reader loop; the one loop, over IFD0's
/// entries, is bounded by the 16-bit entry count and by the end of the data.
struct TIFFDirectory {
    private let reader: ByteReader
    private let bigEndian: Bool
    private let entriesOffset: Int
    private let entryCount: Int

    /// Reads the byte order, the magic number 42 and IFD0's entry count from a TIFF structure that
    /// starts at offset 0 of `reader` (offsets inside it are relative to that start).
    /// Returns `nil` when any of them is missing or wrong.
    init?(_ reader: ByteReader) {
        if reader.matches(Array("MM".utf8), at: 0) {
            bigEndian = true
        } else if reader.matches(Array("II".utf8), at: 0) {
            bigEndian = false
        } else {
            return nil
        }
        guard reader.uint16(at: 2, bigEndian: bigEndian) == 42,
            let ifdOffset = reader.uint32(at: 4, bigEndian: bigEndian),
            let entryCount = reader.uint16(at: Int(ifdOffset), bigEndian: bigEndian)
        else { return nil }
        self.reader = reader
        self.entriesOffset = Int(ifdOffset) + 2
        self.entryCount = Int(entryCount)
    }

    /// The directory at `offset` in the same TIFF structure (such as the EXIF sub-IFD a tag points
    /// to). The caller follows at most one pointer, so offsets cannot make it loop.
    private init?(reader: ByteReader, bigEndian: Bool, offset: Int) {
        guard let entryCount = reader.uint16(at: offset, bigEndian: bigEndian) else { return nil }
        self.reader = reader
        self.bigEndian = bigEndian
        entriesOffset = offset + 2
        self.entryCount = Int(entryCount)
    }

    /// The EXIF sub-directory that IFD0's tag 0x8769 points to.
    var exifDirectory: TIFFDirectory? {
        integer(tag: 0x8769).flatMap { TIFFDirectory(reader: reader, bigEndian: bigEndian, offset: $0) }
    }

    /// The text of an ASCII `tag` (type 2), without its terminating zero.
    func ascii(tag: UInt16) -> String? {
        for index in 0..<entryCount {
            let entry = entriesOffset + index * 12
            guard let entryTag = reader.uint16(at: entry, bigEndian: bigEndian),
                let type = reader.uint16(at: entry + 2, bigEndian: bigEndian),
                let count = reader.uint32(at: entry + 4, bigEndian: bigEndian)
            else { return nil }
            guard entryTag == tag, type == 2, count > 0, count < 256 else { continue }
            let start = count <= 4 ? entry + 8 : reader.uint32(at: entry + 8, bigEndian: bigEndian).map(Int.init) ?? -1
            let bytes = (0..<Int(count)).compactMap { reader.byte(at: start + $0) }.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return nil
    }

    /// The value of `tag` when IFD0 holds it as one SHORT or LONG (the value then sits in the entry
    /// itself); `nil` when the tag is absent, has another type, or its entry runs past the data.
    func integer(tag: UInt16) -> Int? {
        for index in 0..<entryCount {
            let entry = entriesOffset + index * 12
            guard let entryTag = reader.uint16(at: entry, bigEndian: bigEndian),
                let type = reader.uint16(at: entry + 2, bigEndian: bigEndian)
            else { return nil }  // The directory is cut short.
            guard entryTag == tag else { continue }
            return switch type {
            case 3: reader.uint16(at: entry + 8, bigEndian: bigEndian).map(Int.init)  // SHORT
            case 4: reader.uint32(at: entry + 8, bigEndian: bigEndian).map(Int.init)  // LONG
            default: nil
            }
        }
        return nil
    }
}
