import Foundation
import FrameDraw
import MovieKitScene
import Testing

@testable import MovieKitSubtitles

/// The `subtitles` layer: cues drawn at their times, where their settings put them, in scenes made
/// in Swift and in scene files.
@Suite("Subtitles layer")
struct SubtitlesLayerTests {
    static let blue = Color(red: 0, green: 0, blue: 1)

    static func scene(_ layers: [Layer]) -> Scene {
        var canvas = Canvas(width: 640, height: 400, fps: 10, duration: 3)
        canvas.background = blue
        return Scene(canvas: canvas, layers: layers)
    }

    static func isBacking(_ pixel: Color) -> Bool {
        // Black at 80 % over blue.
        pixel.red < 0.05 && pixel.green < 0.05 && abs(pixel.blue - 0.2) < 0.05
    }

    @Test func aCueShowsFromTheFrameItsStartFallsInUntilItsEnd() throws {
        let cue = WebVTTCue(startTime: 1, endTime: 2, text: "Hello")
        let renderer = try SceneRenderer(scene: Self.scene([.subtitles([cue])]))
        // The backing's bottom padding, under the text: 400 − 1.5 % margin − a few pixels.
        func bottom(_ time: Double) throws -> Color { try renderer.image(at: time).pixel(atX: 320, y: 391) }
        #expect(try bottom(0.9).blue > 0.95)
        #expect(Self.isBacking(try bottom(1.0)))
        #expect(Self.isBacking(try bottom(1.9)))
        #expect(try bottom(2.0).blue > 0.95)
        // The text is white inside the backing, centred.
        let image = try renderer.image(at: 1.5)
        let whiteInRow = (300..<340).contains { x in
            (360..<390).contains { y in image.pixel(atX: x, y: y).red > 0.9 }
        }
        #expect(whiteInRow)
        #expect(image.pixel(atX: 20, y: 391).blue > 0.95, "the backing hugs the text, not the whole width")
    }

    /// As a browser draws `::cue`'s background: a box around each line, so a short second line's
    /// backing is as narrow as that line.
    @Test func eachLineOfACueHasABackingAsWideAsItself() throws {
        let cue = WebVTTCue(startTime: 0, endTime: 3, text: "A much longer first line of the cue\nShort")
        let image = try SceneRenderer(scene: Self.scene([.subtitles([cue])])).image(at: 1)
        // The columns a row's backing or text spans (anything that is not the blue background).
        let spans: [(y: Int, width: Int)] = (250..<400).compactMap { y in
            let covered = (0..<640).filter { x in
                let pixel = image.pixel(atX: x, y: y)
                return pixel.blue < 0.9 || pixel.red > 0.1
            }
            guard let first = covered.first, let last = covered.last else { return nil }
            return (y, last - first + 1)
        }
        let widest = try #require(spans.map(\.width).max())
        let firstLine = spans.filter { $0.width == widest }.map(\.y)
        let secondLine = spans.filter { $0.width < widest / 2 }.map(\.y)
        #expect(firstLine.count > 10 && secondLine.count > 10, "rows of each width: \(spans)")
        #expect((firstLine.max() ?? 0) < (secondLine.min() ?? 0), "the narrow backing is the second line's")
    }

    @Test func lineZeroIsAtTheTopAndLaterCuesStackAboveEarlierOnes() throws {
        var top = WebVTTCue(startTime: 0, endTime: 3, text: "Top")
        top.line = .value(0)
        let first = WebVTTCue(startTime: 0, endTime: 3, text: "First")
        let second = WebVTTCue(startTime: 0, endTime: 3, text: "Second")
        let image = try SceneRenderer(scene: Self.scene([.subtitles([top, first, second])])).image(at: 1)
        // Rows that show backing anywhere around the centre (glyphs cover some of it, never all).
        let column = (0..<400).map { y in (250..<390).contains { Self.isBacking(image.pixel(atX: $0, y: y)) } }
        #expect(column[2], "line 0 puts its box at the top")
        #expect(column[391], "the first auto cue sits at the bottom")
        // Two boxes stacked at the bottom, the second above the first, both below the middle.
        let runs = zip(column, column.dropFirst()).enumerated().filter { !$0.element.0 && $0.element.1 }.map(\.offset)
        #expect(runs.filter { $0 > 200 }.count == 2, "backing runs start at \(runs)")
    }

    @Test func aSceneFileShowsAnSRTFileWithItsStyle() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("1\n00:00:00,500 --> 00:00:02,000\n{\\an8}Hello\n".utf8).write(
            to: folder.appendingPathComponent("talk.srt"))
        let yaml = """
            canvas: {width: 640, height: 400, duration: 3, background: "#0000FF"}
            layers:
              - type: subtitles
                source: talk.srt
                fontSize: 0.1
                color: yellow
                backing: "#000000CC"
            """
        ContentKinds.register(Subtitles.self)
        let scene = try SceneFile.decode(yaml, format: .yaml, fileName: "s.yaml", baseURL: folder, variables: [:])
        let image = try SceneRenderer(scene: scene).image(at: 1)
        // `{\an8}`: the box is at the top; the text yellow (red and green, no blue).
        #expect(Self.isBacking(image.pixel(atX: 320, y: 2)))
        let yellow = (0..<80).contains { y in
            (280..<360).contains { x in
                let p = image.pixel(atX: x, y: y)
                return p.red > 0.9 && p.green > 0.9 && p.blue < 0.3
            }
        }
        #expect(yellow)
        #expect(image.pixel(atX: 320, y: 391).blue > 0.95)
    }

    @Test func aSceneFileNamesAMissingOrBadSubtitleFile() throws {
        ContentKinds.register(Subtitles.self)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("1\n00:00:05,000 --> 00:00:01,000\nx\n".utf8).write(to: folder.appendingPathComponent("bad.srt"))
        let yaml = "canvas: {width: 64, height: 64, duration: 1}\nlayers:\n  - type: subtitles\n    source: bad.srt\n"
        #expect {
            _ = try SceneFile.decode(yaml, format: .yaml, fileName: "s.yaml", baseURL: folder, variables: [:])
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("s.yaml:4:13: `layers[0].source` is a subtitle file that cannot be read")
                && text.contains("bad.srt:2:1: The cue ends at 00:00:01.000, before it starts at 00:00:05.000")
        }
    }
}

/// Netflix's timed-text rules for cues the author did not place or break: at most 42 characters a
/// line, two lines as even as the spaces allow.
@Suite("Balanced subtitle lines")
struct BalancedLineTests {
    @Test(arguments: [
        "A short line stays on one line.",
        "This subtitle is a good deal longer than forty-two characters",
        "<i>Tags</i> do not count, and the <b>break</b> never lands inside one of <c.yellow>them</c>",
        "Averyveryverylongwordwithoutanyspaceatallthatcannotbebrokenbyspacesanywhere"
    ])
    func linesAreEvenAndShort(_ text: String) throws {
        let broken = CueLayout.balancedLines(text)
        #expect(broken.replacingOccurrences(of: "\n", with: " ") == text, "only a space becomes a line break")
        let plain = broken.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        let lines = plain.split(separator: "\n").map(\.count)
        if plain.count <= 42 || !text.contains(" ") {
            #expect(lines.count == 1)
        } else {
            #expect(lines.count == 2 && lines.allSatisfy { $0 <= 42 }, "\(lines)")
            #expect(abs(lines[0] - lines[1]) <= 12, "\(lines)")
        }
    }
}

/// WebVTT regions: their cues stack in the region's box and what passes its top is hidden.
@Suite("WebVTT regions on screen")
struct RegionLayoutTests {
    /// A vertical cue's CJK characters stand upright, as a browser sets them (`text-orientation:
    /// mixed`): 一, one horizontal stroke, is drawn as a horizontal stroke, so the white ink of
    /// 一一一 down the page spans more columns than rows.
    @Test func aVerticalCuesCJKCharactersStandUpright() throws {
        var cue = WebVTTCue(startTime: 0, endTime: 3, text: "一一一")
        cue.writingDirection = .verticalGrowingLeft
        let image = try SceneRenderer(scene: SubtitlesLayerTests.scene([.subtitles([cue])])).image(at: 1)
        var columns = Set<Int>()
        var rows = Set<Int>()
        for y in 0..<400 {
            for x in 0..<640 {
                let pixel = image.pixel(atX: x, y: y)
                if pixel.red > 0.8, pixel.green > 0.8 {
                    columns.insert(x)
                    rows.insert(y)
                }
            }
        }
        #expect(!columns.isEmpty, "the cue is drawn")
        // Upright: three short horizontal bars (each about an em wide, a few pixels thick). On their
        // side they would be one vertical line, three ems long and a few pixels wide.
        #expect(columns.count > rows.count, "ink spans \(columns.count) columns and \(rows.count) rows")
        // With `line` auto a vertical:rl cue takes the last line counted from the right: the left
        // edge, where Chromium puts it too (`make test-browser`).
        #expect((columns.max() ?? 640) < 80, "the cue is at the left edge")
    }

    @Test func cuesStackInTheRegionBoxAndTheOldestScrollsAway() throws {
        let file = try WebVTTFile(
            parsing: """
                WEBVTT

                REGION
                id:low width:40% lines:2 regionanchor:0%,100% viewportanchor:10%,90%

                00:00.000 --> 00:05.000 region:low
                first

                00:01.000 --> 00:05.000 region:low
                second

                00:02.000 --> 00:05.000 region:low
                third

                """)
        var canvas = Canvas(width: 400, height: 300, fps: 10, duration: 5)
        canvas.background = .white
        let renderer = try SceneRenderer(
            scene: Scene(canvas: canvas, layers: [Layer.subtitles(file.cues)]))
        /// The dark (backing) pixels' bounding box.
        func darkBox(at time: Double) throws -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
            let image = try renderer.image(at: time)
            var box: (Int, Int, Int, Int)?
            for y in 0..<300 {
                for x in 0..<400 where image.pixel(atX: x, y: y).red < 0.4 {
                    box = box.map { (min($0.0, x), max($0.1, x), min($0.2, y), max($0.3, y)) } ?? (x, x, y, y)
                }
            }
            return box.map { ($0.0, $0.1, $0.2, $0.3) }
        }
        // The region: x from 40 to 200 (10 % of 400, 40 % wide), y from 234 to 270 (90 % of 300, two lines of 18).
        let one = try #require(try darkBox(at: 0.5))
        #expect(one.minX >= 40 && one.maxX <= 200 && one.maxY <= 270 && one.maxY >= 266, "\(one)")
        let three = try #require(try darkBox(at: 2.5))
        #expect(three.minY >= 234 && three.maxY <= 270, "three cues keep to two lines' height: \(three)")
        #expect(three.minY < one.minY, "the stack grows upwards")
    }
}
