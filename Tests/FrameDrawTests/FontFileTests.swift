import Foundation
import TestSupport
import Testing

@testable import FrameDraw

@Suite("Font files")
struct FontFileTests {
    /// Patua One (SIL Open Font License, Fonts/OFL.txt), which no Debian font package installs.
    static let patua = ImageFixtures.url("Fonts/PatuaOne-Regular.ttf")

    /// The positions of the pixels `text` paints in `family` at 40 pixels.
    static func painted(_ text: String, family: String) throws -> [String] {
        let canvas = try Canvas(width: 240, height: 64)
        canvas.context.draw(text, at: CGPoint(x: 4, y: 4), style: TextStyle(font: Font(family: family, size: 40)))
        try canvas.context.checkStatus()
        return canvas.positions { $0.alpha > 127 }.map { "\($0.x),\($0.y)" }
    }

    @Test func aRegisteredFileDrawsInItsFamily() throws {
        let family = try Font.registerFile(at: Self.patua)
        #expect(family == "Patua One")
        // Registering again returns the family without adding the file twice.
        #expect(try Font.registerFile(at: Self.patua) == "Patua One")
        let patua = try Self.painted("Editly", family: family)
        let dejaVu = try Self.painted("Editly", family: Font.systemFamily)
        #expect(patua.count > 200)
        #expect(patua != dejaVu)
        let measured = TextStyle(font: Font(family: family, size: 40)).measure("Editly")
        #expect(measured != TextStyle(font: .system(size: 40)).measure("Editly"))
    }

    @Test func aThreadWhoseFontMapExistedFindsAFontRegisteredLater() throws {
        // A copy at a path this process has not registered is a new registration, so every font map
        // older than it reloads. fontconfig keeps the registration while the process lives and other
        // tests' font maps may open the file, so the copy is never deleted (deleting it left them
        // "Patua One" with no file to read).
        let copy = try PersistentFileCopy.url(
            of: Self.patua, named: "Patua.ttf",
            in: FileManager.default.temporaryDirectory.appendingPathComponent("moviekit-tests-font-copy"))
        let started = DispatchSemaphore(value: 0)
        let registered = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var onThread: [String] = []
        let thread = Thread {
            // This thread's font map exists before the registration.
            _ = try? Self.painted("Editly", family: Font.systemFamily)
            started.signal()
            registered.wait()
            onThread = (try? Self.painted("Editly", family: "Patua One")) ?? []
            finished.signal()
        }
        thread.start()
        started.wait()
        let family = try Font.registerFile(at: copy)
        registered.signal()
        finished.wait()
        #expect(family == "Patua One")
        #expect(!onThread.isEmpty)
        #expect(onThread == (try Self.painted("Editly", family: "Patua One")))
    }

    /// The names read from a font's bytes (a font embedded in a subtitle file) are those fontconfig
    /// reads from the same file; bytes that are not a font, or are cut short, give none.
    @Test func aFontsBytesAnswerToTheNamesFontconfigReadsFromItsFile() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.patua))
        let names = Font.names(inFontData: bytes)
        #expect(names.contains("patua one"))
        #expect(names == Font.names(inFileAt: Self.patua))
        #expect(Font.names(inFontData: Array("not a font at all".utf8)).isEmpty)
        #expect(Font.names(inFontData: []).isEmpty)
        for length in [4, 12, 200, bytes.count / 2] {
            _ = Font.names(inFontData: Array(bytes.prefix(length)))  // Never reads past the end.
        }
    }

    @Test func aMissingFileIsNamed() {
        let url = URL(fileURLWithPath: "/nonexistent/Font.ttf")
        #expect(
            throws: FrameDrawError.unreadableFont(
                path: "/nonexistent/Font.ttf",
                reason: "no file exists at this path; check the spelling and the working directory.")
        ) {
            try Font.registerFile(at: url)
        }
    }

    @Test func aFileThatIsNotAFontIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID().uuidString).ttf")
        try Data("not a font".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let error = try #require(throws: FrameDrawError.self) { try Font.registerFile(at: file) }
        #expect(
            error.description.hasPrefix(
                "The font file \(file.path) cannot be used: FreeType does not read it as a font"))
    }
}
