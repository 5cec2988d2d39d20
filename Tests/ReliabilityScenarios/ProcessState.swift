import Foundation

/// What this process holds, read from /proc/self.
enum ProcessState {
    /// The open file descriptors, each with what it refers to (`/proc/self/fd/N` → target).
    static func openDescriptors() -> [Int: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        var result: [Int: String] = [:]
        for name in names {
            guard let fd = Int(name) else { continue }
            // The listing itself holds a descriptor for the directory while it is read; it is closed
            // by now, and reading its link fails, so it drops out here.
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)") {
                result[fd] = target
            }
        }
        return result
    }

    /// Resident set size in bytes: the second field of /proc/self/statm, in pages.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// The number of threads, from /proc/self/task.
    static func threadCount() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []).count
    }

    /// The sanitizer this program was built with, if any: its runtime keeps freed memory in
    /// quarantine (ASan) or shadow state (TSan), so RSS does not measure MovieKit there.
    static var sanitizer: String? {
        let handle = dlopen(nil, RTLD_NOW)
        defer { if let handle { dlclose(handle) } }
        if dlsym(handle, "__asan_init") != nil { return "address" }
        if dlsym(handle, "__tsan_init") != nil { return "thread" }
        return nil
    }

    /// Free bytes on the filesystem holding `url`, for unprivileged users.
    static func availableBytes(at url: URL) -> Int {
        var stats = statvfs()
        guard statvfs(url.path, &stats) == 0 else { return -1 }
        return Int(stats.f_bavail) * Int(stats.f_frsize)
    }
}

struct ScenarioError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
