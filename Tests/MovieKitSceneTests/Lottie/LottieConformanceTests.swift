import FrameDraw
import Foundation
import Testing

@testable import MovieKitScene

/// The open part of the LottieFiles conformance suite (`Fixtures/lottie-tests`, 48 tests with After
/// Effects' reference frames), scored with the suite's metric (`ImageSimilarity`, the same as its
/// `compare.py`). A test passes when every reference frame passes.
@Suite struct LottieConformanceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
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

    @Test func passesAtLeastTheFloorOfTheSuite() throws {
        let cases = try Self.cases()
        #expect(cases.count == 48)
        // Set LOTTIE_RENDER_DIR to write the renders for compare.py --dir.
        let output = ProcessInfo.processInfo.environment["LOTTIE_RENDER_DIR"].map { URL(fileURLWithPath: $0) }
        var passed: [String] = []
        var report: [String] = []
        for test in cases {
            var allPass = !test.frames.isEmpty
            var scores: [String] = []
            let content: LottieContent
            do {
                content = try LottieContent(contentsOf: test.url)
            } catch {
                report.append("FAIL \(test.name): \(error)")
                continue
            }
            for frame in test.frames {
                let referenceURL = test.url.deletingLastPathComponent().appendingPathComponent(
                    test.url.deletingPathExtension().lastPathComponent + "-" + String(format: "%02d", frame) + ".png")
                let reference = try Image(contentsOf: referenceURL)
                let render = try Self.render(content, frame: frame)
                if let output {
                    let target = output.appendingPathComponent(test.name + "-" + String(format: "%02d", frame) + ".png")
                    try FileManager.default.createDirectory(
                        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try render.write(to: target)
                }
                let score = ImageSimilarity.compare(reference, render)
                allPass = allPass && score.passes
                scores.append(String(format: "%02d ssim %.4f psnr %.2f", frame, score.ssim, score.psnr))
            }
            if allPass { passed.append(test.name) }
            report.append("\(allPass ? "pass" : "FAIL") \(test.name): \(scores.joined(separator: ", "))")
        }
        print(report.joined(separator: "\n"))
        print("\(passed.count) of \(cases.count) Lottie conformance tests pass")
        #expect(passed.count >= Self.floor, "only \(passed.count) of \(cases.count) pass:\n\(report.joined(separator: "\n"))")
    }

    /// The fewest tests that must pass; raise it as the renderer improves.
    static let floor = 46
}
