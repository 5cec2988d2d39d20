internal import CZlib
import Foundation
import MovieKitScene

/// The owner of one zlib inflate stream of gzip or zlib data (Telegram stickers), told apart by its
/// header, with a limit on the inflated size so that a decompression bomb is refused part-way.
/// (dotLottie's ZIP entries are read by libzip: `ZipArchive`.)
final class ZlibInflater {
    enum Failure: Error {
        case tooLarge
        case damaged(String)
    }

    private var stream = z_stream()

    init() throws(Failure) {
        // 15-bit window, plus 32: a gzip or a zlib header, whichever the data has.
        let status = czlib_inflate_init2(&stream, 15 + 32)
        guard status == Z_OK else { throw .damaged("zlib could not start inflating (status \(status))") }
    }

    deinit {
        inflateEnd(&stream)
    }

    /// Inflates `input` whole.
    /// - Throws: `.tooLarge` as soon as the output passes `limit` bytes; `.damaged` for corrupt data.
    func inflate(_ input: Data, limit: Int) throws(Failure) -> Data {
        var output = Data()
        let chunkSize = 1 << 16
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var status: Int32 = Z_OK
        var failure: Failure?
        input.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            guard let base = source.bindMemory(to: Bytef.self).baseAddress else {
                failure = .damaged("the compressed data is empty")
                return
            }
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = uInt(source.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(chunkSize)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: buffer[0..<(chunkSize - Int(stream.avail_out))])
                }
                if output.count > limit {
                    failure = .tooLarge
                    return
                }
            } while status == Z_OK && (stream.avail_in > 0 || stream.avail_out == 0)
            stream.next_in = nil
            stream.next_out = nil
        }
        if let failure { throw failure }
        guard status == Z_STREAM_END else {
            throw .damaged(
                status == Z_OK || status == Z_BUF_ERROR
                    ? "the compressed data ends early" : "the compressed data is damaged (zlib status \(status))")
        }
        return output
    }
}

/// Telegram stickers (`.tgs`) and gzipped Lottie JSON.
enum LottieGzip {
    static func decompress(_ data: Data, limit: Int, file: String) throws -> Data {
        do {
            return try ZlibInflater().inflate(data, limit: limit)
        } catch .tooLarge {
            throw LottieError.invalidContainer(
                file: file,
                problem:
                    "it inflates to more than \(limit) bytes, more than a Lottie may be; it may be a decompression bomb"
            )
        } catch .damaged(let reason) {
            throw LottieError.invalidContainer(file: file, problem: "it is not a readable gzip file: \(reason)")
        }
    }
}
