// Fuzzes the slideshow-manifest reader, `SlideshowManifest.decode`: slides, transitions, fits, Ken
// Burns framings, text styles and audio tracks. Each input is read twice, as YAML (`fuzz.yaml`) and
// as JSON (`fuzz.json`). Any input must give a slideshow whose timing works or a `SceneError` whose
// message starts with the file name, never a crash or a hang; the checks are ReaderFuzzChecks',
// which `make test` replays on the committed corpus. Relative photo and audio paths resolve
// against an empty folder.
import Foundation
import FuzzReplay
import ReaderFuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if let problem = ReaderFuzzChecks.slideshowManifest(Data(bytes: start, count: count)) {
        preconditionFailure(problem)
    }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
