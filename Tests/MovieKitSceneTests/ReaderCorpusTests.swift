import Foundation
import MovieKitScene
import Testing

/// The seed inputs for fuzzing the readers stay valid: each one reads without an error.
@Suite("Reader fuzzing corpus")
struct ReaderCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    static func files(_ folder: String) -> [String] {
        let url = corpus.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted().map { "\(folder)/\($0)" }
    }

    @Test func thereAreSeedsForBothReaders() {
        #expect(Self.files("manifest").count >= 3)
        #expect(Self.files("editly").count >= 3)
    }

    @Test(arguments: files("manifest"))
    func manifestSeedReads(_ name: String) throws {
        let show = try SlideshowManifest.load(from: Self.corpus.appendingPathComponent(name))
        #expect(!show.slides.isEmpty)
    }

    @Test(arguments: files("editly"))
    func editlySeedReads(_ name: String) throws {
        let show = try EditlySpec.load(from: Self.corpus.appendingPathComponent(name))
        #expect(!show.slides.isEmpty)
    }
}
