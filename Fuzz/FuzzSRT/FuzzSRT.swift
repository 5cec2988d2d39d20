// Fuzzes the SRT reader, `SRTFile(parsing:)`, on the bytes as each of its encodings reads them. Any
// text must give cues or one of the reader's errors naming a line, never a crash or a hang, and
// every cue must start at or before its end.
import Foundation
import FuzzReplay
import MovieKitSubtitles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let file = try SRTFile(data: data, fileName: "fuzz.srt")
        for cue in file.cues {
            precondition(cue.startTime >= 0 && cue.startTime <= cue.endTime, "times \(cue.startTime), \(cue.endTime)")
        }
        _ = try SubtitleInspection(SubtitleDocument.srt(file)).json()
    } catch SubtitleError.invalidTiming, SubtitleError.missingTiming, SubtitleError.endsBeforeStart,
        SubtitleError.tooManyCues
    {
        // Refused with its line: the expected outcome for a file that is not SRT.
    } catch {
        preconditionFailure("SRTFile threw an unexpected error: \(error)")
    }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
