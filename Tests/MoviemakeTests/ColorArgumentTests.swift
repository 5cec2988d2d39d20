import ArgumentParser
import FrameDraw
import Testing

@testable import moviemake

/// `--background` takes what `Color(parsing:)` reads, and a wrong colour is a usage error that
/// says what is accepted.
@Suite("moviemake: colour options")
struct ColorArgumentTests {
    @Test func backgroundsTakeHexAndNames() throws {
        let render = try Render.parse(["scene.json", "--background", "darkGray", "-o", "a.mp4"])
        #expect(render.background == .darkGray)
        let slideshow = try SlideshowCommand.parse(["photos", "--background", "#FF880080", "-o", "a.mp4"])
        #expect(slideshow.background == Color(rgba: 0xFF88_0080))
        #expect(try SlideshowCommand.parse(["photos", "-o", "a.mp4"]).background == .black)
    }

    @Test func aWrongColourSaysWhatIsAccepted() {
        do {
            _ = try Render.parse(["scene.json", "--background", "mauve", "-o", "a.mp4"])
            Issue.record("mauve was accepted")
        } catch {
            let message = Render.message(for: error)
            #expect(message.contains("\"mauve\" is not a colour; use #RRGGBB or #RRGGBBAA"), "\(message)")
            #expect(message.contains("darkGray"))
            #expect(Render.exitCode(for: error).rawValue == 64)
        }
    }
}
