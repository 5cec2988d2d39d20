import Foundation
@testable import MovieKitScene
import Testing

@Suite("JSON5 parsing")
struct JSON5ParsingTests {
    /// A plain value tree, to compare what JSONNodeParser reads with what Foundation's JSON5
    /// decoder reads.
    indirect enum Plain: Decodable, Equatable {
        case number(Double), string(String), bool(Bool), list([Plain]), object([String: Plain]), null

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode([Plain].self) {
                self = .list(value)
            } else {
                self = .object(try container.decode([String: Plain].self))
            }
        }

        init(_ node: SceneNode) {
            switch node.value {
            case .scalar(let text, let quoted):
                if quoted {
                    self = .string(text)
                } else if text == "true" || text == "false" {
                    self = .bool(text == "true")
                } else if text == "null" {
                    self = .null
                } else {
                    self = .number(Double(text) ?? .nan)
                }
            case .sequence(let items): self = .list(items.map(Plain.init))
            case .mapping(let entries): self = .object(Dictionary(entries.map { ($0.key, Plain($0.value)) }) { first, _ in first })
            }
        }
    }

    static let documents = [
        "// a comment\n{ a: 1, 'b': [1, 2,], \"c\": 'it\\'s', d: .5, e: 5., f: 0x1F, g: -0xA, h: +3, /* block */ i: 1e3, }",
        "[ 'single', \"double\", 'tab\\there', '\\u00e9\\x41', null, true, false, [], {}, ]",
        "{ $dollar: 1, _under: 2, camelCase2: { nested: [ { deep: 'yes' } ] } }",
        "  /* leading */ 42 // trailing",
    ]

    @Test(arguments: documents)
    func readsWhatFoundationsJSON5DecoderReads(_ text: String) throws {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        let foundation = try decoder.decode(Plain.self, from: Data(text.utf8))
        let ours = Plain(try JSONNodeParser.parse(text, file: "t.json5", dialect: .json5))
        #expect(ours == foundation)
    }

    @Test func keepsLinesAndColumnsOfKeysAndValues() throws {
        let node = try JSONNodeParser.parse("{\n  // note\n  name: 'x',\n  'list': [ 1,\n    2 ],\n}", file: "t.json5", dialect: .json5)
        guard case .mapping(let entries) = node.value, case .sequence(let items) = entries[1].value.value else {
            Issue.record("unexpected tree")
            return
        }
        #expect(entries.map(\.key) == ["name", "list"])
        #expect(entries.map(\.line) == [3, 4] && entries.map(\.column) == [3, 3])
        #expect(items.map(\.line) == [4, 5] && items.map(\.column) == [13, 5])
    }

    @Test func lineContinuationsJoinLines() throws {
        let node = try JSONNodeParser.parse("'one \\\ntwo'", file: "t.json5", dialect: .json5)
        guard case .scalar(let text, quoted: true) = node.value else {
            Issue.record("not a string")
            return
        }
        #expect(text == "one two")
    }

    @Test(arguments: [
        ("{ a: 1 /* open", "t.json5:1:8: The JSON5 is malformed: a /* comment is never closed with */. Fix the syntax at that line and column."),
        ("{ 1a: 2 }", "t.json5:1:3: The JSON5 is malformed: unexpected character '1'; expected a key: a name or a string in quotes. Fix the syntax at that line and column."),
        ("[0x]", "t.json5:1:2: The JSON5 is malformed: 0x is not a valid JSON5 number. Fix the syntax at that line and column."),
        ("['\\1']", "t.json5:1:5: The JSON5 is malformed: the escape \\1 is not valid in JSON5. Fix the syntax at that line and column."),
    ])
    func syntaxErrorsSayWhere(_ text: String, _ message: String) {
        do {
            _ = try JSONNodeParser.parse(text, file: "t.json5", dialect: .json5)
            Issue.record("parsed \(text)")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func deepNestingIsRefusedBeforeTheStackRunsOut() {
        let deep = String(repeating: "[", count: 100_000)
        do {
            _ = try JSONNodeParser.parse(deep, file: "t.json5", dialect: .json5)
            Issue.record("parsed 100000 nested arrays")
        } catch {
            #expect("\(error)" == "t.json5:1:257: The JSON5 is malformed: objects and arrays are nested more than 256 deep. Fix the syntax at that line and column.")
        }
        #expect(throws: Never.self) { try JSONNodeParser.parse(String(repeating: "[", count: 256) + String(repeating: "]", count: 256), file: "t.json") }
    }

    @Test func strictJSONStillRefusesJSON5() {
        #expect(throws: SceneError.self) { try JSONNodeParser.parse("{a: 1}", file: "t.json") }
        #expect(throws: SceneError.self) { try JSONNodeParser.parse("[1,]", file: "t.json") }
        #expect(throws: SceneError.self) { try JSONNodeParser.parse("// c\n1", file: "t.json") }
    }
}
