// Fuzzes Pango markup handling, `TextStyle.metrics(forMarkup:width:)`: parsing (validation) and the
// layout a valid markup string gets, and drawing it (`DrawingContext.draw(markup:in:style:)`) into a
// small picture. Any string must give metrics or `FrameDrawError.invalidMarkup` (or
// `.textLayoutFailed`, or `.textTooLarge`), and draw without Cairo stopping the picture, never a crash or a hang (a span of
// a thousandth of a pixel once stopped it). Pango itself is not instrumented: coverage guides only
// through our code, so the dictionary supplies the tags and attributes.
import Foundation
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
        _ = try Image(size: CGSize(width: 48, height: 24)) { context in
            try context.draw(markup: markup, in: CGRect(x: 2, y: 2, width: 44, height: 20), style: style)
        }
    } catch FrameDrawError.invalidMarkup, FrameDrawError.textLayoutFailed, FrameDrawError.textTooLarge {
        // Refused with a message: the expected outcome for malformed markup, or markup laid out past the
        // millions of pixels Pango measures.
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
