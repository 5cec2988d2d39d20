import Foundation

/// The instruction sets libx264 may use, as x264's own detection finds them, less AVX-512.
///
/// x264 0.164's AVX-512 code for macroblock-tree rate control reads memory it never wrote, so with
/// AVX-512 the bytes it encodes depend on what the process's heap held before: the same frames
/// encode differently in a busy process (a server, a test run) and in a fresh one, or under glibc's
/// `MALLOC_PERTURB_=1`. Without AVX-512 they do not; x264 checks that every assembly version
/// encodes exactly as its C code does, so the movie is also the same on machines with and without
/// AVX-512, as chunks rendered on different machines must be.
///
/// x264 is loaded with libavcodec, which links it; its `x264_cpu_detect` and `x264_cpu_names`
/// (the table behind its `asm` option) are found by name in the process, so no x264 headers are needed.
package enum X264CPU {
    /// The flags to pass as x264's `asm` parameter: what `x264_cpu_detect` reports, less AVX-512;
    /// `nil` when libx264 is not loaded or the CPU has no AVX-512 (x264's own choice then stands).
    package static let flagsWithoutAVX512: UInt32? = {
        guard let detectSymbol = dlsym(nil, "x264_cpu_detect"), let names = dlsym(nil, "x264_cpu_names") else {
            return nil
        }
        typealias Detect = @convention(c) () -> UInt32
        let detected = unsafeBitCast(detectSymbol, to: Detect.self)()
        guard let avx512 = flag(named: "AVX512", in: names, below: "AVX2"), detected & avx512 != 0 else {
            return nil
        }
        return detected & ~avx512
    }()

    /// The bits that the entry `name` of x264's table (`{const char *name; uint32_t flags;}`, ended
    /// by an empty name) adds to the entry `base`: the entries name cumulative sets.
    private static func flag(named name: String, in table: UnsafeMutableRawPointer, below base: String) -> UInt32? {
        var flags: [String: UInt32] = [:]
        let stride = MemoryLayout<UnsafePointer<CChar>>.stride + MemoryLayout<UInt64>.stride
        for index in 0..<128 {
            let entry = table + index * stride
            guard let namePointer = entry.load(as: UnsafePointer<CChar>?.self) else { break }
            let entryName = String(cString: namePointer)
            guard !entryName.isEmpty else { break }
            flags[entryName] = entry.load(fromByteOffset: MemoryLayout<UnsafePointer<CChar>>.stride, as: UInt32.self)
        }
        guard let whole = flags[name], let lower = flags[base], whole & lower == lower, whole != lower else {
            return nil
        }
        return whole & ~lower
    }
}
