import CPosix

/// The one process-wide allocator setting moviemake makes, at launch.
///
/// glibc serves large allocations with `mmap` and returns them on `free`, but after a large block
/// is freed it raises that threshold to the block's size (up to 32 MB). From then on, photo-sized
/// buffers (a decoded photo, its scaled copy, a frame) come from the heap arenas, where freed
/// blocks of many sizes fragment: a slideshow's peak memory then grows with the number of photos
/// (measured in `make bench`, W2 memory: 277–311 MB for 12 slides, 290–497 MB for 300). A fixed
/// 1 MB threshold keeps every large buffer in its own mapping, returned to the system when freed:
/// 206–208 MB for 12 slides and 210 MB for 300. Library users who decode many photos in one
/// process can make the same call, or set `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=1048576`.
enum MallocTuning {
    static let mmapThreshold: Int32 = 1 << 20

    /// Fixes glibc's mmap threshold at 1 MB. Call once, before any work.
    static func installAtLaunch() {
        _ = mk_set_mmap_threshold(mmapThreshold)
    }
}
