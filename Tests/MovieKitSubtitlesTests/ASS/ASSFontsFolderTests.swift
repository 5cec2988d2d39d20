import Foundation
import FrameDraw
import MovieKitScene
import TestSupport
import Testing

@testable import MovieKitSubtitles

/// A fonts folder that holds every font an ASS file names is used alone, as libass's own tools use
/// one: installed faces of the same family do not win over it.
@Suite("ASS fonts folder")
struct ASSFontsFolderTests {
    /// An opaque box (BorderStyle 3) around italic, bold and regular text in DejaVu Sans: with only
    /// the regular face given, libass makes the bold and italic itself; an installed DejaVu Sans Bold
    /// (fonts-dejavu-core) is wider, and had moved the box's edges.
    static let script =
        ASSTests.header.replacingOccurrences(
            of:
                "Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,2,10,10,10,1",
            with:
                "Style: Default,DejaVu Sans,20,&H00FFFFFF,&H000000FF,&H00402000,&H00000000,-1,0,0,0,100,100,0,0,3,2,0,2,10,10,10,1"
        ) + "Dialogue: 0,0:00:00.00,0:00:02.00,Default,,0,0,0,,{\\i1}Italic{\\i0} and {\\b0}regular{\\b1} bold\n"

    static func picture(of content: ASSContent) throws -> Image {
        let canvas = Canvas(width: 320, height: 180, fps: 25, duration: 2)
        return try SceneRenderer(scene: Scene(canvas: canvas, layers: [Layer(.timed(content))])).image(at: 0.5)
    }

    @Test func aFolderHoldingEveryFontOfTheFileIsUsedAloneAsLibassUsesIt() throws {
        let folder = try TemporaryDirectory()
        let regular = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let fonts = folder.url.appendingPathComponent("fonts", isDirectory: true)
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: regular, to: fonts.appendingPathComponent("DejaVuSans.ttf"))
        let subtitles = folder.url.appendingPathComponent("box.ass")
        try Data(Self.script.utf8).write(to: subtitles)

        // moviemake's way (`--fonts-dir`), and libass alone with the folder's fonts.
        let drawn = try ASSContent(contentsOf: subtitles, fontDirectories: [fonts])
        let alone = try ASSContent(
            data: Data(Self.script.utf8), fileName: "box.ass", fonts: [fonts.appendingPathComponent("DejaVuSans.ttf")],
            fallbackFamily: "DejaVu Sans")
        let a = try Self.picture(of: drawn)
        let b = try Self.picture(of: alone)
        var differing = 0
        var boxed = 0
        for y in 0..<180 {
            for x in 0..<320 {
                let p = a.pixel(atX: x, y: y)
                if p != b.pixel(atX: x, y: y) { differing += 1 }
                if p.blue > 0.2 && p.red < 0.05 { boxed += 1 }
            }
        }
        #expect(boxed > 1000, "the box is drawn")
        #expect(differing == 0, "\(differing) pixels differ from libass given the folder's fonts alone")
        #expect(
            ASSContent.familyWhenFontsCoverTheFile(drawn.file, fontNames: Font.names(inFileAt: regular))
                == "DejaVu Sans")
    }

    /// A file that names a font the folder does not hold keeps fontconfig's fonts.
    @Test func aFileNamingAFontTheFolderLacksKeepsTheInstalledFonts() throws {
        let file = try ASSFile(
            parsing: Self.script.replacingOccurrences(of: "regular{", with: "{\\fnDejaVu Serif}regular{"),
            fileName: "box.ass")
        let regular = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(ASSContent.familyWhenFontsCoverTheFile(file, fontNames: Font.names(inFileAt: regular)) == nil)
        #expect(ASSContent.familyWhenFontsCoverTheFile(file, fontNames: []) == nil)
    }
}
