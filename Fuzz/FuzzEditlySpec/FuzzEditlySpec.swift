// Fuzzes the editly reader, `EditlySpec.decode`: the JSON5 parser, then editly's clips, layers,
// defaults, transitions and audio mapped onto a slideshow. Any input must give a slideshow whose
// timing works or a `SceneError` whose message starts with the file name (`fuzz.json5`), never a
// crash or a hang; the checks are ReaderFuzzChecks', which `make test` replays on the committed
// corpus. Relative image and audio paths resolve against an empty folder.
import Foundation
import FuzzReplay
import ReaderFuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if let problem = ReaderFuzzChecks.editlySpec(Data(bytes: start, count: count)) { preconditionFailure(problem) }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
