import Foundation
import MovieKitCore
import Testing

@testable import MovieKitScene

/// JSON and JSON5 are read by Foundation's `JSONDecoder`; these tests check that what editly
/// specs and scene files write arrives through the real readers as meant.
@Suite("JSON5 parsing")
struct JSON5ParsingTests {
    private func spec(_ text: String) throws -> Slideshow {
        try EditlySpec.decode(
            Data(text.utf8), fileName: "spec.json5", baseURL: URL(fileURLWithPath: "/nonexistent-spec-folder"))
    }

    private func specError(_ text: String) -> String? {
        do {
            _ = try spec(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    private func scalars(_ node: SceneNode) -> [String] {
        guard case .sequence(let items) = node.value else { return [] }
        return items.map { if case .scalar(let text, _) = $0.value { text } else { "?" } }
    }

    @Test func editlySpecsReadComments_unquotedKeys_singleQuotes_trailingCommasAndHex() throws {
        let show = try spec(
            """
            // An editly spec as editly's examples write them.
            {
              width: 0x140, height: +160, /* hexadecimal and a plus sign */
              fps: 25,
              defaults: { duration: .5, transition: null, },
              clips: [
                { duration: 2., layers: [{ type: 'title', text: 'it\\'s', textColor: "#ffffff", },], },
                { layers: [{ type: 'fill-color', color: 'red' }] },
              ],
            }
            """)
        #expect(show.width == 320 && show.height == 160 && show.fps == 25)
        #expect(show.slideDuration == 0.5)
        #expect(show.slides.map(\.duration) == [2, 0.5])
        guard case .layers(let layers) = show.slides[0].content, case .text(let text) = layers.last?.content else {
            Issue.record("the first clip is not a title")
            return
        }
        #expect(text.text.value(at: 0) == "it's")
    }

    @Test func infinityIsReadAsANumberAndRefusedAsNotFinite() {
        #expect(
            specError("{ defaults: { duration: Infinity }, clips: [{ layers: [{ type: 'pause' }] }] }")
                == "spec.json5: `defaults.duration` is the number Infinity but must be a duration in seconds, more than 0 and at most 86400."
        )
    }

    @Test func quotedNumbersStayStrings() {
        #expect(
            specError("{ width: '320', clips: [{ layers: [{ type: 'pause' }] }] }")
                == "spec.json5: `width` is a string (\"320\") but must be a width in pixels from 2 to 16384.")
    }

    @Test func numbersKeepWholeNumbersAsIntegerText() throws {
        let json5 = try JSONNodeDecoder.parse(
            Data(
                "[30, 30.0, 3e1, 0x1F, -0x10, +1, .5, 5., 1.5, 1e20, 12345678901234567890, Infinity, -Infinity, NaN]"
                    .utf8),
            file: "t.json5", dialect: .json5)
        #expect(
            scalars(json5) == [
                "30", "30", "30", "31", "-16", "1", "0.5", "5", "1.5", "1e+20", "12345678901234567890", "Infinity",
                "-Infinity", "NaN"
            ])
        let json = try JSONNodeDecoder.parse(Data("[30, 30.0, -2.5e3, 0.1, true, null, \"30\"]".utf8), file: "t.json")
        #expect(scalars(json) == ["30", "30", "-2500", "0.1", "true", "null", "30"])
        guard case .sequence(let items) = json.value, case .scalar(_, quoted: true) = items[6].value,
            case .scalar(_, quoted: false) = items[0].value
        else {
            Issue.record("strings are not quoted scalars, or numbers are")
            return
        }
    }

    @Test func theNumberCheckFollowsJSON5sGrammar() {
        let allowed = [
            "0", "12", "-0.5", "+1", ".5", "5.", "1e3", "1E+3", "2.5e-3", ".5e1", "0x1F", "-0X1f", "Infinity",
            "-Infinity", "+NaN"
        ]
        let refused = [
            "0x", "0x0x", "0x1g", "01", "-01.5", ".", "-", "+.", "1e", "1e+", "1.2.3", "1-2", "0x1.5", "Infinityx",
            "--1", "1x"
        ]
        for token in allowed { #expect(JSON5NumberCheck.isNumber(ArraySlice(token.unicodeScalars)), "\(token)") }
        for token in refused { #expect(!JSON5NumberCheck.isNumber(ArraySlice(token.unicodeScalars)), "\(token)") }
    }

    @Test func numberLookalikesInStringsCommentsAndNamesAreNotChecked() throws {
        let node = try JSONNodeDecoder.parse(
            Data(
                """
                // 0x0x in a line comment
                { 'it\\'s 0x0x': "0x0x \\" 01", /* 0x0x
                   01 */ é1x: 1, $0x0x: 2, a_0x0x: 0x1F, list: [+.5e3, -Infinity,], }
                """.utf8),
            file: "t.json5", dialect: .json5)
        guard case .mapping(let entries) = node.value else {
            Issue.record("not a mapping")
            return
        }
        #expect(entries.map(\.key) == ["$0x0x", "a_0x0x", "it's 0x0x", "list", "é1x"])
    }

    @Test func aWholeFrameRateWrittenWithAPointIsAFrameRate() throws {
        let scene = try SceneFile.decode(
            "{\"canvas\": {\"width\": 64, \"height\": 32, \"duration\": 1, \"fps\": 30.0}, \"layers\": []}",
            format: .json,
            fileName: "s.json", baseURL: URL(fileURLWithPath: "/tmp"))
        #expect(scene.canvas.fps == FrameRate(30))
    }

    @Test func keysAreSortedAndHaveNoPosition() throws {
        let node = try JSONNodeDecoder.parse(
            Data("{zed: 1, 'alpha': [2], \"mid\": {b: 1, a: 2}}".utf8), file: "t.json5", dialect: .json5)
        guard case .mapping(let entries) = node.value, case .mapping(let inner) = entries[1].value.value else {
            Issue.record("not a mapping of a mapping")
            return
        }
        #expect(entries.map(\.key) == ["alpha", "mid", "zed"] && inner.map(\.key) == ["a", "b"])
        #expect(entries.allSatisfy { $0.line == nil && $0.column == nil && $0.value.line == nil })
        #expect(node.line == nil && node.column == nil)
    }

    @Test func theFirstOfSeveralUnknownKeysIsTheSameEveryTime() {
        // Sorted keys make the first problem found independent of Foundation's dictionary order.
        for _ in 0..<5 {
            #expect(
                specError("{ zz: 1, clips: [{ layers: [{ type: 'pause' }] }], aa: 2 }")?.hasPrefix(
                    "spec.json5: `aa` is not a known key.") == true)
        }
    }

    @Test func lineContinuationsJoinLines() throws {
        let node = try JSONNodeDecoder.parse(Data("['one \\\ntwo', '\\u00e9']".utf8), file: "t.json5", dialect: .json5)
        #expect(scalars(node) == ["one \ntwo", "é"])
    }

    @Test(arguments: [
        (
            "{ a: 1 /* open",
            "t.json5: The JSON5 is malformed: Foundation says only \"The given data was not valid JSON\". It gives no position, so check the brackets, commas, quotes and escapes; JSON5 allows comments, unquoted keys, single-quoted strings and trailing commas."
        ),
        (
            "{ a: [0x] }",
            "t.json5:1:7: The JSON5 is malformed: `0x` is not a number JSON5 allows; numbers are written like 12, -0.5, 1e3, .5, 0x1F, Infinity or NaN. Check the brackets, commas, quotes and escapes at or just before that line and column; JSON5 allows comments, unquoted keys, single-quoted strings and trailing commas."
        ),
        (
            "{ a: [0x1FFFFFFFFFFFFFFFFF] }",
            "t.json5: `a[0]` is a number Foundation cannot convert (out of range like 1e400, or hexadecimal beyond 64 bits) but must be a number written like 12, -0.5 or 1e3 (or 0x1F in JSON5)."
        ),
        (
            "{ a: [1,\n  'x\\vy'] }",
            "t.json5:2:6: The JSON5 is malformed: the string at `a[1]` cannot be read: Foundation reports unexpectedEscapedCharacter(ascii: 118). Check the brackets, commas, quotes and escapes at or just before that line and column; JSON5 allows comments, unquoted keys, single-quoted strings and trailing commas."
        )
    ])
    func syntaxErrorsSayWhatFoundationSays(_ text: String, _ message: String) {
        do {
            _ = try JSONNodeDecoder.parse(Data(text.utf8), file: "t.json5", dialect: .json5)
            Issue.record("parsed \(text)")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func deepNestingIsRefusedBeforeTheStackRunsOut() throws {
        for dialect in [JSONNodeDecoder.Dialect.json, .json5] {
            #expect(throws: SceneError.self) {
                try JSONNodeDecoder.parse(
                    Data(String(repeating: "[", count: 100_000).utf8), file: "t.json", dialect: dialect)
            }
            let deepest = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
            #expect(throws: Never.self) {
                try JSONNodeDecoder.parse(Data(deepest.utf8), file: "t.json", dialect: dialect)
            }
        }
    }

    @Test func strictJSONRefusesJSON5ButNotTrailingCommas() throws {
        for text in ["{a: 1}", "// c\n1", "['x']", "[0x1F]", "[Infinity]"] {
            #expect(throws: SceneError.self) { try JSONNodeDecoder.parse(Data(text.utf8), file: "t.json") }
        }
        // Foundation's JSON reader accepts trailing commas even without allowsJSON5.
        #expect(scalars(try JSONNodeDecoder.parse(Data("[1, 2,]".utf8), file: "t.json")) == ["1", "2"])
    }

    @Test func aRepeatedKeyKeepsItsFirstValue() throws {
        for dialect in [JSONNodeDecoder.Dialect.json, .json5] {
            let node = try JSONNodeDecoder.parse(Data("{\"a\": 1, \"a\": 2}".utf8), file: "t.json", dialect: dialect)
            guard case .mapping(let entries) = node.value, case .scalar(let text, _) = entries.first?.value.value else {
                Issue.record("not a mapping")
                return
            }
            #expect(entries.count == 1 && text == "1")
        }
    }
}
