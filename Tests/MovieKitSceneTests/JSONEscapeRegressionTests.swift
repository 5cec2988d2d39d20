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
                    _ = try SceneFile.decode(text, format: .json, fileName: fileName, baseURL: URL(fileURLWithPath: "/nonexistent"))
                }
            }
        }
    }
}
