internal import CZip
import Foundation
import MovieKitScene

/// The files of a ZIP archive, read by libzip (the library behind PHP's ZIP support and many
/// others), with limits on their number and inflated size so that a ZIP bomb is refused: the count
/// and the sizes the central directory states are checked before anything is inflated, and no entry
/// is inflated past the size it states. libzip checks each entry's CRC-32 and the archive's
/// consistency (`ZIP_CHECKCONS`), and reads only within an entry's own compressed data.
///
/// Not ZIPFoundation (0.9.20), which is not safe on files from anywhere: on Linux it inflates a
/// deflated entry on past its end until the stream ends, and loops for ever when the file ends first
/// (`LottieContainerTests.aDeflateStreamThatRunsPastItsEntryIsRefused` has such an entry).
enum ZipArchive {
    static let maximumEntries = 10_000

    /// The archive's files by name (folders left out).
    /// - Parameters:
    ///   - data: The archive's bytes.
    ///   - file: The archive's name, for messages.
    ///   - limit: The most the entries may inflate to, together.
    /// - Throws: `LottieError.invalidContainer` naming the file and the problem.
    static func entries(of data: Data, file: String, limit: Int) throws -> [String: Data] {
        try data.withUnsafeBytes { bytes in
            let archive = try ZipReader(bytes: bytes, file: file)
            return try archive.entries(limit: limit)
        }
    }
}

/// One archive open in libzip over bytes in memory: the `zip_t` this object alone owns, discarded
/// in `deinit`. The bytes must outlive it.
private final class ZipReader {
    private let archive: OpaquePointer
    private let file: String

    /// Opens the archive. Corresponds to `zip_source_buffer_create` and `zip_open_from_source`.
    init(bytes: UnsafeRawBufferPointer, file: String) throws {
        self.file = file
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let base = bytes.baseAddress, let source = zip_source_buffer_create(base, UInt64(bytes.count), 0, &error)
        else {
            throw Self.failure(file, "libzip could not read it: \(Self.message(&error))")
        }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
            zip_source_free(source)
            let problem =
                switch zip_error_code_zip(&error) {
                case ZIP_ER_NOZIP:
                    "libzip finds no ZIP archive in it (no end-of-central-directory record, or a central directory it cannot read)"
                case ZIP_ER_INCONS: "its central directory is damaged (\(Self.message(&error)))"
                default: "libzip cannot open it: \(Self.message(&error))"
                }
            throw Self.failure(file, problem)
        }
        self.archive = archive
    }

    deinit {
        zip_discard(archive)
    }

    /// Every file entry, inflated. Corresponds to `zip_get_num_entries`, `zip_stat_index`,
    /// `zip_fopen_index` and `zip_fread`.
    func entries(limit: Int) throws -> [String: Data] {
        let count = zip_get_num_entries(archive, 0)
        guard count >= 0 else { throw Self.failure(file, "libzip cannot count its entries") }
        guard count <= ZipArchive.maximumEntries else {
            throw Self.failure(file, "it has \(count) entries, more than \(ZipArchive.maximumEntries)")
        }
        // Every stated size first: a bomb is refused before anything is inflated.
        var stated: [(index: UInt64, name: String, size: Int)] = []
        var total = 0
        for index in 0..<UInt64(count) {
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat_index(archive, index, 0, &stat) == 0, let cName = stat.name else {
                throw Self.failure(file, "an entry is damaged (\(archiveError()))")
            }
            let name = String(cString: cName)
            if name.hasSuffix("/") { continue }
            guard Int32(stat.comp_method) == ZIP_CM_STORE || Int32(stat.comp_method) == ZIP_CM_DEFLATE else {
                throw Self.failure(
                    file,
                    "the entry \(name) uses compression method \(stat.comp_method); only stored and deflated entries are read"
                )
            }
            let size = Int(clamping: stat.size)
            total = total.addingReportingOverflow(size).overflow ? Int.max : total + size
            guard size <= limit, total <= limit else {
                throw LottieError.invalidContainer(
                    file: file,
                    problem: "its entries inflate to more than \(limit) bytes; it may be a decompression bomb")
            }
            stated.append((index, name, size))
        }
        var result: [String: Data] = [:]
        for entry in stated {
            result[entry.name] = try read(entry.index, name: entry.name, size: entry.size)
        }
        return result
    }

    /// The entry's bytes, read to one byte past its stated size so that more is refused.
    private func read(_ index: UInt64, name: String, size: Int) throws -> Data {
        guard let entry = zip_fopen_index(archive, index, 0) else {
            throw Self.failure(file, "the entry \(name) cannot be opened (\(archiveError()))")
        }
        defer { zip_fclose(entry) }
        var buffer = Data(count: size + 1)
        var filled = 0
        while filled < buffer.count {
            let read = buffer.withUnsafeMutableBytes { bytes -> Int64 in
                guard let base = bytes.baseAddress else { return 0 }
                return zip_fread(entry, base + filled, UInt64(bytes.count - filled))
            }
            if read < 0 {
                let error = zip_file_get_error(entry)
                let reason =
                    error.map { zip_error_code_zip($0) == ZIP_ER_CRC } == true
                    ? "its data does not match its CRC-32, so it is damaged or cut short"
                    : error.map { Self.plain(String(cString: zip_error_strerror($0))) } ?? "libzip gives no reason"
                throw Self.failure(file, "the entry \(name) cannot be inflated: \(reason)")
            }
            if read == 0 { break }
            filled += Int(read)
        }
        guard filled <= size else {
            throw Self.failure(file, "the entry \(name) inflates to more than its stated size")
        }
        return buffer.prefix(filled)
    }

    /// The archive's last error, as libzip words it.
    private func archiveError() -> String {
        zip_get_error(archive).map { String(cString: zip_error_strerror($0)) } ?? "unknown"
    }

    private static func message(_ error: inout zip_error_t) -> String {
        plain(String(cString: zip_error_strerror(&error)))
    }

    /// libzip's message in lower case, as part of a sentence ("CRC error" stays).
    private static func plain(_ message: String) -> String {
        guard let first = message.first, message.dropFirst().first?.isLowercase ?? true else { return message }
        return first.lowercased() + message.dropFirst()
    }

    private static func failure(_ file: String, _ problem: String) -> LottieError {
        LottieError.invalidContainer(file: file, problem: "it is not a readable dotLottie (ZIP) file: \(problem)")
    }
}
