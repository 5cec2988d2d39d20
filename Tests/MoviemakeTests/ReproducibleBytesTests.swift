import Foundation
import Testing

/// A movie's bytes depend on its frames and settings alone, not on what the process's heap held:
/// chunks rendered by different processes must join exactly, and the same document must give the
/// same file whichever front end renders it.
@Suite("moviemake: reproducible bytes")
struct ReproducibleBytesTests {
    /// glibc's `MALLOC_PERTURB_=1` fills every new allocation with 0xFE and every freed one with 0x01,
    /// which a long-running process's heap can hold too. x264's AVX-512 macroblock-tree code read such
    /// memory, so on a CPU with AVX-512 this movie's bytes changed with it (`X264CPU` in LibAV).
    @Test func aMovieDoesNotDependOnTheHeapsGarbage() throws {
        let dir = try ChunkCommandTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let arguments = ["--seconds", "2", "--width", "320", "--height", "176", "--fps", "10", "--quiet", "-y"]
        var movies: [Data] = []
        for perturb in ["0", "1", "85"] {
            var environment = ProcessInfo.processInfo.environment
            environment["MALLOC_PERTURB_"] = perturb
            let url = dir.appendingPathComponent("demo-\(perturb).mp4")
            let run = try ChunkCommandTests.moviemake(["demo", url.path] + arguments, environment: environment)
            #expect(run.status == 0, "\(run.errors)")
            movies.append(try Data(contentsOf: url))
        }
        #expect(movies[0].count > 1000)
        #expect(movies[1] == movies[0], "MALLOC_PERTURB_=1 changed the movie's bytes")
        #expect(movies[2] == movies[0], "MALLOC_PERTURB_=85 changed the movie's bytes")
    }
}
