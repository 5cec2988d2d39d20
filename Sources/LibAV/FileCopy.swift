internal import CFFmpeg
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file's bytes, copied into an anonymous mapping of their own and followed by FFmpeg's zeroed input
/// padding, so that a decoder can take them as one packet without another copy.
///
/// Image files are read whole, decoded once and freed. From malloc, a block of several megabytes is served
/// with `mmap`, but freeing it raises glibc's mmap threshold to its size, after which such blocks stay in
/// malloc's heaps and fragment: a slideshow of hundreds of photos then peaks higher than one of a dozen.
/// A mapping of its own is returned to the system when the last user lets go (the `Data` view, or a packet
/// still held by a decoder), and leaves the threshold alone. It is a copy, not a mapping of the file, so a
/// file that changes while it is decoded cannot fault the process.
package final class FileCopy {
    private let base: UnsafeMutableRawPointer
    private let length: Int
    /// The file's size in bytes when it was read.
    package let count: Int

    private init(base: UnsafeMutableRawPointer, length: Int, count: Int) {
        self.base = base
        self.length = length
        self.count = count
    }

    deinit {
        munmap(base, length)
    }

    /// Reads the regular file at `path`, or returns `nil` when it is smaller than `MappedMemory.minimumByteCount` or cannot
    /// be opened, measured or read; the caller then reads it with Foundation, which reports why.
    package static func read(path: String) -> FileCopy? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(status.st_size)
        guard size >= MappedMemory.minimumByteCount, size <= Int(Int32.max) - Int(AV_INPUT_BUFFER_PADDING_SIZE) else {
            return nil
        }
        let length = size + Int(AV_INPUT_BUFFER_PADDING_SIZE)
        guard let base = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            base != MAP_FAILED
        else {
            return nil
        }
        var count = 0
        while count < size {
            let n = Glibc.read(descriptor, base + count, size - count)
            if n > 0 {
                count += n
            } else if n == 0 {
                break  // The file shrank since fstat: keep what is there.
            } else if errno != EINTR {
                munmap(base, length)
                return nil
            }
        }
        return FileCopy(base: base, length: length, count: count)
    }

    /// The bytes, without a copy; they keep this copy alive.
    package var data: Data {
        Data(bytesNoCopy: base, count: count, deallocator: .custom { _, _ in withExtendedLifetime(self) {} })
    }

    /// Makes `packet` refer to the bytes (with their padding) without a copy; the packet keeps this copy alive.
    /// Corresponds to `av_buffer_create`.
    /// - Throws: `LibAVError` of kind `.outOfMemory`.
    func fill(_ packet: Packet) throws {
        let owner = Unmanaged.passRetained(self)
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        guard
            let buffer = av_buffer_create(
                bytes, count + Int(AV_INPUT_BUFFER_PADDING_SIZE),
                { opaque, _ in
                    guard let opaque else { return }
                    Unmanaged<FileCopy>.fromOpaque(opaque).release()
                },
                owner.toOpaque(), AV_BUFFER_FLAG_READONLY)
        else {
            owner.release()
            throw LibAVError.outOfMemory("Wrapping a file's bytes as a packet")
        }
        packet.unref()
        packet.pointer.pointee.buf = buffer
        packet.pointer.pointee.data = bytes
        packet.pointer.pointee.size = Int32(count)
        packet.pointer.pointee.flags |= AV_PKT_FLAG_KEY
    }
}
