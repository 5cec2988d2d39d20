/// Bit-level reading and writing of H.264 raw byte sequence payloads (RBSP, ITU-T H.264 7.2),
/// and the NAL unit framing around them (7.3.1 and Annex B), for `SkipFrameSplicer`.
enum H264Bits {
    /// A NAL unit's payload with its emulation prevention bytes (`0x000003`) removed.
    static func rbsp(_ nal: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(nal.count)
        var zeros = 0
        for byte in nal {
            if zeros >= 2 && byte == 3 {
                zeros = 0
                continue
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }

    /// An RBSP with emulation prevention bytes inserted, ready to follow a NAL header (7.4.1).
    static func escaped(_ rbsp: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(rbsp.count + rbsp.count / 64 + 4)
        var zeros = 0
        for byte in rbsp {
            if zeros >= 2 && byte <= 3 {
                out.append(3)
                zeros = 0
            }
            out.append(byte)
            zeros = byte == 0 ? zeros + 1 : 0
        }
        return out
    }

    /// The NAL units of an Annex B byte stream, each without its start code.
    static func nalUnits(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.withUnsafeBufferPointer { buffer in
            var units: [ArraySlice<UInt8>] = []
            var position = 0
            while let start = nextUnit(in: buffer, from: position) {
                let end = unitEnd(in: buffer, from: start)
                units.append(bytes[start..<end])
                position = end
            }
            return units
        }
    }

    /// Where the next NAL unit at or after `position` in an Annex B stream starts (just after its
    /// start code), or `nil` at the end. Where it ends is `unitEnd`'s to find, which means scanning
    /// the unit for the next start code.
    static func nextUnit(in bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int? {
        var index = position
        while index + 2 < bytes.count {
            if bytes[index] == 0 && bytes[index + 1] == 0 && bytes[index + 2] == 1 {
                return index + 3 < bytes.count ? index + 3 : nil
            }
            index += 1
        }
        return nil
    }

    /// Where an Annex B NAL unit that starts at `start` ends: at the next start code, without the
    /// zero bytes before it, or at the end of the stream.
    static func unitEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = bytes.count
        var index = start
        while index + 2 < bytes.count {
            if bytes[index] == 0 && bytes[index + 1] == 0 && bytes[index + 2] == 1 {
                end = index
                break
            }
            index += 1
        }
        while end > start + 1 && bytes[end - 1] == 0 { end -= 1 }
        return end
    }
}

/// Reads an RBSP bit by bit: fixed-width fields and Exp-Golomb codes (9.1).
struct H264BitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ rbsp: [UInt8]) { bytes = rbsp }

    /// Thrown when a field runs past the end of the payload, or an Exp-Golomb code is too long.
    struct Truncated: Error {}
    /// Thrown for syntax that `SkipFrameSplicer` does not continue from (field pictures, for one).
    struct Unsupported: Error {}

    mutating func bit() throws -> Int {
        guard position < bytes.count * 8 else { throw Truncated() }
        defer { position += 1 }
        return Int(bytes[position >> 3] >> (7 - UInt8(position & 7))) & 1
    }

    mutating func bits(_ count: Int) throws -> Int {
        var value = 0
        for _ in 0..<count { value = value << 1 | (try bit()) }
        return value
    }

    mutating func flag() throws -> Bool { try bit() == 1 }

    /// ue(v).
    mutating func unsigned() throws -> Int {
        var zeros = 0
        while try bit() == 0 {
            zeros += 1
            guard zeros < 32 else { throw Truncated() }
        }
        return (1 << zeros) - 1 + (try bits(zeros))
    }

    /// se(v).
    mutating func signed() throws -> Int {
        let code = try unsigned()
        return code & 1 == 1 ? (code + 1) / 2 : -(code / 2)
    }

    mutating func skip(_ count: Int) throws { _ = try bits(count) }
}

/// Writes an RBSP bit by bit.
struct H264BitWriter {
    private(set) var bytes: [UInt8] = []
    private var used = 8  // Bits used in the last byte.

    var isByteAligned: Bool { used == 8 }

    mutating func bit(_ value: Int) {
        if used == 8 {
            bytes.append(0)
            used = 0
        }
        if value & 1 == 1 { bytes[bytes.count - 1] |= UInt8(0x80) >> UInt8(used) }
        used += 1
    }

    mutating func bits(_ value: Int, _ count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bit(value >> shift) }
    }

    mutating func flag(_ value: Bool) { bit(value ? 1 : 0) }

    /// ue(v).
    mutating func unsigned(_ value: Int) {
        let code = value + 1
        let length = Int.bitWidth - code.leadingZeroBitCount
        bits(0, length - 1)
        bits(code, length)
    }

    /// se(v).
    mutating func signed(_ value: Int) {
        unsigned(value > 0 ? 2 * value - 1 : -2 * value)
    }

    /// Appends whole bytes; the writer must be byte-aligned.
    mutating func append(_ more: [UInt8]) {
        bytes += more
    }

    /// rbsp_trailing_bits: a one, then zeros to the byte boundary.
    mutating func trailingBits() {
        bit(1)
        while !isByteAligned { bit(0) }
    }
}
