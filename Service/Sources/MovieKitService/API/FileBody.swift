import Foundation
import OpenAPIRuntime

/// A `Range` header's single byte range (RFC 9110): `bytes=A-B`, `bytes=A-` or `bytes=-N`.
/// Anything else, several ranges among them, is ignored and the whole file is sent.
enum ByteRange: Equatable {
    case whole
    case partial(Range<Int>)
    case unsatisfiable

    static func parse(_ header: String?, size: Int) -> ByteRange {
        guard let header else { return .whole }
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes="), !text.contains(",") else { return .whole }
        let spec = text.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { return .whole }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix >= 0 else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .partial(max(0, size - suffix)..<size)
        }
        guard let start = Int(parts[0]), start >= 0 else { return .whole }
        var end = size - 1
        if !parts[1].isEmpty {
            guard let last = Int(parts[1]), last >= start else { return .whole }
            end = min(last, size - 1)
        }
        guard start < size else { return .unsatisfiable }
        return .partial(start..<(end + 1))
    }
}

/// A file's bytes as a response body, read in chunks as the client takes them.
enum FileChunks {
    static let chunkSize = 256 << 10

    static func body(of url: URL, range: Range<Int>) -> HTTPBody {
        let stream = AsyncThrowingStream<ArraySlice<UInt8>, Error> { continuation in
            let task = Task.detached {
                do {
                    let handle = try FileHandle(forReadingFrom: url)
                    defer { try? handle.close() }
                    try handle.seek(toOffset: UInt64(range.lowerBound))
                    var left = range.count
                    while left > 0, !Task.isCancelled {
                        guard let data = try handle.read(upToCount: min(chunkSize, left)), !data.isEmpty else { break }
                        left -= data.count
                        continuation.yield(ArraySlice(data))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return HTTPBody(stream, length: .known(Int64(range.count)), iterationBehavior: .single)
    }
}
