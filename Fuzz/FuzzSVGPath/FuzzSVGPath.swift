// Fuzzes the SVG path-data parser, `Path(svgPathData:)`: any string must give a path or
// `FrameDrawError.invalidSVGPath` whose offset lies inside the string, never a crash or a hang.
import FrameDraw
import FuzzReplay

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let path = try Path(svgPathData: text)
        // Walk the result the way drawing does: the bounding box touches every element.
        _ = path.boundingBox
    } catch FrameDrawError.invalidSVGPath(let offset, _) {
        precondition(
            offset >= 0 && offset <= text.unicodeScalars.count,
            "invalidSVGPath offset \(offset) is outside the \(text.unicodeScalars.count)-scalar string")
    } catch {
        preconditionFailure("Path(svgPathData:) threw an unexpected error: \(error)")
    }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
