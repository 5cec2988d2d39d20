import Foundation
import FrameDraw
import TestSupport
import Testing

@testable import MovieKitSubtitles

/// Fonts embedded in an ASS file's `[Fonts]` section: decoded as libass decodes them, and their
/// names known, so that a style using one is not reported as naming a missing font.
@Suite("ASS embedded fonts")
struct ASSEmbeddedFontTests {
    /// A font file of the FrameDraw tests' fixtures.
    static let patua = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FrameDrawTests/Fixtures/Fonts/PatuaOne-Regular.ttf")

    /// `bytes` in ASS's encoding, 80 characters a line, as subtitle editors write it.
    static func encode(_ bytes: [UInt8]) -> String {
        var characters: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let group = bytes[index..<min(index + 3, bytes.count)]
            let value = group.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * $1.offset) }
            for position in 0...group.count { characters.append(UInt8(value >> (18 - 6 * position) & 63) + 33) }
            index += 3
        }
        return stride(from: 0, to: characters.count, by: 80).map {
            String(decoding: characters[$0..<min($0 + 80, characters.count)], as: UTF8.self)
        }.joined(separator: "\n")
    }

    @Test func groupsOfFourThreeAndTwoCharactersCarryThreeTwoAndOneBytes() {
        #expect(ASSEmbeddedFonts.decode(Array("!!%#".utf8)) == [0, 1, 2])
        #expect(ASSEmbeddedFonts.decode(Array("!!%".utf8)) == [0, 1])
        #expect(ASSEmbeddedFonts.decode(Array("!!".utf8)) == [0])
        #expect(ASSEmbeddedFonts.decode(Array("!!%#!".utf8)) == nil, "a last group of one character")
        #expect(ASSEmbeddedFonts.decode([]) == [])
        // Characters outside `!`…`` ` `` keep their low six bits, as in libass (found by FuzzASS).
        #expect(
            ASSEmbeddedFonts.decode(Array("\u{7F}\u{7F}\u{7F}\u{7F}".utf8))
                == ASSEmbeddedFonts.decode(Array("????".utf8)))
        #expect(ASSEmbeddedFonts.decode([0xFF, 0xFF, 0xFF, 0xFF])?.count == 3)
        let bytes = (0..<256).map { UInt8($0) }
        let text = Self.encode(bytes).filter { $0 != "\n" }
        #expect(ASSEmbeddedFonts.decode(Array(text.utf8)) == bytes)
    }

    @Test func aStyleUsingAnEmbeddedFontIsNotReportedMissing() throws {
        let font = try [UInt8](Data(contentsOf: Self.patua))
        let text =
            ASSTests.header
            .replacingOccurrences(
                of: "Style: Default,DejaVu Sans,",
                with:
                    "Style: Default,Patua One,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,2,10,10,10,1\nStyle: Other,Comic Nowhere Sans,"
            )
            .replacingOccurrences(
                of: "[Events]", with: "[Fonts]\nfontname: patua_0.ttf\n\(Self.encode(font))\n\n[Events]")
            + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hello\n"
        let file = try ASSFile(parsing: text)
        #expect(file.embedsFonts)
        #expect(file.embeddedFontNames.contains("patua one"))
        // A section other tools write after the fonts (Aegisub's) ends the font data.
        let aegisub = try ASSFile(
            parsing: text.replacingOccurrences(
                of: "\n\n[Events]", with: "\n[Aegisub Project Garbage]\nActive Line: 0\n\n[Events]"))
        #expect(aegisub.embeddedFontNames.contains("patua one"))
        #expect(aegisub.events.count == 1)
        #expect(file.events.count == 1, "the events after [Fonts] are read")
        let (folder, url) = try ASSTests.write(text)
        defer { try? FileManager.default.removeItem(at: folder) }
        let warnings = try ASSContent(contentsOf: url).fontWarnings
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("`Comic Nowhere Sans`") == true)
    }

    /// libass's own test of an embedded font (`../shared/libass-tests/embedded-font`): its style names
    /// the font `wow`, installed nowhere, which the file carries.
    @Test(.enabled(if: SharedFolder.has("libass-tests/embedded-font"), "../shared/libass-tests is not here"))
    func libassCorpusEmbeddedFontIsKnown() throws {
        let content = try ASSContent(contentsOf: SharedFolder.url("libass-tests/embedded-font/efont.ass"))
        #expect(content.file.embeddedFontNames.contains("wow"), "\(content.file.embeddedFontNames)")
        #expect(content.fontWarnings.isEmpty, "\(content.fontWarnings)")
    }
}
