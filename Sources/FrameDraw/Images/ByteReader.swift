import Foundation

/// Bounds-checked big- and little-endian reads from a byte buffer; every read past the end gives `nil`.
///
/// The image header, EXIF and TIFF readers use it so that no offset taken from a file can reach
/// outside the file's bytes. Use it inside the closure that lends `bytes`.
struct ByteReader {
    /// The whole buffer; reads are confined to `start..<end`.
    let bytes: UnsafeRawBufferPointer
    private var start = 0
    private var end: Int

    /// A reader over all of `bytes`.
    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        end = bytes.count
    }

    /// The number of readable bytes.
    var count: Int { end - start }

    /// A reader over `from..<to` of this one, with offsets starting at zero; both ends are clamped to this reader.
    func slice(_ from: Int, _ to: Int) -> ByteReader {
        var reader = self
        reader.start = start + max(0, min(from, count))
        reader.end = start + max(0, min(to, count))
        if reader.end < reader.start { reader.end = reader.start }
        return reader
    }

    /// The byte at `offset`, or `nil` outside the reader.
    func byte(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < count else { return nil }
        return bytes[start + offset]
    }

    /// Whether the bytes at `offset` are `pattern`; false when they run past the end.
    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + pattern.count <= count else { return false }
        return pattern.indices.allSatisfy { bytes[start + offset + $0] == pattern[$0] }
    }

    /// A 16-bit unsigned integer at `offset`.
    func uint16(at offset: Int, bigEndian: Bool) -> UInt16? {
        guard let first = byte(at: offset), let second = byte(at: offset + 1) else { return nil }
        return bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first)
    }

    /// A 24-bit little-endian unsigned integer at `offset` (WebP's VP8X sizes).
    func uint24LittleEndian(at offset: Int) -> Int? {
        guard let low = uint16(at: offset, bigEndian: false), let high = byte(at: offset + 2) else { return nil }
        return Int(high) << 16 | Int(low)
    }

    /// A 32-bit unsigned integer at `offset`.
    func uint32(at offset: Int, bigEndian: Bool) -> UInt32? {
        guard let high = uint16(at: bigEndian ? offset : offset + 2, bigEndian: bigEndian),
            let low = uint16(at: bigEndian ? offset + 2 : offset, bigEndian: bigEndian)
        else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}
