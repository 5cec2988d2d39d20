import Foundation
import MovieKitSubtitles
import Testing

/// Word-timed transcripts from the tools people run, each in the shape that tool writes.
@Suite("Transcripts")
struct TranscriptTests {
    static func read(_ json: String) throws -> Transcript {
        try Transcript(data: Data(json.utf8), fileName: "words.json")
    }

    @Test func readsOpenAIWhisperVerboseJSON() throws {
        let transcript = try Self.read(
            """
            {"task": "transcribe", "language": "english", "duration": 2.1, "text": "Hello, world.",
             "segments": [{"id": 0, "start": 0.0, "end": 2.1, "text": " Hello, world."}],
             "words": [{"word": "Hello,", "start": 0.0, "end": 0.62}, {"word": "world.", "start": 0.7, "end": 1.5}]}
            """)
        #expect(transcript.source == .whisper)
        #expect(
            transcript.words == [
                .init(text: "Hello,", start: 0, end: 0.62), .init(text: "world.", start: 0.7, end: 1.5)
            ])
        #expect(transcript.word(at: 0.65) == nil && transcript.word(at: 0.7) == 1)
    }

    @Test func readsWhisperXWithSpeakersAndPlacesUnalignedWords() throws {
        let transcript = try Self.read(
            """
            {"segments": [{"start": 0.1, "end": 2.0, "text": " It costs 20 dollars.", "words": [
              {"word": "It", "start": 0.1, "end": 0.3, "score": 0.9, "speaker": "SPEAKER_00"},
              {"word": "costs", "start": 0.35, "end": 0.7, "score": 0.8, "speaker": "SPEAKER_00"},
              {"word": "20"},
              {"word": "dollars.", "start": 1.2, "end": 1.8, "score": 0.9, "speaker": "SPEAKER_01"}]}],
             "word_segments": []}
            """)
        #expect(transcript.source == .whisperX)
        #expect(transcript.words.map(\.text) == ["It", "costs", "20", "dollars."])
        #expect(transcript.words[2].start == 0.7 && transcript.words[2].end == 1.2)
        #expect(transcript.words[3].speaker == "SPEAKER_01")
        #expect(
            transcript.warnings == [
                "words.json: `segments[0].words[2]` (\"20\") has no times, so it is shown between the words around it."
            ])
    }

    @Test func aMissingFileIsNamedOnceWithAdvice() {
        let url = URL(fileURLWithPath: "/nonexistent-folder/words.json")
        #expect(
            throws: TranscriptError.unreadable(
                file: url.path, reason: "no file exists at this path; check the spelling and the working directory")
        ) {
            try Transcript(contentsOf: url)
        }
        #expect(
            throws: SubtitleError.unreadableFile(
                path: "/nonexistent-folder/talk.srt",
                reason: "no file exists at this path; check the spelling and the working directory")
        ) {
            try SRTFile(contentsOf: URL(fileURLWithPath: "/nonexistent-folder/talk.srt"))
        }
    }

    @Test func anUnalignedLastWordLastsUntilItsSegmentEnds() throws {
        let transcript = try Self.read(
            "{\"segments\": [{\"start\": 0, \"end\": 2.0, \"words\": [{\"word\": \"Costs\", \"start\": 0.2, \"end\": 0.6}, {\"word\": \"$20\"}]}]}"
        )
        #expect(transcript.words.last == .init(text: "$20", start: 0.6, end: 2.0))
        #expect(transcript.word(at: 1.5) == 1)
    }

    @Test func readsWhisperCppFullJSONJoiningTokensIntoWords() throws {
        let transcript = try Self.read(
            """
            {"systeminfo": "AVX = 1", "model": {"type": "base"}, "result": {"language": "en"},
             "transcription": [{"timestamps": {"from": "00:00:00,000", "to": "00:00:02,000"},
               "offsets": {"from": 0, "to": 2000}, "text": " Hello there",
               "tokens": [
                 {"text": "[_BEG_]", "offsets": {"from": 0, "to": 0}, "id": 50364, "p": 0.9},
                 {"text": " Hel", "offsets": {"from": 0, "to": 300}, "id": 1, "p": 0.9},
                 {"text": "lo", "offsets": {"from": 300, "to": 600}, "id": 2, "p": 0.9},
                 {"text": " there", "offsets": {"from": 700, "to": 1400}, "id": 3, "p": 0.9},
                 {"text": "[_TT_100]", "offsets": {"from": 2000, "to": 2000}, "id": 50464, "p": 0.9}]}]}
            """)
        #expect(transcript.source == .whisperCpp)
        #expect(
            transcript.words == [.init(text: "Hello", start: 0, end: 0.6), .init(text: "there", start: 0.7, end: 1.4)])
    }

    @Test func readsRemotionCaptions() throws {
        let transcript = try Self.read(
            """
            [{"text": "Hi", "startMs": 0, "endMs": 400, "timestampMs": 200, "confidence": 1},
             {"text": " every", "startMs": 450, "endMs": 700, "timestampMs": null, "confidence": null},
             {"text": "one!", "startMs": 700, "endMs": 1000, "timestampMs": null, "confidence": null}]
            """)
        #expect(transcript.source == .remotion)
        #expect(
            transcript.words == [.init(text: "Hi", start: 0, end: 0.4), .init(text: "everyone!", start: 0.45, end: 1)])
    }

    @Test(arguments: [
        (
            "{\"words\": [{\"word\": \"a\", \"start\": 1, \"end\": 0.5}]}",
            "words.json: `words[0].end` is 0.5 but must be at or after `start` (1)."
        ),
        (
            "{\"words\": [{\"word\": \"a\", \"start\": \"0\", \"end\": 1}]}",
            "words.json: `words[0].start` is the string \"0\" but must be a time of 0 or more."
        ),
        (
            "[{\"text\": \" a\", \"startMs\": -5, \"endMs\": 1}]",
            "words.json: `[0].startMs` is -5 but must be a time of 0 or more."
        ),
        (
            "{\"segments\": [{\"start\": 0, \"end\": 1, \"text\": \"no words\"}]}",
            "words.json: The transcript is a transcript with segments but no word timings, which is none of the shapes MovieKit reads: OpenAI Whisper's verbose_json with `words` (ask for word timestamps), WhisperX's `segments` with `words`, whisper.cpp's full JSON (`-ojf`) or Remotion's list of captions with `text`, `startMs` and `endMs`."
        ),
        ("{\"words\": [", "words.json: The transcript is not JSON")
    ])
    func badTranscriptsAreNamedByKeyPath(_ json: String, _ message: String) {
        #expect {
            try Self.read(json)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
