import Foundation
import MovieKitScene
import Testing

/// A fuzzing finding, kept as a regression test.
@Suite("JSON escape regressions")
struct JSONEscapeRegressionTests {
    /// Found by FuzzEditlySpec (after 1,571,419 inputs): a `\u` escape of a high surrogate followed
    /// by a `\u` escape that is not a low surrogate (`"\ud800\u0041"`) trapped on an arithmetic
    /// overflow in the hand-written JSON parser, in JSON scene files and manifests as well as
    /// editly's JSON5. Foundation's `JSONDecoder`, which replaced it, refuses the string; the
    /// input is `Fuzz/Corpus/FuzzEditlySpec/regression-json-surrogate-escape`.
    @Test func aHighSurrogateEscapeFollowedByANonLowSurrogateIsASyntaxError() {
        for (text, fileName) in [(#"{"a": "\ud800\u0041"}"#, "bad.json"), (#"{a: '\udafe\udafe'}"#, "bad.json5")] {
            #expect(throws: SceneError.self) {
                if fileName.hasSuffix("5") {
                    _ = try EditlySpec.decode(Data(text.utf8), fileName: fileName)
                } else {
                    _ = try SceneFile.decode(
                        text, format: .json, fileName: fileName, baseURL: URL(fileURLWithPath: "/nonexistent"))
                }
            }
        }
    }
}

/// A fuzzing finding in Foundation itself, kept as a regression test.
@Suite("JSON5 number regressions")
struct JSON5NumberRegressionTests {
    /// Found by FuzzEditlySpec in CI's 30-second run (after 112,551 inputs): Foundation's JSON5
    /// scanner takes `0x0x` for a number, and asking for it as an `Int` stopped the process in a
    /// precondition of Foundation's `validateNumber`. `JSON5NumberCheck` now refuses it first, with
    /// its position; the input is `Fuzz/Corpus/FuzzEditlySpec/regression-json5-number-0x0x`.
    @Test(arguments: ["0x0x", "+0x0x", "-0x0X", "0X0x1", "{a: [1,\n 0x0x]}"])
    func aMalformedHexNumberIsASyntaxErrorWithItsPosition(_ text: String) {
        do {
            _ = try EditlySpec.decode(Data(text.utf8), fileName: "spec.json5")
            Issue.record("decoded \(text)")
        } catch {
            let message = "\(error)"
            let column = text.hasPrefix("{") ? "2:2" : "1:1"
            #expect(message.hasPrefix("spec.json5:\(column): The JSON5 is malformed: `"), "\(message)")
            #expect(message.contains("is not a number JSON5 allows"), "\(message)")
        }
    }
}

/// Another fuzzing finding in Foundation, kept as a regression test.
@Suite("JSON5 number at the end of the document")
struct JSON5FinalNumberRegressionTests {
    /// Found by FuzzEditlySpec after 143,434 inputs of a 10-minute run: a document that is only a
    /// number too large for an `Int` (`1e39…9`) stopped the process, but only when the bytes after
    /// the buffer in memory were digits, because Foundation's JSON5 reader lets `strtod` read past
    /// the end. Here the buffer is the front of a longer run of digits, so the bytes after it are
    /// digits every time; `JSONNodeDecoder` gives Foundation a copy that ends in a line break.
    @Test func aNumberThatEndsTheDocumentIsReadWithinTheBuffer() throws {
        let number = "1e" + String(repeating: "9", count: 90)
        var bytes = Array((number + "9999").utf8)
        let count = number.utf8.count
        let message: String? = bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            let data = Data(bytesNoCopy: base, count: count, deallocator: .none)
            do {
                _ = try EditlySpec.decode(data, fileName: "spec.json5")
                return "decoded"
            } catch {
                return "\(error)"
            }
        }
        #expect(message?.hasPrefix("spec.json5: ") == true, "\(message ?? "no buffer")")
        #expect(message?.contains("cannot convert") == true, "\(message ?? "no buffer")")
    }
}
