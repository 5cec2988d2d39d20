// Fuzzes image loading, `Image(contentsOf:maxPixelSize:)`: format recognition, the truncation and
// size checks, header and EXIF parsing, FFmpeg's decoders and the conversion to ARGB. Any bytes must
// give an image or a `FrameDrawError`, never a crash, a hang or an out-of-memory.
// The loader reads files, so each input is written to one scratch file first.
import Foundation
import FrameDraw
import FuzzReplay

/// The scratch file, in memory (/dev/shm) when the system has it, so writing it costs little.
let scratch: URL = {
    let folder =
        FileManager.default.fileExists(atPath: "/dev/shm")
        ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
    return folder.appendingPathComponent("moviekit-fuzz-image-\(ProcessInfo.processInfo.processIdentifier)")
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard FileManager.default.createFile(atPath: scratch.path, contents: Data(bytes: start, count: count)) else {
        preconditionFailure("could not write the scratch file \(scratch.path)")
    }
    defer { unlink(scratch.path) }
    do {
        // Odd-sized inputs also take the scaled-while-loading path, whose promise is checked too.
        let maxPixelSize = count.isMultiple(of: 2) ? nil : 24
        let image = try Image(contentsOf: scratch, maxPixelSize: maxPixelSize)
        precondition(image.width > 0 && image.height > 0, "an image of \(image.width)x\(image.height) pixels")
        if let maxPixelSize {
            precondition(
                max(image.width, image.height) <= maxPixelSize,
                "\(image.width)x\(image.height) exceeds maxPixelSize \(maxPixelSize)")
        }
    } catch is FrameDrawError {
        // Refused with a message naming the file: the expected outcome for damaged data.
    } catch {
        preconditionFailure("Image(contentsOf:) threw an unexpected error: \(error)")
    }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
