import Foundation
import FrameDraw
import MovieKitScene
import Testing

@testable import MovieKitLottie

/// dotLottie (ZIP) containers made by the test: what reads, and what is refused with a sentence
/// naming the file (bombs, damage, streams that run past their entry), promptly.
@Suite struct LottieContainerTests {
    /// One entry of a ZIP made by ``zip(_:entryCount:)``: stored bytes, or raw deflate data that
    /// states `size` as its inflated size and `inflated` as what it inflates to (for its CRC-32).
    struct Entry {
        var name: String
        var bytes: [UInt8]
        var deflated = false
        var size: Int?
        var inflated: [UInt8]?
    }

    /// The CRC-32 of `bytes` (ZIP's and zlib's: the reflected polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> Int {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return Int(crc ^ 0xFFFF_FFFF)
    }

    /// The bytes of a ZIP archive holding `entries`; `entryCount` overrides the count the end record states.
    static func zip(_ entries: [Entry], entryCount: Int? = nil) -> Data {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value & 0xFFFF) + u16(value >> 16 & 0xFFFF) }
        var archive: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let method = entry.deflated ? 8 : 0
            let size = entry.size ?? entry.bytes.count
            // Version, flags, method, time, date, CRC-32 (which libzip checks), sizes, name and extra lengths.
            let crc = Self.crc32(entry.inflated ?? (entry.deflated ? [] : entry.bytes))
            let fields =
                u16(20) + u16(0) + u16(method) + u16(0) + u16(0) + u32(crc) + u32(entry.bytes.count) + u32(size)
            directory += u32(0x0201_4B50) + u16(20) + fields + u16(name.count) + u16(0) + u16(0) + u16(0) + u16(0)
            directory += u32(0) + u32(archive.count) + name
            archive += u32(0x0403_4B50) + fields + u16(name.count) + u16(0) + name + entry.bytes
        }
        let end =
            u32(0x0605_4B50) + u16(0) + u16(0) + u16(entryCount ?? entries.count) + u16(entryCount ?? entries.count)
            + u32(directory.count) + u32(archive.count) + u16(0)
        return Data(archive + directory + end)
    }

    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lottie-tests/data")

    /// Writes `data` as `name` in a temporary folder and reads it as a Lottie.
    static func read(_ data: Data, name: String = "made.lottie", options: LottieOptions = LottieOptions()) throws
        -> LottieContent
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return try LottieContent(contentsOf: url, options: options)
    }

    static func manifest(_ ids: [String]) -> Entry {
        let list = ids.map { #"{"id": "\#($0)"}"# }.joined(separator: ", ")
        return Entry(name: "manifest.json", bytes: Array(#"{"version": "1", "animations": [\#(list)]}"#.utf8))
    }

    @Test func aDotLottieMadeByTheTestReadsLikeItsJSONWithItsImage() throws {
        let json = try Data(contentsOf: Self.suite.appendingPathComponent("layers/image-layer.json"))
        let picture = try Data(contentsOf: Self.suite.appendingPathComponent("layers/asset.png"))
        let entries = [
            Self.manifest(["first"]), Entry(name: "animations/", bytes: []),
            Entry(name: "animations/first.json", bytes: Array(json)),
            Entry(name: "images/asset.png", bytes: Array(picture))
        ]
        let dot = try Self.read(Self.zip(entries))
        let plain = try LottieContent(contentsOf: Self.suite.appendingPathComponent("layers/image-layer.json"))
        #expect(dot.renderer.images.count == 1)
        let a = try Image(size: plain.size) { plain.renderer.draw(in: $0, frame: 0) }
        let b = try Image(size: dot.size) { dot.renderer.draw(in: $0, frame: 0) }
        #expect(try a.pngData() == b.pngData())
    }

    @Test func bombsAreRefusedBeforeOrWhileInflating() throws {
        // 10,001 entries: refused before any is read.
        let many = (0...10_000).map { Entry(name: "\($0)", bytes: [1]) }
        #expect {
            _ = try ZipArchive.entries(of: Self.zip(many), file: "many.lottie", limit: 1 << 20)
        } throws: { error in
            "\(error)"
                == "many.lottie: it is not a readable dotLottie (ZIP) file: it has 10001 entries, more than 10000."
        }
        // Entries that together state more than the limit.
        let big = [
            Entry(name: "a", bytes: Array(repeating: 1, count: 600)),
            Entry(name: "b", bytes: Array(repeating: 2, count: 600))
        ]
        #expect {
            _ = try ZipArchive.entries(of: Self.zip(big), file: "big.lottie", limit: 1000)
        } throws: { error in
            "\(error)".contains("its entries inflate to more than 1000 bytes; it may be a decompression bomb.")
        }
        #expect(try ZipArchive.entries(of: Self.zip(big), file: "big.lottie", limit: 1200).count == 2)
        // 1,000 zeros deflated to 11 bytes, stating 10: refused part-way, when the output passes 11 bytes.
        let zeros: [UInt8] = [99, 96, 24, 5, 163, 96, 20, 12, 119, 0, 0]
        #expect {
            _ = try ZipArchive.entries(
                of: Self.zip([Entry(name: "z", bytes: zeros, deflated: true, size: 10)]), file: "liar.lottie",
                limit: 1 << 20)
        } throws: { error in
            "\(error)".contains("the entry z inflates to more than its stated size")
        }
        let honest = try ZipArchive.entries(
            of: Self.zip([
                Entry(name: "z", bytes: zeros, deflated: true, size: 1000, inflated: Array(repeating: 0, count: 1000))
            ]),
            file: "z.lottie", limit: 1 << 20)
        #expect(honest["z"] == Data(count: 1000))
    }

    /// A deflated entry whose data is a stored block that claims 65,535 bytes and never ends. Read
    /// only within its entry, it is refused at once; a reader that inflates on past the entry to the
    /// end of the file without stopping (as ZIPFoundation 0.9.20 does on Linux) never returns. (The
    /// limit is generous: CI's suite under ThreadSanitizer on two cores once ran past one minute here.)
    @Test(.timeLimit(.minutes(5))) func aDeflateStreamThatRunsPastItsEntryIsRefused() throws {
        let endless: [UInt8] = [0x00, 0xFF, 0xFF, 0x00, 0x00, 1, 2, 3]
        let data = Self.zip([
            Self.manifest(["a"]), Entry(name: "animations/a.json", bytes: endless, deflated: true, size: 100)
        ])
        #expect {
            _ = try Self.read(data, name: "endless.lottie")
        } throws: { error in
            "\(error)".contains(
                "endless.lottie: it is not a readable dotLottie (ZIP) file: the entry animations/a.json cannot be inflated: its data does not match its CRC-32, so it is damaged or cut short."
            )
        }
    }

    @Test func damagedArchivesNameTheFileAndTheDamage() throws {
        let good = Self.zip([Self.manifest(["a"])])
        var damaged = good
        // The first byte of the central directory record's signature, before its 13-byte name and the end record.
        damaged[damaged.count - 22 - 13 - 46] = 0
        let cases: [(Data, String)] = [
            (Data("not a zip".utf8), "libzip finds no ZIP archive in it"),
            (damaged, "or a central directory it cannot read"),
            (good, "the manifest lists the animation `a` but animations/a.json is missing"),
            (Self.zip([Entry(name: "x.json", bytes: [1])]), "the dotLottie has no manifest.json")
        ]
        for (data, problem) in cases {
            #expect {
                _ = try Self.read(data, name: "damaged.lottie")
            } throws: { error in
                let message = "\(error)"
                return message.hasPrefix(FileManager.default.temporaryDirectory.path)
                    && message.contains("damaged.lottie")
                    && message.contains(problem)
            }
        }
    }
}
