import Foundation
import MovieKitScene
import MovieKitSubtitles
import Testing

/// Replays `FuzzSRT`'s, `FuzzTranscript`'s and `FuzzASS`'s committed inputs (Fuzz/Corpus/) with the fuzzers'
/// checks, so an input that once failed stays a regression test.
@Suite("SRT, transcript and ASS fuzzing corpora")
struct SubtitleFuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    static func inputs(_ target: String) -> [URL] {
        let folder = corpus.appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test func bothCorporaHaveSeeds() {
        #expect(Self.inputs("FuzzSRT").count >= 3 && Self.inputs("FuzzTranscript").count >= 4)
        #expect(Self.inputs("FuzzASS").count >= 3)
    }

    @Test(arguments: inputs("FuzzASS"))
    func ass(_ url: URL) throws {
        do {
            let content = try ASSContent(
                data: try Data(contentsOf: url), fileName: "fuzz.ass",
                fonts: [URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")],
                fallbackFamily: "DejaVu Sans")
            for event in content.file.events { #expect(event.startTime >= 0 && event.startTime <= event.endTime) }
            let canvas = Canvas(width: 96, height: 64, fps: 10, duration: 1)
            let renderer = try SceneRenderer(scene: Scene(canvas: canvas, layers: [Layer(.timed(content))]))
            for event in content.file.events.prefix(3) {
                #expect(try renderer.image(at: (event.startTime + event.endTime) / 2).width == 96)
            }
        } catch is SubtitleError {
            // Refused with its line.
        }
    }

    @Test(arguments: inputs("FuzzSRT"))
    func srt(_ url: URL) throws {
        do {
            let file = try SRTFile(data: try Data(contentsOf: url), fileName: "fuzz.srt")
            #expect(!file.cues.isEmpty)
            for cue in file.cues { #expect(cue.startTime >= 0 && cue.startTime <= cue.endTime) }
        } catch is SubtitleError {
            // Refused with its line.
        }
    }

    @Test(arguments: inputs("FuzzTranscript"))
    func transcript(_ url: URL) throws {
        do {
            let transcript = try Transcript(data: try Data(contentsOf: url), fileName: "fuzz.json")
            #expect(!transcript.words.isEmpty)
            let pages = CaptionsContent(words: transcript.words).pages
            #expect(pages.flatMap { Array($0.words) } == Array(transcript.words.indices))
        } catch is TranscriptError {
            // Refused with its key path.
        }
    }
}
