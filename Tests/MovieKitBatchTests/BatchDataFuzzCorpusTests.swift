import Foundation
import MovieKitBatch
import Testing

/// Replays `FuzzBatchData`'s committed inputs (Fuzz/Corpus/FuzzBatchData) with the fuzzer's checks, so
/// that an input that once failed stays a regression test.
@Suite("Batch data fuzzing corpus")
struct BatchDataFuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzBatchData")

    static var inputs: [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
            .map { corpus.appendingPathComponent($0) }
    }

    @Test func theCorpusHasSeeds() {
        #expect(Self.inputs.count >= 4)
    }

    @Test(arguments: inputs)
    func replay(_ url: URL) throws {
        let bytes = try Data(contentsOf: url)
        guard let first = bytes.first else { return }
        let ext = ["csv", "tsv", "json", "jsonl"][Int(first) % 4]
        let data: BatchData
        do {
            data = try BatchData(data: bytes.dropFirst(), url: URL(fileURLWithPath: "/fuzz/rows.\(ext)"))
        } catch is BatchError {
            return
        }
        #expect(data.rows.map(\.number) == Array(1...max(1, data.rows.count)).prefix(data.rows.count).map { $0 })
        #expect(zip(data.rows, data.rows.dropFirst()).allSatisfy { $0.line <= $1.line && $0.line >= 1 })
        let pattern = try OutputPattern("out/{id}-{row}.mp4", relativeTo: URL(fileURLWithPath: "/fuzz"))
        for (number, outcome) in pattern.outputs(for: data.rows, dataPath: "rows.\(ext)") {
            switch outcome {
            case .success(let output): #expect(output.path.hasPrefix("/fuzz/out/"))
            case .failure(let error): #expect(error.row == number)
            }
        }
    }
}
