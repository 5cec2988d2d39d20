import Foundation
import MovieKitScene

/// The files of a ZIP archive, read through its central directory; entries stored or deflated (by
/// zlib), with limits on their number and inflated size so that a ZIP bomb is refused.
///
/// Read here rather than with ZIPFoundation (0.9.20), which is not safe on files from anywhere: on
/// Linux it inflates a deflated entry on past its end until the stream ends, and loops for ever when
/// the file ends first (`LottieContainerTests.aDeflateStreamThatRunsPastItsEntryIsRefused` has such an
/// entry); it traps on ZIP64 sizes and offsets above `Int64.max`, leaks its in-memory file when an
/// archive has no end record, and looks for that record through the whole file.
enum ZipArchive {
    static let maximumEntries = 10_000

    static func entries(of data: Data, file: String, limit: Int) throws -> [String: Data] {
        let bytes = [UInt8](data)
        func fail(_ problem: String) -> LottieError {
            LottieError.invalidContainer(file: file, problem: "it is not a readable dotLottie (ZIP) file: \(problem)")
        }
        func u16(_ at: Int) -> Int { at + 2 <= bytes.count ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : 0 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        // The end-of-central-directory record is in the last 64 KB + 22 bytes.
        var end = -1
        var position = bytes.count - 22
        while position >= max(0, bytes.count - 65_557) {
            if u32(position) == 0x0605_4B50 {
                end = position
                break
            }
            position -= 1
        }
        guard end >= 0 else { throw fail("it has no end-of-central-directory record") }
        let count = u16(end + 10)
        var offset = u32(end + 16)
        guard count <= maximumEntries else { throw fail("it has \(count) entries, more than \(maximumEntries)") }
        var result: [String: Data] = [:]
        var total = 0
        for _ in 0..<count {
            guard offset + 46 <= bytes.count, u32(offset) == 0x0201_4B50 else {
                throw fail("its central directory is damaged")
            }
            let method = u16(offset + 10)
            let compressedSize = u32(offset + 20)
            let size = u32(offset + 24)
            let nameLength = u16(offset + 28)
            let extraLength = u16(offset + 30)
            let commentLength = u16(offset + 32)
            let local = u32(offset + 42)
            guard offset + 46 + nameLength <= bytes.count else { throw fail("an entry's name runs past the end") }
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            offset += 46 + nameLength + extraLength + commentLength
            if name.hasSuffix("/") { continue }
            guard local + 30 <= bytes.count, u32(local) == 0x0403_4B50 else {
                throw fail("the entry \(name) is damaged")
            }
            let start = local + 30 + u16(local + 26) + u16(local + 28)
            guard compressedSize != 0xFFFF_FFFF, start + compressedSize <= bytes.count else {
                throw fail("the entry \(name) runs past the end of the file (ZIP64 is not read)")
            }
            total += size
            guard size <= limit, total <= limit else {
                throw LottieError.invalidContainer(
                    file: file,
                    problem: "its entries inflate to more than \(limit) bytes; it may be a decompression bomb")
            }
            let compressed = Data(bytes[start..<(start + compressedSize)])
            switch method {
            case 0:
                result[name] = compressed
            case 8:
                do {
                    result[name] = try ZlibInflater(format: .raw).inflate(compressed, limit: min(limit, size + 1))
                } catch .tooLarge {
                    throw fail("the entry \(name) inflates to more than its stated size")
                } catch .damaged(let reason) {
                    throw fail("the entry \(name) cannot be inflated: \(reason)")
                }
            default:
                throw fail(
                    "the entry \(name) uses compression method \(method); only stored and deflated entries are read")
            }
        }
        return result
    }
}
