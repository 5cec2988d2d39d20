import Foundation
import FrameDraw
import MovieKitScene
import Testing

@testable import MovieKitLottie

/// The open part of the LottieFiles conformance suite (`Fixtures/lottie-tests`, 48 tests with After
/// Effects' reference frames), scored with the suite's metric (`ImageSimilarity`, the same as its
/// `compare.py`). A test passes when every reference frame passes.
@Suite struct LottieConformanceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/lottie-tests/data")

    /// Each test: its JSON and the frames that have a reference picture.
    static func cases() throws -> [(name: String, url: URL, frames: [Int])] {
        var result: [(String, URL, [Int])] = []
        let manager = FileManager.default
        for category in try manager.contentsOfDirectory(atPath: root.path).sorted() {
            let folder = root.appendingPathComponent(category)
            let files = try manager.contentsOfDirectory(atPath: folder.path)
            for file in files.sorted() where file.hasSuffix(".json") && !file.hasSuffix("-meta.json") {
                let name = String(file.dropLast(5))
                let frames = files.compactMap { other -> Int? in
                    guard other.hasPrefix(name + "-"), other.hasSuffix(".png") else { return nil }
                    let number = other.dropFirst(name.count + 1).dropLast(4)
                    return number.count == 2 ? Int(number) : nil
                }.sorted()
                result.append(("\(category)/\(name)", folder.appendingPathComponent(file), frames))
            }
        }
        return result
    }

    /// Renders frame `frame` of the Lottie at `url` at the composition's size, on a transparent background.
    static func render(_ content: LottieContent, frame: Int) throws -> Image {
        try Image(size: content.size) { context in
            content.renderer.draw(in: context, frame: Double(frame))
        }
    }

    /// Scores one test: every reference frame against the render of the same frame.
    static func score(_ test: (name: String, url: URL, frames: [Int]), writingTo output: URL?) -> (Bool, String) {
        let content: LottieContent
        do {
            content = try LottieContent(contentsOf: test.url)
        } catch {
            return (false, "FAIL \(test.name): \(error)")
        }
        var allPass = !test.frames.isEmpty
        var scores: [String] = []
        for frame in test.frames {
            let number = String(format: "%02d", frame)
            let referenceURL = test.url.deletingLastPathComponent().appendingPathComponent(
                test.url.deletingPathExtension().lastPathComponent + "-" + number + ".png")
            do {
                let reference = try Image(contentsOf: referenceURL)
                let render = try Self.render(content, frame: frame)
                if let output {
                    let target = output.appendingPathComponent(test.name + "-" + number + ".png")
                    try FileManager.default.createDirectory(
                        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try render.write(to: target)
                }
                let score = ImageSimilarity.compare(reference, render)
                allPass = allPass && score.passes
                scores.append(String(format: "%@ ssim %.4f psnr %.2f", number, score.ssim, score.psnr))
            } catch {
                allPass = false
                scores.append("\(number): \(error)")
            }
        }
        return (allPass, "\(allPass ? "pass" : "FAIL") \(test.name): \(scores.joined(separator: ", "))")
    }

    @Test func passesAtLeastTheFloorOfTheSuite() throws {
        let cases = try Self.cases()
        #expect(cases.count == 48)
        // Set LOTTIE_RENDER_DIR to write the renders for compare.py --dir.
        let output = ProcessInfo.processInfo.environment["LOTTIE_RENDER_DIR"].map { URL(fileURLWithPath: $0) }
        let results = Results(count: cases.count)
        DispatchQueue.concurrentPerform(iterations: cases.count) { index in
            results.set(index, Self.score(cases[index], writingTo: output))
        }
        let scored = results.all
        let passed = scored.filter(\.0).count
        let report = scored.map(\.1).joined(separator: "\n")
        print(report)
        print("\(passed) of \(cases.count) Lottie conformance tests pass")
        #expect(passed >= Self.floor, "only \(passed) of \(cases.count) pass:\n\(report)")
    }

    /// The results of tests scored on several threads.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [(Bool, String)]

        init(count: Int) { values = Array(repeating: (false, ""), count: count) }

        func set(_ index: Int, _ value: (Bool, String)) { lock.withLock { values[index] = value } }

        var all: [(Bool, String)] { lock.withLock { values } }
    }

    /// The fewest tests that must pass; raise it as the renderer improves.
    static let floor = 46
}
