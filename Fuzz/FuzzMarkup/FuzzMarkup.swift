// Fuzzes Pango markup handling, `TextStyle.metrics(forMarkup:width:)`: parsing (validation) and the
// layout a valid markup string gets. Any string must give metrics or `FrameDrawError.invalidMarkup`
// (or `.textLayoutFailed`), never a crash or a hang. Pango itself is not instrumented: coverage
// guides only through our code, so the dictionary supplies the tags and attributes.
import FrameDraw
import FuzzReplay

/// One style for every input: fonts are loaded once, so each run measures only the markup.
let style = TextStyle(font: Font(family: "DejaVu Sans", size: 14))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let markup = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let metrics = try style.metrics(forMarkup: markup, width: count.isMultiple(of: 2) ? nil : 200)
        precondition(
            metrics.size.width >= 0 && metrics.size.height >= 0,
            "negative size \(metrics.size) for \(markup.debugDescription)")
    } catch FrameDrawError.invalidMarkup, FrameDrawError.textLayoutFailed {
        // Refused with a message: the expected outcome for malformed markup.
    } catch {
        preconditionFailure("metrics(forMarkup:) threw an unexpected error: \(error)")
    }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
