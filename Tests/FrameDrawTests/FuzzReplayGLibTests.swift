import Foundation
import TestSupport
import Testing

/// Replays every fuzz target's committed inputs (Fuzz/Corpus/<target>/) through the target's own
/// replay program, in a child process with GLib criticals fatal, as `make fuzz` runs them: a Pango or
/// GLib function called with arguments it refuses only prints a warning in the ordinary suite, but
/// ends a fuzzing run. Pango made a font of negative size for a colour emoji under sixty nested
/// `<small>` while markup was measured, which only `make fuzz-ci` caught.
@Suite("Fuzzing corpus replay with GLib criticals fatal")
struct FuzzReplayGLibTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Corpus")

    static let targets: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).filter { $0.hasPrefix("Fuzz") }
        .sorted()

    @Test func everyFuzzTargetHasCommittedInputs() {
        #expect(Self.targets.count >= 14, "Fuzz/Corpus has only \(Self.targets)")
    }

    @Test(arguments: targets)
    func committedInputsRaiseNoGLibCritical(_ target: String) throws {
        let result = try ChildProcess.run(
            ChildProcess.builtProduct(named: target),
            arguments: [Self.corpus.appendingPathComponent(target).path],
            timeLimit: .seconds(300),
            environment: ["G_DEBUG": "fatal-criticals", "SWIFT_BACKTRACE": "enable=no"])
        #expect(result.exitStatus == 0, "\(target): \(result)")
        #expect(!result.standardError.contains("-CRITICAL **"), "\(target): \(result.standardError.suffix(2000))")
    }

    /// The input `make fuzz-ci` found, replayed on its own so that a failure names it.
    @Test func anEmojiUnderSixtyNestedSmallTagsIsMeasuredWithoutACritical() throws {
        let input = Self.corpus.appendingPathComponent("FuzzMarkup/emoji-nested-small")
        #expect(try String(contentsOf: input, encoding: .utf8).components(separatedBy: "<small>").count == 61)
        let result = try ChildProcess.run(
            ChildProcess.builtProduct(named: "FuzzMarkup"), arguments: [input.path],
            environment: ["G_DEBUG": "fatal-criticals", "SWIFT_BACKTRACE": "enable=no"])
        #expect(result.exitStatus == 0, "\(result)")
        #expect(!result.standardError.contains("-CRITICAL **"), "\(result.standardError.suffix(2000))")
    }
}
