import ArgumentParser
import Foundation
import MovieKitCore
import TestSupport
import Testing

@testable import moviemake

/// `moviemake demo` as users meet it: the built executable, run as a child process, judged by its
/// exit status (0 on success, 1 on failure, 64 on bad usage), what it writes on standard error and
/// the movie it leaves.
@Suite("moviemake demo")
struct DemoCommandTests {
    /// Runs the built `moviemake` with `arguments`.
    static func moviemake(_ arguments: [String]) throws -> ProcessResult {
        try ChildProcess.run(ChildProcess.builtProduct(named: "moviemake"), arguments: arguments)
    }

    @Test func rendersTheRequestedLengthAndSize() throws {
        let dir = try TemporaryDirectory()
        let output = dir.file("demo.mp4")
        let result = try Self.moviemake([
            "demo", output.path, "--seconds", "1", "--width", "320", "--height", "176", "--fps", "25"
        ])
        #expect(result.termination == .exit(0), "\(result)")
        #expect(result.standardError.hasSuffix("Wrote \(output.path): 25 frames, 320x176 at 25 fps.\n"), "\(result)")
        let probe = try MovieProbe(url: output, keepPixels: false)
        #expect(probe.codecName == "h264")
        #expect(probe.width == 320 && probe.height == 176)
        #expect(probe.frames.count == 25)
        #expect(probe.frameRate == (25, 1))
        #expect(probe.streamDuration == 1)
        #expect(probe.containerDuration == 1)
        #expect(try dir.contents() == ["demo.mp4"])
    }

    @Test func anExistingOutputIsARuntimeFailureAndIsLeftUntouched() throws {
        let dir = try TemporaryDirectory()
        let original = Data("precious bytes".utf8)
        let output = try dir.write(original, to: "taken.mp4")
        let result = try Self.moviemake([
            "demo", output.path, "--seconds", "1", "--width", "64", "--height", "64", "--quiet"
        ])
        #expect(result.termination == .exit(1), "\(result)")
        #expect(result.standardError.contains("The file \(output.path) already exists"), "\(result)")
        #expect(try Data(contentsOf: output) == original)
        #expect(try dir.contents() == ["taken.mp4"])
    }

    @Test func overwriteReplacesAnExistingOutputAndQuietSaysNothing() throws {
        let dir = try TemporaryDirectory()
        let output = try dir.write(Data("old bytes".utf8), to: "replaced.mp4")
        let result = try Self.moviemake(
            [
                "demo", output.path, "--seconds", "0.4", "--width", "64", "--height", "64", "--fps", "10",
                "--overwrite", "--quiet"
            ])
        #expect(result.termination == .exit(0), "\(result)")
        #expect(result.standardError.isEmpty && result.standardOutput.isEmpty, "\(result)")
        #expect(try MovieProbe(url: output, keepPixels: false).frames.count == 4)
        #expect(try dir.contents() == ["replaced.mp4"])
    }

    struct BadArguments: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// Bad values and the full sentence moviemake answers each with.
    static let badArguments: [BadArguments] = [
        .init(arguments: ["--height", "1080"], message: "Height 1080 is not a multiple of 16; use 1072 or 1088."),
        .init(arguments: ["--width", "1000"], message: "Width 1000 is not a multiple of 16; use 992 or 1008."),
        .init(
            arguments: ["--crf", "60"],
            message:
                "CRF 60 is outside H.264's range 0…51; use 0 (best) to 51 (smallest), or 23 for the default quality."),
        .init(
            arguments: ["--fps", "0"],
            message: "Frame rate 0 is not supported: both terms must be positive, for example 30 or 30000/1001."),
        .init(
            arguments: ["--fps", "30/0"],
            message: "Frame rate 30/0 is not supported: both terms must be positive, for example 30 or 30000/1001."),
        .init(
            arguments: ["--seconds", "0"],
            message: "Length 0.0 s is not between 0 and 3600 seconds; pass --seconds with a value such as 6."),
        .init(
            arguments: ["--seconds", "4000"],
            message: "Length 4000.0 s is not between 0 and 3600 seconds; pass --seconds with a value such as 6.")
    ]

    @Test("bad flags exit with status 64, explain themselves and write nothing", arguments: badArguments)
    func refusesBadFlags(_ bad: BadArguments) throws {
        let dir = try TemporaryDirectory()
        let result = try Self.moviemake(["demo", dir.file("out.mp4").path] + bad.arguments)
        #expect(result.termination == .exit(64), "\(result)")
        #expect(result.standardError.contains(bad.message), "\(result)")
        #expect(try dir.contents().isEmpty)
    }

    @Test func helpListsThePresetsAndTheFrameRateForms() throws {
        let result = try Self.moviemake(["demo", "--help"])
        #expect(result.termination == .exit(0), "\(result)")
        for preset in Preset.allCases {
            #expect(result.standardOutput.contains(preset.rawValue), "--help lists the \(preset) preset")
        }
        #expect(result.standardOutput.contains("30000/1001"))
    }

    @Test func frameRatesParseAsWholeNumbersOrFractions() throws {
        let command = try #require(try Moviemake.parseAsRoot(["demo", "--fps", "30000/1001"]) as? Demo)
        #expect(command.encoding.frame.fps == FrameRate(30000, 1001))
        #expect(FrameRate(argument: "25") == FrameRate(25, 1))
        for malformed in ["abc", "30/", "/1001", "1/2/3", "29.97"] {
            #expect(FrameRate(argument: malformed) == nil, "\"\(malformed)\" is not a frame rate")
        }
    }
}
