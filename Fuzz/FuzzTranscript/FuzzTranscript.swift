// Fuzzes the transcript reader, `Transcript(data:)`, and the pages captions make of its words. Any
// bytes must give words or a `TranscriptError`, never a crash or a hang; words keep start ≤ end, and
// the pages cover every word once, in order.
import Foundation
import FuzzReplay
import MovieKitSubtitles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let transcript = try Transcript(data: data, fileName: "fuzz.json")
        for word in transcript.words {
            precondition(word.start >= 0 && word.start <= word.end, "word \(word)")
        }
        let pages = CaptionsContent(words: transcript.words).pages
        let covered = pages.flatMap { Array($0.words) }
        precondition(covered == Array(transcript.words.indices), "pages \(pages.map(\.words))")
        _ = try TranscriptInspection(transcript).json()
    } catch is TranscriptError {
        // Refused with a message naming the key path.
    } catch {
        preconditionFailure("Transcript threw an unexpected error: \(error)")
    }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
