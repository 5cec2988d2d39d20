import ArgumentParser
import Foundation
@testable import moviemake
import MovieKitCore
import Testing

@Suite("moviemake demo")
struct DemoCommandTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("moviemake-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func rendersTheRequestedLengthAndSize() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("demo.mp4").path
        var command = try #require(
            try Moviemake.parseAsRoot(["demo", output, "--seconds", "1", "--width", "320", "--height", "176", "--fps", "25", "--quiet"]) as? Demo)
        try command.run()
        let attributes = try FileManager.default.attributesOfItem(atPath: output)
        #expect((attributes[.size] as? Int ?? 0) > 1000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["demo.mp4"])
        command.encoding.overwrite = false
        #expect {
            try command.run()
        } throws: { error in
            "\(error)" == "The file \(output) already exists; pass overwrite: true to replace it, or choose another path."
        }
    }

    struct BadArguments: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badArguments: [BadArguments] = [
        .init(arguments: ["--height", "1080"], message: "Height 1080 is not a multiple of 16; use 1072 or 1088."),
        .init(arguments: ["--width", "1000"], message: "Width 1000 is not a multiple of 16; use 992 or 1008."),
        .init(arguments: ["--crf", "60"], message: "CRF 60 is outside H.264's range 0…51; use 0 (best) to 51 (smallest), or 23 for the default quality."),
        .init(arguments: ["--fps", "0"], message: "Frame rate 0 is not supported: both terms must be positive, for example 30 or 30000/1001."),
        .init(arguments: ["--fps", "abc"], message: "The value 'abc' is invalid for '--fps <fps>'"),
        .init(arguments: ["--preset", "fastest"], message: "The value 'fastest' is invalid for '--preset <preset>'"),
        .init(arguments: ["--seconds", "0"], message: "Length 0.0 s is not between 0 and 3600 seconds; pass --seconds with a value such as 6."),
    ]

    @Test("bad flags are refused with a full sentence", arguments: badArguments)
    func refusesBadFlags(_ bad: BadArguments) {
        #expect {
            _ = try Moviemake.parseAsRoot(["demo", "out.mp4"] + bad.arguments)
        } throws: { error in
            Moviemake.message(for: error).hasPrefix(bad.message)
        }
        #expect(Moviemake.exitCode(for: ValidationError("x")) != .success)
    }

    @Test func fractionalFrameRatesParse() throws {
        let command = try #require(try Moviemake.parseAsRoot(["demo", "--fps", "30000/1001"]) as? Demo)
        #expect(command.encoding.fps == FrameRate(30000, 1001))
        #expect(FrameRate(argument: "30/") == nil)
        #expect(FrameRate(argument: "1/2/3") == nil)
    }
}
