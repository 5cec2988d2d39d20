// Fuzzes the Lottie reader and renderer, `LottieContent`: JSON decoding into the typed model, the
// gzip (Telegram sticker) and ZIP (dotLottie) containers with their size limits, and one frame drawn
// small. Each input is read three times, as `fuzz.json`, `fuzz.tgs` and `fuzz.lottie`. Any input must
// give an animation or a `LottieError` naming the file, never a crash or a hang; the checks are
// ReaderFuzzChecks', which `make test` replays on the committed corpus.
import Foundation
import FuzzReplay
import ReaderFuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    if let problem = ReaderFuzzChecks.lottie(Data(bytes: start, count: count)) { preconditionFailure(problem) }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
