import Foundation
import MovieKitBatch
import TestSupport
import Testing

@Suite("MovieKitBatch: reading rows")
struct BatchDataTests {
    static func data(_ text: String, as name: String) throws -> BatchData {
        let folder = try TemporaryDirectory(prefix: "batch-data")
        let url = try folder.write(Data(text.utf8), to: name)
        return try BatchData(contentsOf: url)
    }

    @Test func csvRowsKnowTheirLineEvenAfterQuotedLineBreaksAndBlankLines() throws {
        let data = try Self.data(
            "\u{FEFF}id,name,quote\r\nada,Ada,\"first\nsecond\"\r\n\r\ngrace,\"Hopper, Grace\",\"\"\"bug\"\"\"\r\n",
            as: "rows.csv")
        #expect(data.columns == ["id", "name", "quote"])
        try #require(data.rows.count == 2)
        #expect(
            data.rows[0] == BatchRow(number: 1, line: 2, values: ["id": "ada", "name": "Ada", "quote": "first\nsecond"])
        )
        #expect(data.rows[1].number == 2 && data.rows[1].line == 5)
        #expect(data.rows[1].values["name"] == "Hopper, Grace" && data.rows[1].values["quote"] == "\"bug\"")
    }

    @Test func aCSVRowWithMoreFieldsThanColumnsNamesItsLine() throws {
        #expect {
            _ = try Self.data("id,name\na,A\nb,B,extra\n", as: "rows.csv")
        } throws: { error in
            let error = try #require(error as? BatchError)
            return error.row == 2 && error.line == 3 && "\(error)".contains("quote values that contain commas")
        }
    }

    @Test func aHeaderThatNamesAColumnTwiceIsRefused() throws {
        #expect {
            _ = try Self.data("id,id\n1,2\n", as: "rows.csv")
        } throws: { error in "\(error)".contains("names the column `id` twice") }
    }

    @Test func jsonArrayRowsKeepNumbersAsWrittenAndKnowTheirLine() throws {
        let data = try Self.data(
            "[\n  {\"id\": \"a\", \"price\": 3, \"on\": true},\n  {\"id\": \"b\", \"price\": 2.5, \"note\": null,\n   \"s\": \"}{,\"}\n]",
            as: "rows.json")
        try #require(data.rows.count == 2)
        #expect(data.rows[0].values == ["id": "a", "price": "3", "on": "true"] && data.rows[0].line == 2)
        #expect(data.rows[1].values == ["id": "b", "price": "2.5", "s": "}{,"] && data.rows[1].line == 3)
    }

    @Test func aJSONValueThatIsAnObjectNamesTheRowAndColumn() throws {
        #expect {
            _ = try Self.data("[{\"id\": \"a\"},\n{\"id\": {\"x\": 1}}]", as: "rows.json")
        } throws: { error in
            let error = try #require(error as? BatchError)
            return error.row == 2 && error.column == "id" && error.line == 2
        }
    }

    @Test func jsonLinesSkipBlankLinesAndNameTheLineOfBadJSON() throws {
        let data = try Self.data("{\"id\": \"a\"}\n\n{\"id\": \"b\"}\n", as: "rows.jsonl")
        #expect(data.rows.map(\.line) == [1, 3] && data.rows.map(\.number) == [1, 2])
        #expect {
            _ = try Self.data("{\"id\": \"a\"}\n{\"id\": \n", as: "rows.jsonl")
        } throws: { error in (error as? BatchError)?.line == 2 }
    }

    @Test func anotherExtensionAndAnEmptyFileAreRefusedWithAdvice() throws {
        #expect { _ = try Self.data("a", as: "rows.xlsx") } throws: { "\($0)".contains(".csv, .tsv, .json") }
        #expect { _ = try Self.data("", as: "rows.csv") } throws: { "\($0)".contains("must name the columns") }
        #expect { _ = try Self.data("{}", as: "rows.json") } throws: { "\($0)".contains("array of objects") }
        #expect(try Self.data("[]", as: "rows.json").rows.isEmpty)
    }
}

@Suite("MovieKitBatch: output patterns")
struct OutputPatternTests {
    let base = URL(fileURLWithPath: "/work/job")

    func row(_ values: [String: String], number: Int = 1) -> BatchRow {
        BatchRow(number: number, line: number + 1, values: values)
    }

    @Test func placeholdersFillFromTheRowAndStayInTheFolder() throws {
        let pattern = try OutputPattern("out/{team}/{id}-{{v}}.mp4", relativeTo: base)
        #expect(pattern.folder.path == "/work/job/out" && pattern.placeholders == ["team", "id"])
        #expect(
            try pattern.output(for: row(["team": "red", "id": "7"]), dataPath: "d.csv").path
                == "/work/job/out/red/7-{v}.mp4")
        #expect(
            try pattern.output(for: row(["team": "a/b", "id": "7"]), dataPath: "d.csv").path
                == "/work/job/out/a/b/7-{v}.mp4")
        #expect(
            try OutputPattern("{row}.gif", relativeTo: base).output(for: row([:], number: 4), dataPath: "d").path
                == "/work/job/4.gif")
    }

    @Test(arguments: ["..", "../etc", "/etc/passwd", "a/../../b", ".", "", " "])
    func aValueThatLeavesTheFolderOrIsEmptyIsRefusedNamingTheColumn(_ value: String) throws {
        let pattern = try OutputPattern("out/{id}.mp4", relativeTo: base)
        #expect {
            _ = try pattern.output(for: row(["id": value], number: 3), dataPath: "d.csv")
        } throws: { error in
            let error = try #require(error as? BatchError)
            return error.row == 3 && error.column == "id"
        }
    }

    @Test func rowsThatShareAnOutputAllFailNamingEachOther() throws {
        let pattern = try OutputPattern("out/{id}.mp4", relativeTo: base)
        let outputs = pattern.outputs(
            for: [row(["id": "a"], number: 1), row(["id": "b"], number: 2), row(["id": "a"], number: 3)], dataPath: "d")
        #expect((try? outputs[2]?.get())?.lastPathComponent == "b.mp4")
        for (number, other) in [(1, "3"), (3, "1")] {
            guard case .failure(let error) = outputs[number] else {
                Issue.record("row \(number) should fail")
                continue
            }
            #expect("\(error)".contains("also the output of row \(other)"))
        }
    }

    @Test(arguments: ["out/plain.mp4", "out/{id.mp4", "out/}.mp4", "out/{}.mp4"])
    func aPatternThatCannotNameEachRowIsRefused(_ text: String) {
        #expect(throws: BatchError.self) { _ = try OutputPattern(text, relativeTo: base) }
    }

    @Test func controlCharactersAreRefused() throws {
        let pattern = try OutputPattern("out/{id}.mp4", relativeTo: base)
        #expect { _ = try pattern.output(for: row(["id": "a\u{0}b"]), dataPath: "d") } throws: {
            "\($0)".contains("U+0")
        }
    }
}
