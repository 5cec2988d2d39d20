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
