import Foundation
import MovieKitSubtitles
import Testing

/// Replays `FuzzWebVTT`'s committed inputs (Fuzz/Corpus/FuzzWebVTT) with the fuzzer's checks, so an
/// input that once failed stays a regression test.
@Suite("WebVTT fuzzing corpus")
struct WebVTTFuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzWebVTT")

    static let inputs: [URL] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.sorted().map { corpus.appendingPathComponent($0) }
    }()

    @Test func theCorpusHasSeeds() { #expect(Self.inputs.count >= 3) }

    @Test(arguments: inputs)
    func input(_ url: URL) throws {
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        do {
            let file = try WebVTTFile(parsing: text, fileName: "fuzz.vtt")
            for cue in file.cues {
                #expect(!cue.text.contains("\n\n") && !cue.text.contains("-->"))
                #expect(cue.startTime >= 0 && cue.endTime >= 0 && (0...100).contains(cue.size))
            }
            _ = try SubtitleInspection(file).json()
        } catch SubtitleError.notWebVTT {
            // Refused with a message.
        }
    }
}
