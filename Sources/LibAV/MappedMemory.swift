/// The one size from which MovieKit's large buffers (image files, decoded pictures, frames, Cairo
/// surfaces) get an anonymous mapping of their own instead of a malloc block: freeing one returns
/// it to the system and leaves glibc's mmap threshold where it was, so memory stays flat however
/// many photos a process decodes.
package enum MappedMemory {
    /// 1 MB.
    package static let minimumByteCount = 1 << 20
}
