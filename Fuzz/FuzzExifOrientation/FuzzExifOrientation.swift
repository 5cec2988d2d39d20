// Fuzzes the EXIF orientation reader (`ExifOrientation(imageFile:)`, package access): any bytes, in
// any of the containers it walks (JPEG APP1, PNG eXIf, WebP EXIF, bare TIFF), must give one of the
// eight orientations, `.up` when there is none or it is malformed, never a crash or a hang.
import Foundation
import FrameDraw
import FuzzReplay

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let orientation = ExifOrientation(imageFile: data)
    precondition((1...8).contains(orientation.rawValue), "orientation \(orientation.rawValue) is out of range")
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
