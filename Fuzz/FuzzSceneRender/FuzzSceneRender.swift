// Fuzzes the scene renderer with valid scenes: the input's bytes are the choices of a generator
// (RandomScenes' `RandomSceneFile`) that writes only scene files the schema accepts, with every
// layer type, every animatable property, extreme values, groups in groups, masks and blend modes.
// The file is read as a user's file is read and drawn at the first and last frames, a random time
// and a time where one of its animations turns, at a small size. The reader refusing the file,
// a drawing error or a crash is a finding; `make test` runs the same check in property tests.
import Foundation
import FuzzReplay
import RandomScenes

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let problem = SceneRenderCheck.problem(bytes) { preconditionFailure(problem) }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
