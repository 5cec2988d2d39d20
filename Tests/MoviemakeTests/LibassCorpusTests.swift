import Foundation
import FrameDraw
import Synchronization
import TestSupport
import Testing

/// libass's own regression corpus (github.com/libass/libass-tests, `regression/`), read from
/// `../shared/libass-tests` beside the repository (the corpus carries no licence, so it is not
/// copied here). Each reference PNG `NAME-MILLISECONDS.png` is what libass draws for `NAME.ass` at
/// that time on a transparent canvas of the PNG's size; `moviemake still` draws the same at the same
/// size with `--fonts-dir` the test's folder, and the two are scored with libass's `compare` metric.
///
/// Debian's libass 0.17.1 drawing the files directly passes 85 of the 94 with the corpus's own fonts:
/// `faux-italics` (two), `karaoke-and-runsplits` (five) and `token-parsing/trimming` need a newer
/// libass, and `karaoke/216-vertical` needs IPAexGothic, which the folder lacks. install-deps installs
/// IPAexGothic (fonts-ipaexfont-gothic), so MovieKit must pass that one too: 86, every other.
@Suite("moviemake still: libass's regression corpus")
struct LibassCorpusTests {
    /// The images Debian's libass itself does not pass.
    static let needNewerLibassOrAFont: Set<String> = [
        "faux-italics/cff-0000.png", "faux-italics/truetype-0000.png",
        "karaoke/karaoke-and-runsplits-0000.png", "karaoke/karaoke-and-runsplits-2040.png",
        "karaoke/karaoke-and-runsplits-2800.png", "karaoke/karaoke-and-runsplits-3120.png",
        "karaoke/karaoke-and-runsplits-4600.png", "token-parsing/trimming-0000.png"
    ]

    /// `../shared/libass-tests`, beside the repository (CI has it).
    static let corpus = SharedFolder.url("libass-tests")

    static var groups: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()
    }

    /// The reference images of a group that the run draws: (file name, subtitle file, time in seconds).
    /// Under a sanitizer (`SanitizerRun`) only every fourth, its first included: each `moviemake still`
    /// and each score then runs several times slower, and the code they run is the same for every image
    /// of a group. `make test` draws the whole corpus.
    static func references(in group: String) throws -> [(name: String, subtitles: URL, time: Double)] {
        SanitizerRun.sample(try allReferences(in: group), every: 4)
    }

    /// Every reference image of a group.
    static func allReferences(in group: String) throws -> [(name: String, subtitles: URL, time: Double)] {
        let folder = corpus.appendingPathComponent(group)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
            .compactMap { name in
                let stem = name.dropLast(4)
                guard let dash = stem.lastIndex(of: "-"), let milliseconds = Int(stem[stem.index(after: dash)...])
                else { return nil }
                return (
                    name, folder.appendingPathComponent(String(stem[..<dash]) + ".ass"), Double(milliseconds) / 1000
                )
            }
    }

    /// libass's `compare` score of `output` against `reference`: the largest difference of a
    /// premultiplied channel (in 16 bits), divided by 257 plus the reference's local gradient (the
    /// largest difference to a side neighbour over 4, to a diagonal one over 8; the border counts as
    /// steep). 0 is the same picture; below 4 passes.
    static func score(_ output: Image, against reference: Image) -> Double {
        guard output.width == reference.width, output.height == reference.height else { return .infinity }
        let width = reference.width
        let height = reference.height
        func channels(_ image: Image) -> [Int32] {
            let stride = image.snapshot.stride
            return image.snapshot.withPixelBytes { bytes in
                [Int32](unsafeUninitializedCapacity: width * height * 4) { result, count in
                    for y in 0..<height {
                        for x in 0..<width {
                            let argb = bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                            let at = (y * width + x) * 4
                            result[at] = Int32((argb >> 16) & 0xFF) * 257
                            result[at + 1] = Int32((argb >> 8) & 0xFF) * 257
                            result[at + 2] = Int32(argb & 0xFF) * 257
                            result[at + 3] = Int32(255 - (argb >> 24)) * 257
                        }
                    }
                    count = width * height * 4
                }
            }
        }
        let target = channels(reference)
        let drawn = channels(output)
        return target.withUnsafeBufferPointer { t in
            drawn.withUnsafeBufferPointer { d in
                func difference(_ a: UnsafeBufferPointer<Int32>, _ i: Int, _ b: UnsafeBufferPointer<Int32>, _ j: Int)
                    -> Int32
                {
                    var result = abs(a[i] - b[j])
                    result = max(result, abs(a[i + 1] - b[j + 1]))
                    result = max(result, abs(a[i + 2] - b[j + 2]))
                    return max(result, abs(a[i + 3] - b[j + 3]))
                }
                let row = width * 4
                var worst = 0.0
                for y in 0..<height {
                    for x in 0..<width {
                        let i = y * row + x * 4
                        let error = difference(d, i, t, i)
                        guard error > 0 else { continue }
                        var gradient: Int32 = 257 + 65535 / 4
                        if x > 0, y > 0, x < width - 1, y < height - 1 {
                            var steepest = difference(t, i, t, i - 4) / 4
                            steepest = max(steepest, difference(t, i, t, i + 4) / 4)
                            steepest = max(steepest, difference(t, i, t, i - row) / 4)
                            steepest = max(steepest, difference(t, i, t, i + row) / 4)
                            steepest = max(steepest, difference(t, i, t, i - row - 4) / 8)
                            steepest = max(steepest, difference(t, i, t, i - row + 4) / 8)
                            steepest = max(steepest, difference(t, i, t, i + row - 4) / 8)
                            steepest = max(steepest, difference(t, i, t, i + row + 4) / 8)
                            gradient = 257 + steepest
                        }
                        worst = max(worst, Double(error) / Double(gradient))
                    }
                }
                return worst
            }
        }
    }

    @Test(.enabled(if: SharedFolder.has("libass-tests"), "../shared/libass-tests is not here"))
    func passesWhatDebiansLibassPasses() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("libass-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let groups = Self.groups
        #expect(groups.count == 13, "the corpus has 13 groups")
        _ = try SignalTests.moviemakeExecutable()
        let results = try await Self.runOffTheCooperativePool(groups, into: folder)
        #expect(try groups.map { try Self.allReferences(in: $0).count }.reduce(0, +) == 94, "the corpus has 94 images")
        let drawn = try groups.map { try Self.references(in: $0).count }.reduce(0, +)
        #expect(results.count == drawn, "every reference drawn is scored")
        #expect(SanitizerRun.isActive || drawn == 94, "make test draws the whole corpus")
        for result in results {
            if let failure = result.failure { Issue.record("moviemake still \(result.name) failed: \(failure)") }
        }
        for result in results where !Self.needNewerLibassOrAFont.contains(result.name) {
            #expect(result.score < 4, "\(result.name) scores \(result.score) (libass's compare: below 4 passes)")
        }
        let passed = results.filter { $0.score < 4 }.count
        // 86 of the whole corpus: all but the images Debian's libass fails.
        let allowedToFail = results.filter { Self.needNewerLibassOrAFont.contains($0.name) }.count
        #expect(
            passed >= results.count - allowedToFail,
            "\(passed) of \(results.count) images pass; Debian's libass itself passes 85, 86 with IPAexGothic")
    }

    /// One reference image's result: its `group/file` name, its score, and why `moviemake` failed.
    struct Score: Sendable {
        var name: String
        var score: Double
        var failure: String?
    }

    /// Runs the groups, as many at once as there are cores, on threads of their own and not on Swift's
    /// cooperative pool: each waits on `moviemake` processes for its whole length, and on a 2-core
    /// machine the pool has two threads, so waiting there would stall every other test for as long
    /// (under ThreadSanitizer, for minutes: the preview server's requests then timed out).
    static func runOffTheCooperativePool(_ groups: [String], into folder: URL) async throws -> [Score] {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                let results = Mutex<[Result<[Score], any Error>]>([])
                DispatchQueue.concurrentPerform(iterations: groups.count) { index in
                    let result = Result { try run(groups[index], into: folder) }
                    results.withLock { $0.append(result) }
                }
                continuation.resume(
                    with: Result {
                        try results.withLock { all in try all.flatMap { try $0.get() } }.sorted { $0.name < $1.name }
                    })
            }.start()
        }
    }

    /// Draws a group's references with `moviemake still` and scores each.
    static func run(_ group: String, into folder: URL) throws -> [Score] {
        let fonts = corpus.appendingPathComponent(group)
        return try references(in: group).map { name, subtitles, time in
            let reference = try Image(contentsOf: fonts.appendingPathComponent(name))
            let output = folder.appendingPathComponent("\(group)-\(name)")
            let run = try ChunkCommandTests.moviemake([
                "still", subtitles.path, "--time", String(time), "--size", "\(reference.width)x\(reference.height)",
                "--fonts-dir", fonts.path, "-o", output.path
            ])
            guard run.status == 0 else { return Score(name: "\(group)/\(name)", score: .infinity, failure: run.errors) }
            return Score(name: "\(group)/\(name)", score: score(try Image(contentsOf: output), against: reference))
        }
    }
}
