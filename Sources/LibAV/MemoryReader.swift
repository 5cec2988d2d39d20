internal import CFFmpeg
import Foundation

/// Owns the custom `AVIOContext` through which a demuxer reads bytes in memory as it reads a file:
/// reads and seeks are answered from the bytes, which the reader keeps alive.
final class MemoryReader {
    /// The bytes and the position the demuxer has read to; the callbacks' opaque pointer.
    private final class Cursor {
        let bytes: Data
        var position = 0

        init(bytes: Data) { self.bytes = bytes }
    }

    let io: UnsafeMutablePointer<AVIOContext>
    private let cursor: Cursor

    private typealias ReadCallback =
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32)
        -> Int32
    private typealias SeekCallback = @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64

    /// The size of the buffer libavformat reads through, as its own file protocol uses.
    private static let bufferSize = 32_768

    /// Corresponds to `av_malloc` and `avio_alloc_context`.
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    init(data: Data, name: String) throws {
        cursor = Cursor(bytes: data)
        guard let buffer = av_malloc(Self.bufferSize) else {
            throw LibAVError.outOfMemory("Reading \(name) from memory")
        }
        let opaque = Unmanaged.passUnretained(cursor).toOpaque()
        guard
            let io = avio_alloc_context(
                buffer.assumingMemoryBound(to: UInt8.self), Int32(Self.bufferSize), 0, opaque, Self.readBytes, nil,
                Self.seekBytes)
        else {
            av_free(buffer)
            throw LibAVError.outOfMemory("Reading \(name) from memory")
        }
        self.io = io
    }

    /// Frees the buffer (which libavformat may have replaced) and the context.
    /// Corresponds to `av_freep` and `avio_context_free`.
    deinit {
        av_freep(&io.pointee.buffer)
        var context: UnsafeMutablePointer<AVIOContext>? = io
        avio_context_free(&context)
    }

    /// Copies up to `size` bytes from the position; `AVERROR_EOF` at the end.
    private static let readBytes: ReadCallback = { opaque, buffer, size in
        guard let opaque, let buffer else { return LibAVError.eof }
        let cursor = Unmanaged<Cursor>.fromOpaque(opaque).takeUnretainedValue()
        let count = min(Int(max(size, 0)), cursor.bytes.count - cursor.position)
        guard count > 0 else { return LibAVError.eof }
        let start = cursor.bytes.startIndex + cursor.position
        cursor.bytes.copyBytes(to: buffer, from: start..<(start + count))
        cursor.position += count
        return Int32(count)
    }

    /// Moves the position as `lseek` does, or answers the size for `AVSEEK_SIZE`; -1 for a position
    /// outside the bytes.
    private static let seekBytes: SeekCallback = { opaque, offset, whence in
        guard let opaque else { return -1 }
        let cursor = Unmanaged<Cursor>.fromOpaque(opaque).takeUnretainedValue()
        let count = Int64(cursor.bytes.count)
        let origin: Int64
        switch whence & ~Int32(AVSEEK_FORCE) {
        case Int32(AVSEEK_SIZE): return count
        case SEEK_SET: origin = 0
        case SEEK_CUR: origin = Int64(cursor.position)
        case SEEK_END: origin = count
        default: return -1
        }
        let (target, overflow) = origin.addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= count else { return -1 }
        cursor.position = Int(target)
        return target
    }
}
