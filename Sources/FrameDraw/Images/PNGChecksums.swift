import Foundation

/// Finds the PNG chunk whose CRC-32 does not match, so that a refused PNG can be reported with the
/// true reason ("the IDAT chunk at byte 41 fails its checksum") instead of libavcodec's generic one.
///
/// Only used after libavcodec has refused a file, so loading a good PNG never pays for a second pass.
enum PNGChecksums {
    /// A chunk whose stored checksum differs from the one computed over its type and data.
    struct Mismatch: Equatable {
        /// The four-letter chunk type, such as `IDAT`.
        var type: String
        /// The offset of the chunk's length field from the start of the file.
        var offset: Int
    }

    /// The first chunk whose checksum does not match, or `nil` when every complete chunk up to `IEND`
    /// matches. The walk moves at least 12 bytes per chunk and stops at the first chunk that runs past
    /// the end of the data, so it always ends.
    static func firstMismatch(in data: Data) -> Mismatch? {
        data.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes: bytes)
            var offset = 8
            while let length = reader.uint32(at: offset, bigEndian: true) {
                let dataEnd = offset + 8 + Int(length)
                guard let stored = reader.uint32(at: dataEnd, bigEndian: true) else { return nil }
                let computed = crc32(bytes[(offset + 4)..<dataEnd])
                let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
                if computed != stored { return Mismatch(type: type, offset: offset) }
                if type == "IEND" { return nil }
                offset = dataEnd + 4
            }
            return nil
        }
    }

    /// The CRC-32 (ISO 3309, reflected polynomial 0xEDB88320) that PNG stores after each chunk.
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return ~crc
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 != 0 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
        return value
    }
}
