// Fuzzes ASS and SSA files through MovieKit's reader and libass: `ASSContent(data:fileName:fonts:fallbackFamily:)`
// checks the file's outline, then each input is drawn at the start and middle of its first events, on
// a small canvas and through a scene, as a render draws it. Any bytes must draw or give one of the
// reader's errors naming a line, never a crash, a hang or a leak. libass itself is not instrumented:
// coverage guides through MovieKit's reader and compositor, and the dictionary supplies ASS's
// sections, fields and override tags.
import Foundation
import FrameDraw
import FuzzReplay
import MovieKitScene
import MovieKitSubtitles

/// One font for every input, so that text is drawn without asking fontconfig; any other font an input
/// names is drawn in its family.
let fonts = [URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")]
let fallbackFamily = "DejaVu Sans"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let content = try ASSContent(data: data, fileName: "fuzz.ass", fonts: fonts, fallbackFamily: fallbackFamily)
        for event in content.file.events {
            precondition(event.startTime >= 0 && event.startTime <= event.endTime, "times \(event.startTime)")
        }
        let canvas = Canvas(width: 96, height: 64, fps: 10, duration: 1)
        let renderer = try SceneRenderer(scene: Scene(canvas: canvas, layers: [Layer(.timed(content))]))
        for event in content.file.events.prefix(3) where event.startTime < 1e6 {
            for time in [event.startTime, (event.startTime + event.endTime) / 2] {
                let image = try renderer.image(at: time)
                precondition(image.width == 96 && image.height == 64, "a picture of \(image.width)x\(image.height)")
            }
        }
    } catch SubtitleError.invalidASS, SubtitleError.endsBeforeStart, SubtitleError.tooManyCues,
        SubtitleError.libassFailed
    {
        // Refused with its line, or libass could not read it: the expected outcomes for a file that is not ASS.
    } catch {
        preconditionFailure("ASSContent threw an unexpected error: \(error)")
    }
    return 0
}

#if !FUZZING
    /// Without libFuzzer (an ordinary build): runs `fuzz` once on each file named on the command line.
    @main enum Replay {
        static func main() { replayInputs(Array(CommandLine.arguments.dropFirst()), fuzz) }
    }
#endif
