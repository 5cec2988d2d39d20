// Fuzzes the scene-file reader, `SceneFile.decode`: libyaml (through Yams) and MovieKit's JSON parser,
// then the schema: layers, animations, easings, colours, paths and `${name}` variables. Each input is
// read twice, as YAML (`fuzz.yaml`) and as JSON (`fuzz.json`), so both parsers are fuzzed. Any input
// must give a scene or a `SceneError` whose message starts with the file name, never a crash or a
// hang; the checks are ReaderFuzzChecks', which `make test` replays on the committed corpus.
import Foundation
import FuzzReplay
import ReaderFuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if let problem = ReaderFuzzChecks.sceneFile(Data(bytes: start, count: count)) { preconditionFailure(problem) }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
