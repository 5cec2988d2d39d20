// Fuzzes the WebVTT reader, `WebVTTFile(parsing:)`, and what `moviemake subtitles inspect --json`
// makes of it. Any text must give cues or `SubtitleError.notWebVTT` (or `.tooManyCues`), never a
// crash or a hang, and the cues must keep the specification's rules: no blank line or timing arrow
// in a cue's text, percentages from 0 to 100, times from 0 on.
import Foundation
import FuzzReplay
import MovieKitSubtitles

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let file = try WebVTTFile(parsing: text, fileName: "fuzz.vtt")
        for cue in file.cues {
            precondition(
                !cue.text.contains("\n\n") && !cue.text.contains("-->"), "cue text \(cue.text.debugDescription)")
            precondition(cue.startTime >= 0 && cue.endTime >= 0, "times \(cue.startTime), \(cue.endTime)")
            precondition((0...100).contains(cue.size), "size \(cue.size)")
            if let position = cue.position { precondition((0...100).contains(position), "position \(position)") }
            if case .value(let line) = cue.line { precondition(line.isFinite, "line \(line)") }
        }
        for region in file.regions {
            precondition((0...100).contains(region.width) && region.lines >= 0, "region \(region)")
        }
        _ = try SubtitleInspection(file).json()
    } catch SubtitleError.notWebVTT, SubtitleError.tooManyCues {
        // Refused with a message: the expected outcome for text that is not WebVTT.
    } catch {
        preconditionFailure("WebVTTFile(parsing:) threw an unexpected error: \(error)")
    }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
